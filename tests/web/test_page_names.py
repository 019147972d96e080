"""Every name the page's modules take from another page module exists there (issue 23's
splits moved names between modules: `table.mark_landed` read `motion.K_SLIDE` after it had
moved to `motion_frames`, and every animation stopped at its first frame with "motion off").

The page's MicroPython imports its modules lazily, inside functions, so a missing name shows
only when that code runs in a browser; this reads the sources instead: for each page module
`m` imported by another (at the top or inside a function), every `m.name` read and every
`from m import name` must be defined at `m`'s top level (a def, a class, an assignment or an
import).

RULES.md: none (the page's modules)
"""

import ast
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "web" / "page"
MODULES = {path.stem: path for path in PAGE.glob("*.py")}


def _defined(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for sub in ast.walk(target):
                    if isinstance(sub, ast.Name):
                        names.add(sub.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.If, ast.Try)):
            # Names defined under a top-level `try` or `if` (a fallback import) count too.
            inner = ast.Module(body=[n for part in ast.iter_child_nodes(node)
                                     if isinstance(part, ast.stmt) for n in [part]],
                               type_ignores=[])
            names |= _defined(inner)
            for handler in getattr(node, "handlers", []):
                names |= _defined(ast.Module(body=handler.body, type_ignores=[]))
    return names


def _uses(tree: ast.Module) -> list[tuple[str, str, int]]:
    """(module, name, line) for each name this source takes from a page module."""
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES:
                    aliases[alias.asname or alias.name] = alias.name
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in MODULES and node.level == 0:
            found += [(node.module, a.name, node.lineno) for a in node.names if a.name != "*"]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id in aliases and isinstance(node.ctx, ast.Load):
            found.append((aliases[node.value.id], node.attr, node.lineno))
    return found


def test_every_name_taken_from_a_page_module_exists_there():
    defined = {name: _defined(ast.parse(path.read_text(encoding="utf-8")))
               for name, path in MODULES.items()}
    missing = []
    for name, path in sorted(MODULES.items()):
        for module, attr, line in _uses(ast.parse(path.read_text(encoding="utf-8"))):
            if attr not in defined[module]:
                missing.append(f"{name}.py:{line} {module}.{attr}")
    assert missing == []
