"""A network namespace of its own for the friends tests and benchmark (BROWSER.md "Peer to
peer"): WebRTC between two browser contexts must not touch this machine's interfaces.

`rerun_inside(argv)` runs a command (pytest on one test file, a benchmark) again inside a new
network namespace made with `unshare -n` (`unshare -rn` when not root): loopback up and a veth
pair v0 10.77.0.1/24 - v1 10.77.0.2/24 (Chromium gathers no ICE candidate with loopback
alone, and this kernel has veth but not dummy), a default route through v1 so that an address
outside is unreachable at once rather than routed out. The command sees `DOMINO_NETNS=1`
(`INSIDE`). Nothing in the namespace can reach the outside: it has no other interface.

A long file can be run in parts (DECISIONS W-149): `run_file_inside(..., part="1/2")` runs
only part 1 of 2 of the file's tests in its namespace (`DOMINO_NETNS_PART`; e2e/conftest.py
keeps that part with `split`), so that two wrapper tests on two pytest-xdist workers each
carry half of it, each in a namespace of its own. The parts are made from the tests the run
inside collects, so a test added to the file lands in one of them; each wrapper checks that
every test of its part passed and none was skipped.

RULES.md: none (test infrastructure)
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

INSIDE = os.environ.get("DOMINO_NETNS") == "1"
# "i/n" inside a namespace made for part i of n of a file's tests (`run_file_inside`).
PART_ENV = "DOMINO_NETNS_PART"
PART = os.environ.get(PART_ENV, "") if INSIDE else ""
# A test `split` has no measured time for (a new one): about a test of the friends files.
DEFAULT_SECONDS = 40.0
HOST_ADDR = "10.77.0.1"  # the browsers' ICE candidates: v0
PEER_ADDR = "10.77.0.2"  # v1, where nothing listens (an unreachable TURN server, say)

# The command starts only once both ends of the veth pair are up with their IPv6 link-local
# addresses in place (duplicate address detection is off, so none stays "tentative"): an
# address or a link that changes after Chromium has started makes it fail the requests in
# flight with net::ERR_NETWORK_CHANGED (seen once under load: a host page's engine never
# loaded).
SETTLED = ("for _ in $(seq 200); do "
           "ip -o link show v0 | grep -q 'state UP' && ip -o link show v1 | grep -q 'state UP' "
           "&& ip -6 -o addr show dev v0 scope link | grep -v tentative | grep -q inet6 "
           "&& ip -6 -o addr show dev v1 scope link | grep -v tentative | grep -q inet6 "
           "&& break; sleep 0.05; done")
SETUP = (
    "set -e; "
    "sysctl -qw net.ipv6.conf.default.accept_dad=0 net.ipv6.conf.all.accept_dad=0 "
    "2>/dev/null || true; "
    "ip link set lo up; "
    "ip link add v0 type veth peer name v1; "
    f"ip addr add {HOST_ADDR}/24 dev v0; ip addr add {PEER_ADDR}/24 dev v1; "
    "ip link set v0 up; ip link set v1 up; "
    f"ip route add default via {PEER_ADDR} dev v0; "
    + SETTLED
)


def unshare_command() -> list[str]:
    """`unshare -n` as root, `unshare -rn` (a user namespace too) otherwise."""
    return ["unshare", "-n"] if os.geteuid() == 0 else ["unshare", "-rn"]


def why_not() -> str | None:
    """None when a namespace with a veth pair can be made here, else the reason it cannot."""
    if shutil.which("unshare") is None:
        return "unshare (util-linux) is not installed"
    if shutil.which("ip") is None:
        return "ip (iproute2) is not installed"
    try:
        result = subprocess.run([*unshare_command(), "bash", "-c", SETUP],
                                capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"unshare failed: {exc}"
    if result.returncode != 0:
        return f"cannot make a network namespace with a veth pair: {result.stderr.strip()}"
    return None


def rerun_inside(argv: list[str], timeout: float, cwd: str | None = None,
                 extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run `argv` inside a fresh namespace (`SETUP`), with DOMINO_NETNS=1 (and `extra_env`);
    returns its result with stdout and stderr captured (as text)."""
    script = SETUP + "; exec " + shlex.join(argv)
    env = {key: value for key, value in os.environ.items() if key != PART_ENV}
    env.update(DOMINO_NETNS="1", **(extra_env or {}))
    return subprocess.run([*unshare_command(), "bash", "-c", script], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=timeout)


def parts(n: int) -> list[str]:
    """The parts of a file run in `n` namespaces: "1/n" to "n/n" (`run_file_inside`'s `part`)."""
    return [f"{i}/{n}" for i in range(1, n + 1)]


def read_part(spec: str) -> tuple[int, int]:
    """"i/n" as (i, n), 1 <= i <= n; ValueError otherwise."""
    match = re.fullmatch(r"(\d+)/(\d+)", spec.strip())
    if not match or not 1 <= int(match.group(1)) <= int(match.group(2)):
        raise ValueError(f"not a part i/n: {spec!r}")
    return int(match.group(1)), int(match.group(2))


def split(seconds: dict[str, float], n: int) -> list[list[str]]:
    """The tests (name -> expected seconds) in `n` parts of about equal time: the longest
    first, each onto the part with the least so far (ties: the name, then the lower part),
    so that every name is in exactly one part and the same names always split alike."""
    loads = [0.0] * n
    out: list[list[str]] = [[] for _ in range(n)]
    for name in sorted(seconds, key=lambda k: (-seconds[k], k)):
        lightest = min(range(n), key=lambda i: (loads[i], i))
        out[lightest].append(name)
        loads[lightest] += seconds[name]
    return out


def expected_seconds(names: list[str], measured: dict[str, float]) -> dict[str, float]:
    """Each name's measured seconds (`measured`, keyed by the test's name without the
    browser's "chromium-" id), DEFAULT_SECONDS for a name not measured (a new test)."""
    def key(name: str) -> str:
        return name.replace("[chromium]", "").replace("[chromium-", "[")

    return {name: float(measured.get(key(name), DEFAULT_SECONDS)) for name in names}


def run_file_inside(path: str, least: int, timeout: float, cwd: str,
                    options: tuple[str, ...] = (), part: str = "") -> None:
    """The outer test of a file whose tests run only in a namespace: run pytest on `path`
    again inside one (`options` added; with `part` "i/n", only that part of its tests) and
    fail unless that run passed with at least `least` tests (`part`: unless every test of the
    part passed, none skipped, and the file has at least `least`); skipped when already
    inside or when no namespace can be made here. The inner run's output is kept in
    e2e/artifacts/netns/ (its durations too) and shown when it fails."""
    import pytest

    if INSIDE:
        pytest.skip("already inside the namespace")
    reason = why_not()
    if reason is not None:
        pytest.skip(f"cannot make a network namespace here: {reason}")
    extra = {PART_ENV: part} if part else {}
    if part:
        read_part(part)
    result = rerun_inside([sys.executable, "-m", "pytest", path, "-q", *options,
                           "-p", "no:cacheprovider", "-o", "addopts=", "--durations=25"],
                          timeout=timeout, cwd=cwd, extra_env=extra)
    output = result.stdout + result.stderr
    _keep_output(path, part, output)
    assert result.returncode == 0, "the run inside the namespace failed:\n" + output[-8000:]
    summary = re.search(r"(\d+) passed", output)
    last = output.strip().splitlines()[-1]
    assert "failed" not in last
    if not part:
        assert summary and int(summary.group(1)) >= least, \
            "too few tests ran inside:\n" + output[-3000:]
        return
    said = re.search(r"netns part (\d+/\d+): (\d+) of (\d+) tests", output)
    assert said and said.group(1) == part, "the run inside did not say its part:\n" + output[-3000:]
    mine, total = int(said.group(2)), int(said.group(3))
    assert total >= least, f"the file has {total} tests, fewer than {least}"
    assert mine > 0 and summary and int(summary.group(1)) == mine and "skipped" not in last, \
        f"part {part}: {mine} tests, not all passed:\n" + output[-3000:]


def _keep_output(path: str, part: str, output: str) -> None:
    """The inner run's output, for whoever reads why it was slow or failed."""
    folder = Path(path).resolve().parent / "artifacts" / "netns"
    folder.mkdir(parents=True, exist_ok=True)
    name = Path(path).stem + ("-part" + part.replace("/", "of") if part else "") + ".log"
    (folder / name).write_text(output)


def script_inside(timeout: float) -> int | None:
    """A benchmark's start: outside a namespace, run this very command (`sys.argv`) again
    inside one, pass its output on and return its exit code (2 when no namespace can be made
    here); inside, None: the caller measures."""
    if INSIDE:
        return None
    reason = why_not()
    if reason is not None:
        print(f"cannot make a network namespace: {reason}", file=sys.stderr)
        return 2
    result = rerun_inside([sys.executable, *sys.argv], timeout=timeout, cwd=os.getcwd())
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    return result.returncode
