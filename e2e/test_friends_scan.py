"""Play with friends by codes with the camera (issue 24's manual path; DECISIONS W-73): no
relay answers, the host makes a code for its friend, the friend scans it from the host's
screen with the camera (the menu's "Scan a code"), shows back its answer code, which the
host scans in turn ("Scan the answer code"); the link opens and the match starts. Cancel
turns the camera off; axe-core finds no serious violation in the dialog or the host's
lobby. The decoder is the bundled jsQR: Linux Chromium has no
BarcodeDetector, so this is the path a desktop browser takes.

Each device is its own Chromium, launched with a fake camera that plays a YUV4MPEG2 file
(`--use-file-for-fake-video-capture`): the file is named at launch, and written here with
the QR code of the very code the other page shows (peer.js `qrRows`, the modules the page
draws) before the scan opens the camera, which reads the file then.

Everything runs inside a network namespace this file makes (`netns.py`), as
e2e/test_friends_play.py does: a plain `python -m pytest e2e/test_friends_scan.py` runs
`test_friends_scan_in_namespace`, which runs this file again under `unshare -n`.

RULES.md: none (connecting devices; no rule of the game)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import netns
import pytest
from conftest import ENGINE_TIMEOUT_MS
from test_axe import AXE, BLOCKING, describe, run_axe
from test_friends_play import Phone, open_table, start

import build

ROOT = Path(__file__).resolve().parents[1]
inside = pytest.mark.skipif(
    not netns.INSIDE,
    reason="runs inside its own network namespace (test_friends_scan_in_namespace runs it)")
WIDTH, HEIGHT = 640, 480
QUIET = 4  # the quiet zone around a QR code, in modules


def test_friends_scan_in_namespace():
    """Run this file again inside a network namespace; fail when that run fails."""
    netns.run_file_inside(str(Path(__file__).resolve()), 2, 900, str(ROOT), ("-x",))


def test_friends_scan_decoder_is_vendored_precached_and_not_loaded_at_first():
    """dist/ holds jsQR where dist/qr_decoder.js imports it, the service worker precaches
    both (a LAN with no internet), and nothing the page loads first names them: only
    scan.js imports the decoder, and boot.js imports scan.js when a scan opens."""
    build.build_if_needed()
    dist = build.DIST
    decoder = (dist / "qr_decoder.js").read_text(encoding="utf-8")
    assert 'import "./vendor/jsqr/dist/jsQR.js";' in decoder
    assert (dist / "vendor/jsqr/dist/jsQR.js").stat().st_size > 100_000
    sw = (dist / "sw.js").read_text(encoding="utf-8")
    for name in ("scan.js", "qr_decoder.js", "vendor/jsqr/dist/jsQR.js"):
        assert json.dumps("./" + name) in sw, f"{name} is not precached"
    first = (dist / "index.html").read_text(encoding="utf-8") + (dist / "boot.js").read_text(
        encoding="utf-8")
    assert "qr_decoder" not in first and "jsQR" not in first
    assert 'import("./scan.js")' in first  # boot.js's, when a scan opens
    assert not re.search(r"<script[^>]*scan\.js|modulepreload[^>]*scan", first)
    assert "qr_decoder.js" in (dist / "scan.js").read_text(encoding="utf-8")


# --------------------------------------------------------------------------- the camera


def y4m_of_rows(rows: list[str], frames: int = 3) -> bytes:
    """A YUV4MPEG2 video (4:2:0, full range) of `frames` frames, each the QR code of `rows`
    ("1" a dark module) black on white, as large as fits, in the middle of a grey frame."""
    size = len(rows) + 2 * QUIET
    scale = min(WIDTH, HEIGHT) // size
    left = (WIDTH - size * scale) // 2
    top = (HEIGHT - size * scale) // 2
    luma = bytearray([128]) * (WIDTH * HEIGHT)
    for y in range(size * scale):
        row_index = y // scale - QUIET
        line = bytearray()
        for module in range(size):
            column = module - QUIET
            dark = (0 <= row_index < len(rows) and 0 <= column < len(rows)
                    and rows[row_index][column] == "1")
            line += bytes([16 if dark else 235]) * scale
        start_at = (top + y) * WIDTH + left
        luma[start_at:start_at + len(line)] = line
    chroma = bytes([128]) * (WIDTH // 2 * HEIGHT // 2)
    header = f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode()
    frame = b"FRAME\n" + bytes(luma) + chroma + chroma
    return header + frame * frames


def qr_rows(page, text: str) -> list[str]:
    """The QR code's modules of `text`, as the site's peer.js draws it (`qrRows`)."""
    made = page.evaluate("(t) => import('./peer.js').then((m) => m.qrRows(t))", text)
    assert made["ok"], made
    return made["rows"]


@pytest.fixture
def cameras(browser_type, browser_type_launch_args, tmp_path):
    """`make(name)`: a Chromium whose camera plays the file `<tmp>/<name>.y4m` (a blank frame
    until the test writes a code there); returns (browser, path)."""
    launched = []

    def make(name):
        path = tmp_path / f"{name}.y4m"
        path.write_bytes(y4m_of_rows([]))
        args = dict(browser_type_launch_args)
        args["args"] = list(args.get("args", [])) + [
            "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
            f"--use-file-for-fake-video-capture={path}"]
        browser = browser_type.launch(**args)
        launched.append(browser)
        return browser, path

    yield make
    for browser in launched:
        browser.close()


# Every camera track the page opens, kept by the test (the scan's own video lets go of its
# stream once it stops): a scan ended well has every one "ended".
KEEP_TRACKS = """() => {
  const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  window.scanTracks = [];
  navigator.mediaDevices.getUserMedia = async (wanted) => {
    const stream = await open(wanted);
    window.scanTracks.push(...stream.getTracks());
    return stream;
  };
}"""
# The page as a phone hides it (its screen off): `document.hidden` and its event.
HIDE = """() => {
  Object.defineProperty(document, 'hidden', {value: true, configurable: true});
  document.dispatchEvent(new Event('visibilitychange'));
  delete document.hidden;
}"""
ALL_ENDED = ("window.scanTracks.length > 0"
             " && window.scanTracks.every((t) => t.readyState === 'ended')")


@inside
def test_friends_connect_by_scanning_each_others_codes(cameras, site):
    unreachable = f"ws://{netns.PEER_ADDR}:7447"  # no relay answers: the manual path
    host_browser, host_camera = cameras("host")
    guest_browser, guest_camera = cameras("guest")
    host = Phone(host_browser, site, unreachable, "host")
    guest = Phone(guest_browser, site, unreachable, "guest")
    try:
        open_table(host, "kozel", 4, ["human", "human", "ai:easy", "ai:easy"])
        host.page.click("#friends-manual summary")
        host.page.click("#friends-offer-make")
        host.page.wait_for_function(
            "document.querySelector('#friends-offer-text').value.length > 60", timeout=30_000)
        offer = host.page.input_value("#friends-offer-text")

        page = guest.page
        page.goto(site + "index.html")
        page.wait_for_selector("#friends-scan:not([disabled]):not([hidden])",
                               timeout=ENGINE_TIMEOUT_MS)
        # The camera opens on a frame with no code; Escape, Cancel or the page hidden turn it off.
        page.evaluate(KEEP_TRACKS)
        page.click("#friends-scan")
        page.wait_for_selector("#scan:not([hidden])")
        page.wait_for_function("window.scanTracks.length === 1"
                               " && window.scanTracks[0].readyState === 'live'", timeout=30_000)
        axe = AXE.read_text(encoding="utf-8")
        for where, on in (("the scan dialog", page), ("the host's lobby", host.page)):
            found = [v for v in run_axe(on, axe) if v["impact"] in BLOCKING]
            assert not found, f"axe on {where}:\n{describe(found)}"
        page.keyboard.press("Escape")  # as Cancel: the camera goes off
        page.wait_for_selector("#scan", state="hidden")
        page.wait_for_function(ALL_ENDED)
        page.click("#friends-scan")
        page.wait_for_function("window.scanTracks.length === 2"
                               " && window.scanTracks[1].readyState === 'live'", timeout=30_000)
        page.click("#scan-cancel")
        page.wait_for_selector("#scan", state="hidden")
        page.wait_for_function(ALL_ENDED)
        # The page hidden (a phone's screen off, another app): the camera goes off too.
        page.click("#friends-scan")
        page.wait_for_function("window.scanTracks.length === 3"
                               " && window.scanTracks[2].readyState === 'live'", timeout=30_000)
        page.evaluate(HIDE)
        page.wait_for_selector("#scan", state="hidden")
        page.wait_for_function(ALL_ENDED)
        assert page.locator("#menu:not([hidden])").count() == 1
        # The host's code before the camera: read at once, taken as a typed offer code.
        guest_camera.write_bytes(y4m_of_rows(qr_rows(host.page, offer)))
        page.click("#friends-scan")
        page.wait_for_selector("#friends:not([hidden])", timeout=30_000)
        assert page.locator("#scan").is_hidden()
        page.wait_for_function(ALL_ENDED + " && window.scanTracks.length === 4")
        assert page.input_value("#friends-typed") == offer
        stats = page.evaluate("import('./scan.js').then((m) => ({...m.stats}))")
        assert stats["decoder"] == "jsqr", stats  # no BarcodeDetector on Linux Chromium
        page.fill("#friends-name", "Lan")
        page.click("#friends-join")
        page.wait_for_function(
            "document.querySelector('#friends-answer-text').value.length > 60", timeout=30_000)
        answer = page.input_value("#friends-answer-text")

        # The host scans the answer: the link opens, the friend takes its seat.
        host_camera.write_bytes(y4m_of_rows(qr_rows(page, answer)))
        host.page.evaluate(KEEP_TRACKS)
        host.page.click("#friends-answer-scan")
        host.page.wait_for_function(ALL_ENDED, timeout=30_000)
        assert host.page.locator("#scan").is_hidden()
        # Taken as a typed one is: the field is emptied once the link accepts it.
        host.page.wait_for_function(
            "document.querySelector('#friends-answer-in').value === ''", timeout=30_000)
        start(host, [guest])
        guest.page.wait_for_selector("#seats-bottom .seat", timeout=30_000)
        assert guest.page.evaluate("window.dominoFriends.summary().seat") == 1
        errors = host.errors + guest.errors
        assert not errors, errors
    finally:
        host.close()
        guest.close()
