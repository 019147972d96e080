"""How the page imports its own modules without holding the main thread (issue 25: no task
over 50 ms once the page has painted; DECISIONS W-82, W-84).

The build compiles the page's modules to MicroPython bytecode (`.mpy`, build.py
`compile_page`): importing one then compiles nothing, and `import_in_parts` only spreads the
imports over browser tasks. Where the build had no mpy-cross, the page ships source, and a
large module is compiled in parts, as follows.

MicroPython compiles a module's source in one go: 20-30 ms for the largest of the page's
modules on a quiet machine, two or three times that on a busy phone. `parts` cuts a module's
source at its top-level definitions into parts of about `most` characters; compiled one after
the other into the same namespace, each in a browser task of its own (main.py, app.py), they
make the module the whole source makes, and a part keeps its own line numbers (`compile`d
with as many newlines before it as lines before it), so a traceback names the module's line.

Pure Python for MicroPython and CPython: no typing, no dataclasses.
"""

# Whether the build compiled the page's modules to bytecode: this module is then one of them
# (imported from loading.mpy). The table's modules are fetched with the same suffix.
SUFFIX = ".mpy" if __file__.endswith(".mpy") else ".py"
# What loading one byte of bytecode costs, in characters of source compiled (the unit of
# `most`): MicroPython 1.28 under node loads the page's 46 modules' bytecode at about 0.5 ms
# a KB and compiles their source at about 1 ms a KB (DECISIONS W-84).
MPY_WEIGHT = 0.5

# A line that starts a definition at the module's top level: a cut goes just before it (and
# before the decorators above a definition, never between them and it).
DEFINITION_STARTS = (b"def ", b"async def ", b"class ", b"@")


def parts(source, most):
    """`source` cut into [(first line number, text), ...]: the texts joined with newlines are
    `source`; a part ends before a top-level definition once it holds `most` characters
    or more (a part longer than that is one definition that long). Found with the methods of
    bytes only, each byte counted once: MicroPython runs a loop over the lines slowly, and
    its string methods walk UTF-8 to turn every index into an offset."""
    data = source.encode()
    if len(data) <= most:
        return [(1, source)]
    out = []
    start = 0
    line = 1
    quotes = [0, 0]  # triple quotes before offset quotes[1]: quotes[0]
    while True:
        cut = _cut_from(data, start + most, quotes)
        if cut < 0:
            out.append((line, data[start:].decode()))
            return out
        out.append((line, data[start:cut - 1].decode()))
        line += data.count(b"\n", start, cut)
        start = cut


def _cut_from(data, pos, quotes):
    """The first offset at or after `pos` in `data` (a module's source, UTF-8) where a
    top-level definition's line starts (not after a decorator, not inside a triple-quoted
    string), or -1. `quotes` ([count, offset]) carries the triple quotes counted so far,
    from one call to the next (the offsets asked for only grow)."""
    while True:
        cut = -1
        for start in DEFINITION_STARTS:
            found = data.find(b"\n" + start, pos - 1)
            if found >= 0 and (cut < 0 or found + 1 < cut):
                cut = found + 1
        if cut < 0:
            return -1
        quotes[0] += data.count(b'"""', quotes[1], cut) + data.count(b"'''", quotes[1], cut)
        quotes[1] = cut
        before = data.rfind(b"\n", 0, cut - 1) + 1
        if not data.startswith(b"@", before) and quotes[0] % 2 == 0:
            return cut
        pos = cut + 1


def numbered(first_line, text):
    """A part's text as `compile` takes it: after `first_line - 1` newlines, so that its lines
    keep the numbers they have in the module."""
    return "\n" * (first_line - 1) + text


async def import_in_parts(name, most, next_task, spent):
    """Import the page's module `name` from its file (`name` + SUFFIX, in the interpreter's
    files); returns the module. Bytecode is imported whole; source is compiled in parts of
    about `most` characters. `spent` ([characters])
    counts what the current browser task has compiled, across modules: before a part that
    would take it over `most`, `next_task()` is awaited (a new browser task) and the count
    starts again, so that small modules share a task and large ones are cut. A module already
    imported is left as it is (a module imported by another as it compiled). The first part is
    imported as the module itself, with only that part in its file for the moment; the others
    are compiled into its namespace, and the file then holds the whole source again."""
    import sys

    if name in sys.modules:
        return sys.modules[name]
    if SUFFIX == ".mpy":
        import os

        await _room(os.stat(name + SUFFIX)[6] * MPY_WEIGHT, most, next_task, spent)
        return __import__(name)
    path = name + ".py"
    with open(path) as fh:
        source = fh.read()
    pieces = parts(source, most)
    await _room(len(pieces[0][1]), most, next_task, spent)
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
            await _room(len(text), most, next_task, spent)
            exec(compile(numbered(first, text), path, "exec"), module.__dict__)  # noqa: S102
    except BaseException:
        del sys.modules[name]  # not a module to use: the next import compiles the whole file
        raise
    return module


async def _room(size, most, next_task, spent):
    """Make room in the current task for compiling `size` more characters (see
    `import_in_parts`)."""
    if spent[0] and spent[0] + size > most:
        await next_task()
        spent[0] = 0
    spent[0] += size
