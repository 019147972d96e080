"""Sound: short effects synthesized in the page with WebAudio (no sound files).

Each sound is data (`SOUNDS`: a few voices, each an oscillator or filtered noise with a
pitch glide and an attack / decay envelope), so that the tables are tested in CPython; the
only JavaScript is one small function (`PLAYER_JS`, made once by `unlock`) that builds the
nodes from a sound's JSON inside its own try/catch and returns "ok" or the error's text, so
that nothing it does can throw into MicroPython (BROWSER.md: a JS function that throws
synchronously cannot always be caught).

    on_gesture()      call from every user gesture: the first has the context made after
                      its frame (`unlock_later`, then `unlock`), later ones resume it
                      (`wake`); no sound plays before the first user gesture
    play(name)        "tile", "draw", "knock", "score", "win", "lose"; False when not played
    set_muted(flag)   remembered through window.dominoBoot.save (MUTE_KEY)
    muted()           the remembered choice (False until the player mutes)
    voices(name)      the pure schedule of a sound: what `play` sends to the player
"""

import asyncio
import json

import js

MUTE_KEY = "domino.sound.muted"
MASTER = 0.5        # the gain every sound goes through
FLOOR = 0.0001      # exponential ramps start and end here (they cannot reach 0)
NOISE_SECONDS = 0.5  # the noise buffer made once (its samples are made in JavaScript)
WAVES = ("sine", "triangle", "square", "sawtooth")
FILTERS = ("lowpass", "highpass", "bandpass")

# name -> voices. A voice: `type` "osc" (with `wave`) or "noise"; `at` (s after the sound
# starts), `attack` and `decay` (s: the gain rises to `gain` then falls back to the floor);
# `freq` -> `freq_end` (Hz, an exponential glide over the voice) for an oscillator;
# `filter`, `cutoff` (Hz) and `q` for noise (or an oscillator).
SOUNDS = {
    # A tile laid on the table: a short wooden click.
    "tile": [
        {"type": "noise", "at": 0.0, "attack": 0.002, "decay": 0.045, "gain": 0.55,
         "filter": "bandpass", "cutoff": 2400.0, "q": 1.4},
        {"type": "osc", "wave": "triangle", "at": 0.0, "attack": 0.002, "decay": 0.07,
         "gain": 0.30, "freq": 950.0, "freq_end": 620.0},
    ],
    # A tile drawn from the boneyard: a soft slide.
    "draw": [
        {"type": "noise", "at": 0.0, "attack": 0.03, "decay": 0.13, "gain": 0.25,
         "filter": "highpass", "cutoff": 1800.0, "q": 0.7},
        {"type": "osc", "wave": "sine", "at": 0.02, "attack": 0.01, "decay": 0.08,
         "gain": 0.10, "freq": 420.0, "freq_end": 560.0},
    ],
    # A pass: two knocks on the table.
    "knock": [
        {"type": "osc", "wave": "sine", "at": 0.0, "attack": 0.003, "decay": 0.09,
         "gain": 0.60, "freq": 190.0, "freq_end": 95.0},
        {"type": "noise", "at": 0.0, "attack": 0.002, "decay": 0.04, "gain": 0.30,
         "filter": "lowpass", "cutoff": 900.0, "q": 0.8},
        {"type": "osc", "wave": "sine", "at": 0.14, "attack": 0.003, "decay": 0.09,
         "gain": 0.55, "freq": 180.0, "freq_end": 90.0},
        {"type": "noise", "at": 0.14, "attack": 0.002, "decay": 0.04, "gain": 0.28,
         "filter": "lowpass", "cutoff": 900.0, "q": 0.8},
    ],
    # Points scored (all fives; money or points moving at the end of a hand): a chime.
    "score": [
        {"type": "osc", "wave": "triangle", "at": 0.0, "attack": 0.005, "decay": 0.16,
         "gain": 0.30, "freq": 880.0, "freq_end": 880.0},
        {"type": "osc", "wave": "triangle", "at": 0.08, "attack": 0.005, "decay": 0.24,
         "gain": 0.30, "freq": 1318.5, "freq_end": 1318.5},
    ],
    # The hand won: a rising arpeggio (C5 E5 G5 C6).
    "win": [
        {"type": "osc", "wave": "triangle", "at": 0.0, "attack": 0.01, "decay": 0.18,
         "gain": 0.28, "freq": 523.25, "freq_end": 523.25},
        {"type": "osc", "wave": "triangle", "at": 0.11, "attack": 0.01, "decay": 0.18,
         "gain": 0.28, "freq": 659.25, "freq_end": 659.25},
        {"type": "osc", "wave": "triangle", "at": 0.22, "attack": 0.01, "decay": 0.18,
         "gain": 0.28, "freq": 783.99, "freq_end": 783.99},
        {"type": "osc", "wave": "triangle", "at": 0.33, "attack": 0.01, "decay": 0.45,
         "gain": 0.30, "freq": 1046.5, "freq_end": 1046.5},
    ],
    # The hand lost: a slow fall (G4 E4 C4, the last one sagging).
    "lose": [
        {"type": "osc", "wave": "sine", "at": 0.0, "attack": 0.02, "decay": 0.22,
         "gain": 0.30, "freq": 392.0, "freq_end": 392.0},
        {"type": "osc", "wave": "sine", "at": 0.2, "attack": 0.02, "decay": 0.22,
         "gain": 0.30, "freq": 329.63, "freq_end": 329.63},
        {"type": "osc", "wave": "sine", "at": 0.4, "attack": 0.02, "decay": 0.5,
         "gain": 0.30, "freq": 261.63, "freq_end": 233.08},
    ],
    # The match won (issue 25): a short fanfare, G4 C5 E5, then a C5-E5-G5-C6 chord (under 1.2 s, as every sound).
    "fanfare": [
        {"type": "osc", "wave": "triangle", "at": 0.0, "attack": 0.01, "decay": 0.14,
         "gain": 0.26, "freq": 392.0, "freq_end": 392.0},
        {"type": "osc", "wave": "triangle", "at": 0.12, "attack": 0.01, "decay": 0.14,
         "gain": 0.26, "freq": 523.25, "freq_end": 523.25},
        {"type": "osc", "wave": "triangle", "at": 0.24, "attack": 0.01, "decay": 0.14,
         "gain": 0.26, "freq": 659.25, "freq_end": 659.25},
        {"type": "osc", "wave": "triangle", "at": 0.36, "attack": 0.02, "decay": 0.7,
         "gain": 0.18, "freq": 523.25, "freq_end": 523.25},
        {"type": "osc", "wave": "triangle", "at": 0.36, "attack": 0.02, "decay": 0.7,
         "gain": 0.18, "freq": 659.25, "freq_end": 659.25},
        {"type": "osc", "wave": "triangle", "at": 0.36, "attack": 0.02, "decay": 0.7,
         "gain": 0.18, "freq": 783.99, "freq_end": 783.99},
        {"type": "osc", "wave": "triangle", "at": 0.36, "attack": 0.02, "decay": 0.7,
         "gain": 0.16, "freq": 1046.5, "freq_end": 1046.5},
    ],
}
NAMES = ("tile", "draw", "knock", "score", "win", "lose", "fanfare")

# The player: (ctx, noise buffer, master gain, sound JSON text) -> "ok" or the error's text.
PLAYER_JS = """
try {
  const v = JSON.parse(text);
  const t0 = ctx.currentTime + 0.005;
  for (const x of v) {
    const on = t0 + x.at;
    const peak = on + x.attack;
    const off = peak + x.decay;
    const g = ctx.createGain();
    g.gain.setValueAtTime(x.floor, on);
    g.gain.exponentialRampToValueAtTime(x.gain, peak);
    g.gain.exponentialRampToValueAtTime(x.floor, off);
    let src;
    if (x.type === "noise") {
      src = ctx.createBufferSource();
      src.buffer = noise;
      src.loop = true;
    } else {
      src = ctx.createOscillator();
      src.type = x.wave;
      src.frequency.setValueAtTime(x.freq, on);
      if (x.freq_end !== x.freq) src.frequency.exponentialRampToValueAtTime(x.freq_end, off);
    }
    let head = src;
    if (x.filter) {
      const f = ctx.createBiquadFilter();
      f.type = x.filter;
      f.frequency.value = x.cutoff;
      f.Q.value = x.q;
      src.connect(f);
      head = f;
    }
    head.connect(g);
    g.connect(master);
    src.start(on);
    src.stop(off + 0.02);
  }
  return "ok";
} catch (e) {
  return "error: " + e;
}
"""

# Makes the context, its master gain and the noise buffer: -> [ctx, noise, master] or null.
MAKE_JS = """
try {
  const C = window.AudioContext || window.webkitAudioContext;
  if (!C) return null;
  const ctx = new C();
  const master = ctx.createGain();
  master.gain.value = gain;
  master.connect(ctx.destination);
  const noise = ctx.createBuffer(1, Math.max(1, Math.floor(ctx.sampleRate * seconds)), ctx.sampleRate);
  const d = noise.getChannelData(0);
  for (let i = 0; i < d.length; i++) d[i] = Math.random() * 2 - 1;
  return [ctx, noise, master];
} catch (e) {
  return null;
}
"""

# Resumes a suspended context (a promise that fails is ignored): -> "ok" or the error.
RESUME_JS = """
try {
  if (ctx.state === "suspended") { const p = ctx.resume(); if (p && p.catch) p.catch(() => {}); }
  return "ok";
} catch (e) {
  return "error: " + e;
}
"""

_S = {"ctx": None, "noise": None, "master": None, "player": None, "resume": None,
      "muted": None, "failed": False, "error": None, "texts": {}, "asked": False}


# --------------------------------------------------------------------------- pure


def voices(name):
    """The voices of sound `name` as plain dicts (None for an unknown name): every field the
    player reads, times relative to the sound's start (s), the floor of the envelopes set."""
    table = SOUNDS.get(name)
    if table is None:
        return None
    out = []
    for v in table:
        x = {"type": v["type"], "at": float(v["at"]), "attack": float(v["attack"]),
             "decay": float(v["decay"]), "gain": float(v["gain"]), "floor": FLOOR,
             "filter": v.get("filter")}
        if v["type"] == "osc":
            x["wave"] = v["wave"]
            x["freq"] = float(v["freq"])
            x["freq_end"] = float(v.get("freq_end", v["freq"]))
        if x["filter"]:
            x["cutoff"] = float(v["cutoff"])
            x["q"] = float(v.get("q", 1.0))
        out.append(x)
    return out


def length(name):
    """How long sound `name` lasts (s)."""
    end = 0.0
    for v in voices(name) or []:
        t = v["at"] + v["attack"] + v["decay"]
        if t > end:
            end = t
    return end


def problems():
    """What in `SOUNDS` would make WebAudio throw or click (a list of texts; empty is good):
    exponential ramps need positive values, times must be finite and ordered."""
    out = []
    for name in NAMES:
        if name not in SOUNDS:
            out.append(name + ": missing")
    for name in SOUNDS:
        for i, v in enumerate(voices(name)):
            where = name + "[" + str(i) + "]"
            if v["type"] not in ("osc", "noise"):
                out.append(where + ": type")
            if v["at"] < 0 or v["attack"] <= 0 or v["decay"] <= 0:
                out.append(where + ": times")
            if not (FLOOR < v["gain"] <= 1.0):
                out.append(where + ": gain")
            if v["type"] == "osc":
                if v["wave"] not in WAVES:
                    out.append(where + ": wave")
                if not (20.0 <= v["freq"] <= 20000.0 and 20.0 <= v["freq_end"] <= 20000.0):
                    out.append(where + ": freq")
            if v["filter"] is not None:
                if v["filter"] not in FILTERS:
                    out.append(where + ": filter")
                if not (20.0 <= v["cutoff"] <= 20000.0 and v["q"] > 0):
                    out.append(where + ": cutoff")
    return out


# --------------------------------------------------------------------------- the page


def _boot():
    """window.dominoBoot, reached as app.py reaches it (pyscript's `window`)."""
    try:
        from pyscript import window
    except ImportError:
        window = js.window
    return window.dominoBoot


def muted():
    """The player's choice, read once from the page's storage (not muted by default)."""
    if _S["muted"] is None:
        flag = False
        try:
            flag = str(_boot().load(MUTE_KEY)) == "1"
        except Exception:  # noqa: BLE001 - no storage: not muted, not remembered
            flag = False
        _S["muted"] = flag
    return _S["muted"]


def set_muted(flag):
    """Mute or unmute, and remember it."""
    _S["muted"] = bool(flag)
    try:
        _boot().save(MUTE_KEY, "1" if flag else "0")
    except Exception:  # noqa: BLE001 - remembered for this visit only
        pass
    return _S["muted"]


def toggle():
    """Flip the mute; returns the new state (True: muted)."""
    return set_muted(not muted())


def unlock():
    """Create the audio context (or resume it), from a user gesture's handler only: browsers
    keep audio off until then. Cheap after the first call; True when sound can play."""
    if _S["failed"]:
        return False
    try:
        if _S["ctx"] is None:
            make = js.Function.new("gain", "seconds", MAKE_JS)
            made = make(MASTER, NOISE_SECONDS)
            if made is None:  # JS null (MAKE_JS never returns undefined)
                _S["failed"] = True
                _S["error"] = "no WebAudio"
                return False
            _S["ctx"] = made[0]
            _S["noise"] = made[1]
            _S["master"] = made[2]
            _S["player"] = js.Function.new("ctx", "noise", "master", "text", PLAYER_JS)
            _S["resume"] = js.Function.new("ctx", RESUME_JS)
        _S["resume"](_S["ctx"])
        return True
    except Exception as exc:  # noqa: BLE001 - no sound rather than a broken page
        _S["failed"] = True
        _S["error"] = str(exc)
        return False


def wake():
    """Resume the context if the browser suspended it (one made outside a gesture, where a
    browser's autoplay rules want it resumed inside one): cheap, for every gesture."""
    if _S["ctx"] is None or _S["failed"]:
        return
    try:
        _S["resume"](_S["ctx"])
    except Exception as exc:  # noqa: BLE001 - no sound rather than a broken page
        _S["error"] = str(exc)


def ready():
    """True once `unlock` made the context (a gesture happened)."""
    return _S["ctx"] is not None and not _S["failed"]


def play(name):
    """Play sound `name` now, unless muted, before the first gesture, or unknown. Never
    raises; True when the player accepted it."""
    if _S["ctx"] is None or _S["failed"] or muted():
        return False
    text = _S["texts"].get(name)
    if text is None:
        vs = voices(name)
        if vs is None:
            return False
        text = json.dumps(vs)
        _S["texts"][name] = text
    try:
        answer = str(_S["player"](_S["ctx"], _S["noise"], _S["master"], text))
    except Exception as exc:  # noqa: BLE001
        _S["error"] = str(exc)
        return False
    if answer != "ok":
        _S["error"] = answer
        return False
    return True


def play_all(names):
    """Play each of `names` (what motion.sounds returns for a frame)."""
    for name in names:
        play(name)


def state_sounds(answer):
    """The names of the sounds of a state's events (its moves, draws, passes and scores, and
    the hand's end: "win" when the viewer is among its winners), the last two of them."""
    names = []
    for event in answer.get("events") or []:
        kind = event.get("type")
        if kind == "played":
            names.append("tile")
        elif kind == "drew":
            names.append("draw")
        elif kind == "passed":
            names.append("knock")
        elif kind == "scored":
            names.append("score")
    if answer.get("hand_over"):
        history = answer.get("history") or []
        winners = history[-1].get("winner") if history else None
        if not isinstance(winners, list):
            winners = [] if winners is None else [winners]
        names.append("win" if answer.get("viewer") in winners else "lose")
    return names[-2:]


def play_state(answer):
    """Play the sounds of a state that is shown without an animation (`state_sounds`)."""
    play_all(state_sounds(answer))


def on_gesture():
    """A user gesture: the first asks for the audio context, made once that gesture's frame
    has been drawn (`unlock_later`); later ones resume it, inside the gesture, where a
    browser that suspends a context made outside one wants it resumed."""
    if ready():
        wake()
    elif not _S["asked"]:
        _S["asked"] = True
        asyncio.create_task(unlock_later())


async def unlock_later():
    """Make the audio context once the frame that answers the first tap has been drawn
    (DECISIONS W-90): a browser's first context blocks the page while it opens the audio
    device (measured 60-170 ms in Chromium, once per browser process), which made the first
    tap wait that long to answer. Chromium and Firefox let a page that has had a gesture start
    audio later (sticky activation)."""
    await _boot().afterPaint()
    unlock()


def last_error():
    """The last thing that went wrong (for the console), or None."""
    return _S["error"]
