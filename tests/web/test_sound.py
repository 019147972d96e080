"""web/page/sound.py: the sound tables under CPython with a fake `js` module, and the module's
JavaScript run for real under MicroPython (node + the pinned WebAssembly build) against a
fake AudioContext that checks every WebAudio call the way the browser does.

RULES.md: none (the page's sounds)
"""

import importlib
import json
import sys
import types
from pathlib import Path

import pytest
from micropython_runner import needs_micropython, run_micropython

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "web" / "page"


class FakeBoot:
    def __init__(self, stored=None, broken=False):
        self.stored = dict(stored or {})
        self.broken = broken
        self.saves = []

    def save(self, key, value):
        if self.broken:
            raise RuntimeError("storage blocked")
        self.saves.append((key, value))
        self.stored[key] = value
        return "ok"

    async def afterPaint(self):  # noqa: N802 - boot.js's name
        self.painted = getattr(self, "painted", 0) + 1

    def load(self, key):
        if self.broken:
            raise RuntimeError("storage blocked")
        return self.stored.get(key, "")


class FakeFunction:
    """`js.Function.new(*params, body)`: records what was made; calls return canned values."""

    made = []

    @classmethod
    def new(cls, *args):
        params, body = args[:-1], args[-1]
        fn = FakeJsFn(params, body)
        cls.made.append(fn)
        return fn


class FakeJsFn:
    def __init__(self, params, body):
        self.params = params
        self.body = body
        self.calls = []

    def __call__(self, *args):
        self.calls.append(args)
        if "new C()" in self.body:
            return ["ctx", "noise", "master"]
        return "ok"


@pytest.fixture
def snd(monkeypatch):
    """A fresh sound module over a fake `js` (and no pyscript: it falls back to js.window)."""
    boot = FakeBoot()
    fake = types.ModuleType("js")
    fake.window = types.SimpleNamespace(dominoBoot=boot)
    fake.Function = FakeFunction
    FakeFunction.made = []
    monkeypatch.setitem(sys.modules, "js", fake)
    monkeypatch.setitem(sys.modules, "pyscript", None)  # import fails: ImportError
    monkeypatch.syspath_prepend(str(UI))
    sys.modules.pop("sound", None)
    module = importlib.import_module("sound")
    module._boot_fake = boot
    yield module
    sys.modules.pop("sound", None)


def test_every_sound_is_there_and_webaudio_would_accept_it(snd):
    assert set(snd.NAMES) == {"tile", "draw", "knock", "score", "win", "lose", "fanfare"}
    assert set(snd.SOUNDS) == set(snd.NAMES)
    assert snd.problems() == []
    for name in snd.NAMES:
        vs = snd.voices(name)
        assert vs and json.loads(json.dumps(vs)) == vs  # plain JSON
        for v in vs:
            assert v["floor"] > 0 and v["gain"] > v["floor"]
        # Short: effects, not music; a tile's click is the shortest.
        assert 0.03 < snd.length(name) < 1.2
    assert snd.length("tile") < snd.length("knock") < snd.length("win")
    assert snd.voices("nope") is None


def test_problems_finds_what_would_throw(snd, monkeypatch):
    bad = {"tile": [{"type": "osc", "wave": "sine", "at": 0, "attack": 0.01, "decay": 0.1,
                     "gain": 0.5, "freq": 0.0, "freq_end": 440.0}]}
    monkeypatch.setattr(snd, "SOUNDS", bad)
    found = snd.problems()
    assert "tile[0]: freq" in found and "draw: missing" in found


def test_nothing_plays_before_the_first_gesture(snd):
    assert not snd.ready()
    assert snd.play("tile") is False
    assert FakeFunction.made == []  # no context, not even the JS made, before unlock
    assert snd.unlock() is True and snd.ready()
    assert snd.play("tile") is True
    player = [f for f in FakeFunction.made if "createOscillator" in f.body][0]
    ctx, noise, master, text = player.calls[-1]
    assert (ctx, noise, master) == ("ctx", "noise", "master")
    assert json.loads(text) == snd.voices("tile")
    # A second gesture only resumes the context.
    made = len(FakeFunction.made)
    assert snd.unlock() is True and len(FakeFunction.made) == made
    resume = [f for f in FakeFunction.made if "resume" in f.body][0]
    assert len(resume.calls) == 2
    assert snd.play("unknown") is False


def test_a_later_gesture_only_resumes_and_never_makes_the_context(snd):
    # The first gesture asks for the context after its frame (sound.on_gesture, W-90); every
    # gesture resumes it, inside the gesture, and none makes one.
    snd.wake()
    assert FakeFunction.made == []  # nothing to resume before the context exists
    assert snd.unlock() is True
    made = len(FakeFunction.made)
    resume = [f for f in FakeFunction.made if "resume" in f.body][0]
    snd.wake()
    snd.wake()
    assert len(FakeFunction.made) == made and len(resume.calls) == 3


def test_the_first_gesture_makes_the_context_only_after_its_frame(snd):
    import asyncio

    async def taps():
        snd.on_gesture()
        assert not snd.ready()  # asked, not made inside the gesture (W-90)
        snd.on_gesture()  # a second tap before the frame asks nothing more
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert snd.ready() and snd._boot_fake.painted == 1
        made = len(FakeFunction.made)
        snd.on_gesture()  # later taps only resume
        assert len(FakeFunction.made) == made

    asyncio.run(taps())


def test_a_state_sounds_its_last_two_events_and_the_hand_s_end(snd):
    events = [{"type": "played"}, {"type": "drew"}, {"type": "passed"}, {"type": "scored"}]
    assert snd.state_sounds({"events": events}) == ["knock", "score"]
    assert snd.state_sounds({"events": events[:1]}) == ["tile"]
    won = {"events": events[:1], "hand_over": True, "viewer": 2,
           "history": [{"winner": [0, 2]}]}
    assert snd.state_sounds(won) == ["tile", "win"]
    lost = dict(won, history=[{"winner": 1}])
    assert snd.state_sounds(lost) == ["tile", "lose"]
    assert snd.state_sounds({"hand_over": True, "viewer": 0, "history": []}) == ["lose"]


def test_mute_is_remembered_through_the_page_storage(snd):
    assert snd.muted() is False
    snd.unlock()
    snd.set_muted(True)
    assert snd._boot_fake.saves[-1] == (snd.MUTE_KEY, "1")
    assert snd.play("knock") is False
    assert snd.toggle() is False and snd._boot_fake.saves[-1] == (snd.MUTE_KEY, "0")
    assert snd.play("knock") is True
    # A new page load reads it back.
    snd._S["muted"] = None
    snd._boot_fake.stored[snd.MUTE_KEY] = "1"
    assert snd.muted() is True


def test_it_never_raises_into_the_page(snd, monkeypatch):
    snd._boot_fake.broken = True
    assert snd.muted() is False  # unreadable storage: not muted
    assert snd.set_muted(True) is True  # unwritable: muted for this visit
    snd.set_muted(False)

    def boom(*args):
        raise RuntimeError("no eval here")

    monkeypatch.setattr(FakeFunction, "new", classmethod(lambda cls, *a: boom()))
    assert snd.unlock() is False and not snd.ready()
    assert snd.play("tile") is False and "no eval" in snd.last_error()
    assert snd.unlock() is False  # and does not try again


def test_a_player_error_is_reported_not_raised(snd):
    snd.unlock()
    player = [f for f in FakeFunction.made if "createOscillator" in f.body][0]
    player.__class__ = type("Failing", (FakeJsFn,), {"__call__": lambda self, *a: "error: x"})
    assert snd.play("tile") is False and snd.last_error() == "error: x"


def test_no_webaudio_means_silence(snd, monkeypatch):
    orig = FakeJsFn.__call__

    def call(self, *args):
        if "new C()" in self.body:
            return None  # JS null: no AudioContext in this browser
        return orig(self, *args)

    monkeypatch.setattr(FakeJsFn, "__call__", call)
    assert snd.unlock() is False and snd.play("win") is False


# A fake WebAudio that throws where the browser throws (exponential ramps to 0 or from a
# non-positive value, times in the past as negative numbers, unknown types).
FAKE_AUDIO = r"""
const log = [];
class Param {
  constructor(name) { this.name = name; this.value = 1; }
  setValueAtTime(v, t) { check(v, t, false); log.push([this.name, "set", v, t]); }
  exponentialRampToValueAtTime(v, t) { check(v, t, true); log.push([this.name, "exp", v, t]); }
}
function check(v, t, exp) {
  if (!Number.isFinite(v) || !Number.isFinite(t) || t < 0) throw new TypeError("bad " + v + " " + t);
  if (exp && v <= 0) throw new RangeError("exp ramp to " + v);
}
class Node { connect(n) { log.push(["connect"]); return n; } }
class Osc extends Node {
  constructor() { super(); this.frequency = new Param("freq"); this._type = "sine"; }
  set type(t) { if (!["sine", "square", "sawtooth", "triangle"].includes(t)) throw new TypeError("wave " + t); this._type = t; }
  start(t) { check(1, t); log.push(["start", t]); }
  stop(t) { check(1, t); log.push(["stop", t]); }
}
class Src extends Osc {}
class Gain extends Node { constructor() { super(); this.gain = new Param("gain"); } }
class Filter extends Node {
  constructor() { super(); this.frequency = new Param("cutoff"); this.Q = new Param("q"); }
  set type(t) { if (!["lowpass", "highpass", "bandpass"].includes(t)) throw new TypeError("filter " + t); }
}
class FakeAudioContext {
  constructor() { this.currentTime = 1.5; this.sampleRate = 48000; this.state = "suspended"; this.destination = new Node(); }
  createGain() { return new Gain(); }
  createOscillator() { return new Osc(); }
  createBufferSource() { return new Src(); }
  createBiquadFilter() { return new Filter(); }
  createBuffer(ch, n, rate) { const d = new Float32Array(n); return { getChannelData: () => d, length: n }; }
  resume() { this.state = "running"; log.push(["resume"]); return Promise.resolve(); }
}
globalThis.window = globalThis;
globalThis.AudioContext = FakeAudioContext;
const stored = {};
globalThis.dominoBoot = {
  save(k, v) { stored[k] = v; return "ok"; },
  load(k) { return k in stored ? stored[k] : ""; },
};
globalThis.audioLog = log;
"""
# After the program: the calls the fake WebAudio saw, added to the program's answers.
LOG_INTO_OUT = """
const out = JSON.parse(new TextDecoder().decode(mp.FS.readFile("/work/out.json")));
out.log = log;
mp.FS.writeFile("/work/out.json", JSON.stringify(out));
"""


@needs_micropython
def test_the_javascript_runs_under_micropython(tmp_path):
    program = """
import sys
sys.path.append("/ui")
import sound, js
assert sound.play("tile") is False
assert sound.unlock() is True, sound.last_error()
results = {}
for name in sound.NAMES:
    results[name] = sound.play(name)
results["error"] = sound.last_error()
sound.set_muted(True)
results["muted_play"] = sound.play("tile")
results["stored"] = str(js.dominoBoot.load(sound.MUTE_KEY))
sound._S["muted"] = None
results["reloaded"] = sound.muted()
import json
open("/work/out.json", "w").write(json.dumps(results))
"""
    done = run_micropython(program, tmp_path, files_in={"/ui/sound.py": UI / "sound.py"},
                           files_out={"/work/out.json": tmp_path / "out.json"},
                           js_before=FAKE_AUDIO, js_after=LOG_INTO_OUT, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads((tmp_path / "out.json").read_text())
    for name in ("tile", "draw", "knock", "score", "win", "lose"):
        assert out[name] is True, (name, out["error"])
    assert out["muted_play"] is False and out["stored"] == "1" and out["reloaded"] is True
    log = out["log"]
    assert ["resume"] in log
    starts = [e[1] for e in log if e[0] == "start"]
    assert starts and min(starts) >= 1.5  # scheduled from the context's clock
