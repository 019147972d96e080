"""Deep links as the page reads them at start-up: a match's (`#variant=...&seed=...`) and a
lesson's (`#lesson=kozel&lang=ru`), with the notes the page shows about what it ignored.

Runs under MicroPython and CPython (pytest covers it): no urllib (absent in MicroPython), the
escapes are decoded by hand; no pyscript or js (the page's adapter reads the address).
"""


class LinkError(ValueError):
    """A deep link's fragment that cannot be read: a percent escape that is not UTF-8."""


# The deal numbers a link may give: those the setup form's number input accepts (index.html:
# min 0, max 2147483647), all within the engine's own range (schema.SEED_RANGE), so that the
# form can show the link's number and start it again (DECISIONS W-19).
LINK_SEED_MAX = 2147483647

# What a deep link can be told: the catalogue keys of the notes `read_link` gives.
NOTE_BAD = "link.bad"
NOTE_SEED = "link.seed_ignored"
NOTE_LESSON = "link.no_lesson"
# A friends' table's link: `#friends=<invitation code>` (issue 24).
FRIENDS_KEY = "friends"


def unquote(text):
    """Decode %XX escapes and `+` of a URL fragment value (no urllib in MicroPython).

    Raises LinkError when the escapes do not spell UTF-8 text (`%FF`, a lone `%C3`, an
    encoded surrogate): never a UnicodeError, which start-up does not expect."""
    if "%" not in text:
        return text.replace("+", " ")
    out = bytearray()
    i = 0
    raw = text.replace("+", " ").encode()
    while i < len(raw):
        c = raw[i]
        if c == 37 and i + 2 < len(raw):
            try:
                out.append(int(raw[i + 1:i + 3].decode(), 16))
                i += 3
                continue
            except ValueError:
                pass
        out.append(c)
        i += 1
    try:
        decoded = bytes(out).decode()
    except (UnicodeError, ValueError):
        raise LinkError("not UTF-8") from None
    for ch in decoded:
        if 0xD800 <= ord(ch) <= 0xDFFF:  # MicroPython decodes an encoded surrogate as one
            raise LinkError("a surrogate")
    return decoded


def parse_value(text):
    """A deep-link option value as JSON would give it: bool, int, or string."""
    low = text.lower()
    if low in ("true", "on", "yes"):
        return True
    if low in ("false", "off", "no"):
        return False
    if len(text) > 18:  # no option is that large; MicroPython would build the number
        return text
    try:
        return int(text)
    except ValueError:
        return text


def _params(fragment):
    """The fragment's `key=value` pairs, decoded (LinkError for a malformed escape)."""
    if fragment.startswith("#"):
        fragment = fragment[1:]
    params = {}
    for part in fragment.split("&"):
        if not part:
            continue
        if "=" in part:
            key, value = part.split("=", 1)
        else:
            key, value = part, "true"
        params[unquote(key)] = unquote(value)
    return params


def link_seed(text):
    """A link's deal number: a whole number from 0 to LINK_SEED_MAX, else None (no sign,
    no exponent, no 100,000 digits: the length is checked before the number is built)."""
    text = text.strip()
    if not text or len(text) > len(str(LINK_SEED_MAX)):
        return None
    for ch in text:
        if not "0" <= ch <= "9":  # isdigit() is wider in CPython (Arabic-Indic digits)
            return None
    value = int(text)
    return value if value <= LINK_SEED_MAX else None


def parse_deep_link(fragment):
    """Read `#variant=kozel&players=4&seed=7&seats=human,ai:hard,ai,ai&opt.NAME=VALUE`.

    Returns None when the fragment names no variant, else a dict with `variant`, `options`
    (with `players` when given), `seed` (int or None) and `seats` (list or None), and
    `notes` (catalogue keys) when something of the link was ignored: a deal number outside
    0 to LINK_SEED_MAX. Values are checked by the engine, not here: an unknown option comes
    back as a protocol error. Raises LinkError for a malformed escape (`read_link` does not).
    """
    params = _params(fragment)
    variant = params.get("variant")
    if not variant:
        return None
    options = {}
    for key in params:
        if key.startswith("opt."):
            options[key[4:]] = parse_value(params[key])
    if "players" in params:
        options["players"] = parse_value(params["players"])
    if "partnership" in params:
        options["partnership"] = parse_value(params["partnership"])
    seed = None
    notes = []
    if params.get("seed", "").strip():
        seed = link_seed(params["seed"])
        if seed is None:
            notes.append(NOTE_SEED)
    seats = None
    if "seats" in params:
        seats = []
        for kind in params["seats"].split(","):
            kind = kind.strip()
            if kind:
                seats.append(kind)
    out = {"variant": variant, "options": options, "seed": seed, "seats": seats}
    if notes:
        out["notes"] = notes
    return out


def lesson_name_ok(lesson):
    """True for a name that can be a variant's id (`kozel`, `vn_iwin`): the lesson's file
    is fetched by it."""
    if not lesson or len(lesson) > 40:
        return False
    for ch in lesson:
        if not ("a" <= ch <= "z" or "0" <= ch <= "9" or ch == "_"):
            return False
    return True


def parse_lesson_link(fragment):
    """Read a lesson's deep link, `#lesson=kozel&lang=ru` (the rules pages link to it).

    Returns None when the fragment names no lesson (or a name that cannot be a variant's),
    else {"lesson": variant id, "lang": the language asked for, or None}. Raises LinkError
    for a malformed escape (`read_link` does not)."""
    params = _params(fragment)
    lesson = params.get("lesson") or ""
    if not lesson_name_ok(lesson):
        return None
    return {"lesson": lesson, "lang": params.get("lang") or None}


def read_link(fragment):
    """Everything the page does with its address's fragment, never raising: {"match": the
    `parse_deep_link` dict or None, "lesson": the `parse_lesson_link` dict or None, "notes":
    catalogue keys of what the player is told}. A fragment that cannot be read at all is
    ignored whole (`link.bad`); a lesson name that cannot be a variant's is refused
    (`link.no_lesson`); a deal number out of range is dropped (`link.seed_ignored`)."""
    found = {"match": None, "lesson": None, "friends": None, "notes": []}
    try:
        params = _params(fragment)
        match = parse_deep_link(fragment)
        lesson = parse_lesson_link(fragment)
    except (ValueError, UnicodeError):  # LinkError, or what else a bad fragment raises
        found["notes"].append(NOTE_BAD)
        return found
    if match is not None:
        found["notes"].extend(match.pop("notes", []))
    if "lesson" in params and lesson is None:
        found["notes"].append(NOTE_LESSON)
    found["match"] = match
    found["lesson"] = lesson
    given = params.get(FRIENDS_KEY)
    found["friends"] = friends_code(given)
    if given is not None and found["friends"] is None:
        found["notes"].append(NOTE_BAD)
    return found


def friends_code(text):
    """A friends' table's invitation code from a link (`#friends=ABCDE-12345`): its letters
    and digits upper-cased, the separators dropped; None unless that leaves 10 of them
    (web/peer.js `readCode` reads the code strictly when the guest joins)."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = ""
    for ch in text.upper():
        if ch in "- ":
            continue
        if not ("0" <= ch <= "9" or "A" <= ch <= "Z"):
            return None
        code += ch
    return code if len(code) == 10 else None


def scanned_text(text):
    """A QR code's text read by the camera (DECISIONS W-73), as the menu's code field takes
    it: an invitation link's code (the part after `#friends=`, the QR code a host's lobby
    shows), else the text itself (a room code, or a host's offer code on the manual path),
    white space dropped and cut to the field's 800 characters. The field's Join then reads
    it as it reads a typed code."""
    text = "".join(str(text).split())[:4000]
    if "#" in text:
        try:
            given = _params(text.split("#", 1)[1]).get(FRIENDS_KEY)
        except (ValueError, UnicodeError):  # a malformed escape: the text as read
            given = None
        if given is not None:
            text = given
    return text[:800]
