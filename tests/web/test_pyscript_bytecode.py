"""PyScript's own `pyscript` package as bytecode (tools/pagecode.py `compile_pyscript`,
web/boot.js `moduleBytecode`, DECISIONS W-96): the build compiles the modules the package's
`__init__` imports, from the very texts PyScript's bundle carries, into one file with each
module's source hash; the page's hash (JavaScript) is the build's (Python), so a module is
loaded as `.mpy` exactly when its source is the one compiled.

RULES.md: none (how the page loads PyScript's code)
"""

import base64
import json
import re
import shutil
import subprocess

import pytest

import build
from tools import pagecode

STDLIB_JS = build.NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
COMMAND, VERSION = build.mpy_cross()
needs_mpy_cross = pytest.mark.skipif(COMMAND is None, reason=VERSION)
needs_stdlib = pytest.mark.skipif(not STDLIB_JS.is_file(), reason="no node_modules")


def test_fnv1a_is_fnv_1a_over_utf16_code_units():
    assert pagecode.fnv1a("") == 0x811C9DC5
    assert pagecode.fnv1a("a") == 0xE40C292C  # one code unit: the byte-wise FNV-1a of "a"
    # Not UTF-8: "é" is one code unit (0xE9), two bytes in UTF-8.
    assert pagecode.fnv1a("é") != pagecode.fnv1a("Ã©")


@needs_stdlib
def test_the_package_sources_are_the_bundles_and_the_closure_of_its_init():
    sources = pagecode.pyscript_sources(STDLIB_JS)
    assert "__init__" in sources and "context" in sources
    # The core chunk the page runs embeds each text (as a JavaScript string).
    dist = build.NODE_MODULES / "@pyscript" / "core" / "dist"
    core_name, _ = build.pyscript_chunks(dist)
    chunk = (dist / core_name).read_text(encoding="utf-8")
    for name, text in sources.items():
        assert json.dumps(text, ensure_ascii=False)[1:40] in chunk, name
    imported = pagecode.package_imports(sources)
    direct = set(re.findall(r"from pyscript\.(\w+) import", sources["__init__"]))
    assert direct <= imported and "__init__" not in imported
    assert "util" in imported and "ffi" in imported  # context's own imports


@needs_stdlib
@needs_mpy_cross
def test_the_build_writes_each_modules_bytecode_with_its_source_hash(tmp_path):
    (tmp_path / "pyscript").mkdir()
    names = pagecode.compile_pyscript(tmp_path, COMMAND, STDLIB_JS)
    pack = json.loads((tmp_path / pagecode.PYSCRIPT_MPY).read_text(encoding="utf-8"))
    sources = pagecode.pyscript_sources(STDLIB_JS)
    assert names == sorted(pack["modules"]) == sorted(pagecode.package_imports(sources))
    for name, entry in pack["modules"].items():
        assert entry["fnv"] == pagecode.fnv1a(sources[name])
        assert base64.b64decode(entry["mpy"])[:1] == b"M"  # the .mpy header's magic


def test_without_mpy_cross_nothing_is_written(tmp_path):
    assert pagecode.compile_pyscript(tmp_path, None, STDLIB_JS) == []
    assert not (tmp_path / pagecode.PYSCRIPT_MPY).exists()


@needs_stdlib
@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
def test_the_pages_hash_is_the_builds():
    """boot.js `fnv1a` (run under node) gives every module's source the build's hash."""
    boot = (build.WEB / "boot.js").read_text(encoding="utf-8")
    function = re.search(r"function fnv1a\(text\) \{.*?\n\}", boot, re.S).group(0)
    sources = pagecode.pyscript_sources(STDLIB_JS)
    sources["accents"] = "Máy đang nghĩ … Компьютер"
    script = (function + "\nconst src = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n"
              "const out = {}; for (const k in src) out[k] = fnv1a(src[k]);\n"
              "process.stdout.write(JSON.stringify(out));")
    result = subprocess.run(["node", "-e", script], input=json.dumps(sources), text=True,
                            capture_output=True, check=True)
    assert json.loads(result.stdout) == {k: pagecode.fnv1a(v) for k, v in sources.items()}
