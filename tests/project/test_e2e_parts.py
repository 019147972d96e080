"""The friends files' runs in a network namespace, split in parts (DECISIONS W-149): every test
of e2e/test_friends_play.py runs in exactly one of the parts its wrappers run, a test added
later included (the parts are made from what the run inside collects), and the split of
measured times is balanced and always the same. Only collection is run here: no browser,
no namespace.

RULES.md: none (the project's browser tests)
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FILE = "e2e/test_friends_play.py"


def _netns():
    spec = importlib.util.spec_from_file_location("netns_for_test", ROOT / "e2e" / "netns.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _collected(path: str, part: str = "", inside: bool = True) -> list[str]:
    """The node ids pytest collects from `path` (inside a namespace's run when `inside`,
    only part `part` of them when given)."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("DOMINO_NETNS", "DOMINO_NETNS_PART")}
    if inside:
        env["DOMINO_NETNS"] = "1"
    if part:
        env["DOMINO_NETNS_PART"] = part
    result = subprocess.run(
        [sys.executable, "-m", "pytest", path, "--collect-only", "-q", "-p", "no:cacheprovider",
         "-o", "addopts=", "-p", "no:xdist"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return [line.strip() for line in result.stdout.splitlines() if "::" in line]


def test_every_friends_play_test_runs_in_exactly_one_part():
    netns = _netns()
    everything = [n for n in _collected(FILE) if "_in_namespace" not in n]
    wrappers = [n for n in _collected(FILE, inside=False) if "_in_namespace" in n]
    parts = [w.split("[part")[1].rstrip("]").replace("of", "/") for w in wrappers
             if "[part" in w]
    assert parts and parts == netns.parts(len(parts)), \
        f"the file's wrappers are not one per part: {wrappers}"
    seen: list[str] = []
    for part in parts:
        mine = _collected(FILE, part)
        assert mine, f"part {part} is empty"
        assert not any("_in_namespace" in n for n in mine), "a wrapper runs inside"
        seen += mine
    assert sorted(seen) == sorted(everything), "a test in no part, or in two"
    assert len(everything) >= 15


def test_a_new_test_lands_in_one_part_and_the_split_is_balanced():
    netns = _netns()
    measured = {f"t{i}": float(s) for i, s in enumerate([111, 93, 65, 49, 47, 42, 40, 34])}
    names = [*measured, "test_new[chromium]"]
    seconds = netns.expected_seconds(names, measured)
    assert seconds["test_new[chromium]"] == netns.DEFAULT_SECONDS
    split = netns.split(seconds, 2)
    assert sorted(n for part in split for n in part) == sorted(names)
    loads = [sum(seconds[n] for n in part) for part in split]
    assert max(loads) - min(loads) <= max(seconds.values())
    assert netns.split(dict(reversed(seconds.items())), 2) == split  # the same every time
    assert netns.expected_seconds(["t[chromium-a-1]"], {"t[a-1]": 5.0}) == {"t[chromium-a-1]": 5.0}
    assert netns.read_part("2/3") == (2, 3)
    for bad in ("0/2", "3/2", "x"):
        try:
            netns.read_part(bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad} read as a part")
