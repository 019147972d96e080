"""How the page compiles a large module of its own without holding the main thread (issue 25:
no task over 50 ms once the page has painted; DECISIONS W-82).

MicroPython compiles a module's source in one go: 20-30 ms for the largest of the page's
modules on a quiet machine, two or three times that on a busy phone. `parts` cuts a module's
source at its top-level definitions into parts of about `most` characters; compiled one after
the other into the same namespace, each in a browser task of its own (main.py, app.py), they
make the module the whole source makes, and a part keeps its own line numbers (`compile`d
with as many newlines before it as lines before it), so a traceback names the module's line.

Pure Python for MicroPython and CPython: no typing, no dataclasses.
"""

# A line that starts a definition at the module's top level: a cut goes just before it (and
# before the decorators above a definition, never between them and it).
DEFINITION_STARTS = ("def ", "async def ", "class ", "@")


def parts(source, most):
    """`source` cut into [(first line number, text), ...]: the texts joined with newlines are
    `source`; a part ends before a top-level definition once it holds `most` characters
    or more (a part longer than that is one definition that long)."""
    lines = source.split("\n")
    out = []
    start = 0
    size = 0
    in_text = False  # inside a triple-quoted string, whose lines are no statements
    for i in range(len(lines)):
        line = lines[i]
        if i > start and size >= most and not in_text and line.startswith(DEFINITION_STARTS) \
                and not lines[i - 1].startswith("@"):
            out.append((start + 1, "\n".join(lines[start:i])))
            start = i
            size = 0
        size += len(line) + 1
        if (line.count('"""') + line.count("'''")) % 2:
            in_text = not in_text
    out.append((start + 1, "\n".join(lines[start:])))
    return out


def numbered(first_line, text):
    """A part's text as `compile` takes it: after `first_line - 1` newlines, so that its lines
    keep the numbers they have in the module."""
    return "\n" * (first_line - 1) + text


async def import_in_parts(name, most, next_task):
    """Import the page's module `name` from its file (`name`.py, in the interpreter's files)
    compiled in parts of about `most` characters, awaiting `next_task()` (a new browser task)
    between two parts; returns the module. A module already imported is left as it is (a
    module imported by another as it compiled). The first part is imported as the module
    itself, with only that part in its file for the moment; the others are compiled into its
    namespace, and the file then holds the whole source again."""
    import sys

    if name in sys.modules:
        return sys.modules[name]
    path = name + ".py"
    with open(path) as fh:
        source = fh.read()
    pieces = parts(source, most)
    if len(pieces) == 1:
        return __import__(name)
    try:
        with open(path, "w") as fh:
            fh.write(pieces[0][1])
        module = __import__(name)
    finally:
        with open(path, "w") as fh:
            fh.write(source)
    try:
        for first, text in pieces[1:]:
            await next_task()
            exec(compile(numbered(first, text), path, "exec"), module.__dict__)  # noqa: S102
    except BaseException:
        del sys.modules[name]  # not a module to use: the next import compiles the whole file
        raise
    return module
