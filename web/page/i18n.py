"""Message catalogue of the web UI: every string the page shows, in Vietnamese, English and
Russian, in the words of the glossary (docs: /work/shared/GLOSSARY.md). The words of each
language are in its module (`i18n_vi.py`, `i18n_en.py`, `i18n_ru.py`), loaded when that
language is first used; this module holds what formats them.

Plain Python that runs under MicroPython (the page) and CPython (pytest): no f-string tricks
that MicroPython lacks, no dict ordering assumptions. `t(lang, key, **values)` formats one
message; a key missing in a language falls back to English, then to the key itself, so a gap
is visible instead of a crash.
"""

LANGS = ("vi", "en", "ru")
DEFAULT_LANG = "en"

# Each language's words are in its own module (i18n_en.py, i18n_vi.py, i18n_ru.py), loaded
# by `use` when the language is first needed: a page in Vietnamese never compiles the Russian
# messages. These tables hold the languages loaded so far, by language.
CATALOGUE = {}
PLURAL = {}
VARIANT_TEXT = {}
OPTION_TEXT = {}
CHOICE_TEXT = {}


def use(lang):
    """Load `lang`'s words if they are not loaded yet; returns the language used (English for
    an unknown one)."""
    if lang not in LANGS:
        lang = DEFAULT_LANG
    if lang not in CATALOGUE:
        module = __import__("i18n_" + lang)
        CATALOGUE[lang] = module.MESSAGES
        PLURAL[lang] = module.PLURAL
        VARIANT_TEXT[lang] = module.VARIANTS
        OPTION_TEXT[lang] = module.OPTIONS
        CHOICE_TEXT[lang] = module.CHOICES
    return lang


def catalogue(lang):
    """The messages of `lang` (loaded if needed)."""
    return CATALOGUE[use(lang)]


def load_all():
    """Load every language (tests and tools that compare them)."""
    for lang in LANGS:
        use(lang)


# Plural forms by count (each language's PLURAL), for the messages that hold a count `{n}`:
# English (one, other), Russian (one: 1, 21, 31...; few: 2-4, 22-24...; many: 0, 5-20,
# 25-30...). Vietnamese nouns do not change with the count, so it needs none. `t` picks the
# form when the message is given `n`; the catalogue's own text is the form used when the count
# is not a number.

# How numbers are written: Vietnamese 12.000 and 0,5; English 12,000 and 0.5; Russian 12 000
# (a no-break space) and 0,5.
DIGIT_SEP = {"vi": ".", "en": ",", "ru": "\u00a0"}
DECIMAL_SEP = {"vi": ",", "en": ".", "ru": ","}

def _option_entry(lang, name, variant):
    """(label, description) of an option: the variant's own wording first ("vn_schoolnet:stake"
    is money per point), then the option's, in `lang`, else in English; None when unknown."""
    table = OPTION_TEXT[use(lang)]
    entry = None
    if variant:
        entry = table.get(str(variant) + ":" + name)
    if entry is None:
        entry = table.get(name)
    if entry is None and lang != "en":
        entry = _option_entry("en", name, variant)
    return entry


def option_label(lang, name, variant=None):
    """The localized label of an engine option (its name with spaces when unknown)."""
    entry = _option_entry(lang, name, variant)
    return entry[0] if entry else name.replace("_", " ")


def option_description(lang, name, fallback, variant=None):
    """The localized description of an option, else the engine's own (`fallback`)."""
    entry = _option_entry(lang, name, variant)
    if entry and entry[1]:
        return entry[1]
    return fallback or ""

def choice_label(lang, value, option=None):
    """The localized label of an option choice (the value itself when unknown); `option`
    names the option, for a value that reads differently there ("double_blank_value:0")."""
    table = CHOICE_TEXT[use(lang)]
    if option:
        text = table.get(str(option) + ":" + str(value))
        if text is not None:
            return text
    return table.get(str(value), str(value))


def plural_index(lang, n):
    """Which plural form a count takes: 0 or 1 in English (1 / other), 0, 1 or 2 in Russian
    (1, 21 / 2-4, 22 / 0, 5-20, 25), always 0 in Vietnamese."""
    n = abs(int(n))
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2
    if lang == "en":
        return 0 if n == 1 else 1
    return 0


def _count(value):
    """A count given as a number or as digits (an amount already formatted: "12 000"); None
    when it is not one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    digits = ""
    for ch in str(value):
        if "0" <= ch <= "9":
            digits += ch
    return int(digits) if digits else None


def _template(lang, key, values):
    """The text of `key` in `lang` (English, then the key, if missing), in its plural form for
    `values["n"]` where the message has plural forms."""
    lang = use(lang)
    forms = PLURAL[lang].get(key)
    if forms is not None and "n" in values:
        count = _count(values["n"])
        if count is not None:
            index = plural_index(lang, count)
            return forms[index] if index < len(forms) else forms[-1]
    text = CATALOGUE[lang].get(key)
    if text is None:
        text = catalogue(DEFAULT_LANG).get(key, key)
    return text


def plural(lang, n, key, **values):
    """The message `key` in the plural form for the count `n`, formatted with `n` and
    `values`: plural("ru", 22, "game.tiles") is "22 камня", plural("en", 1, "game.tiles")
    "1 tile". (`t(lang, key, n=...)` does the same; this spells the count out.)"""
    values["n"] = n
    return t(lang, key, **values)


def join_names(lang, names):
    """Several names as one subject: "You and Computer 3", "Bạn và Máy 3", "Вы и Компьютер 3";
    three or more: "A, B and C". The viewer ("You", "Bạn", "Вы") comes first: "Bạn" is
    capitalised only at the start of a sentence, so it never follows another name."""
    names = [str(name) for name in names]
    you = t(lang, "game.you")
    names = [name for name in names if name == you] + [name for name in names if name != you]
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return t(lang, "list.two", a=names[0], b=names[1])
    rest = t(lang, "list.sep").join(names[:-1])
    return t(lang, "list.more", rest=rest, last=names[-1])


def t(lang, key, **values):
    """The message `key` in `lang`, formatted with `values` (English, then the key, if missing);
    a message with plural forms takes the one for the count `n` ("1 tile", "5 камней")."""
    text = _template(lang, key, values)
    if values:
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def _leading_int(text):
    """The whole number at the start of `text` ("12: ..." -> 12), or None."""
    digits = ""
    for ch in text:
        if "0" <= ch <= "9":
            digits += ch
        else:
            break
    return int(digits) if digits else None


def _quoted_after(text, prefix):
    """The quoted value right after `prefix` in `text` ('unknown seat 'robot'' -> robot)."""
    at = text.find(prefix)
    if at < 0:
        return None
    rest = text[at + len(prefix):]
    if not rest or rest[0] not in "'\"":
        return None
    end = rest.find(rest[0], 1)
    if end < 0:
        return None
    return rest[1:end]


def error_places(lang, detail, variant=None):
    """The places and values an engine refusal names, in `lang` words, never its English
    sentence: `seats[2]: unknown seat 'robot'` gives ["player 3", "“robot”"],
    `hand 2, move 5 "6-5@L": ...` ["hand 2", "move 5"], `option 'stake' of vn_iwin ...` or
    `options.stake: ...` ["option “Stake”"]; a detail naming nothing known gives []."""
    detail = str(detail or "")
    places = []
    at = detail.find("seats[")
    if at >= 0:
        index = _leading_int(detail[at + 6:])
        if index is not None:
            places.append(t(lang, "where.seat", n=index + 1))
    at = detail.find("hands[")
    if at >= 0:
        index = _leading_int(detail[at + 6:])
        if index is not None:
            places.append(t(lang, "where.hand", n=index + 1))
    elif detail.startswith("hand "):
        number = _leading_int(detail[5:])
        if number is not None:
            places.append(t(lang, "where.hand", n=number))
    at = detail.find(", move ")
    if at >= 0:
        number = _leading_int(detail[at + 7:])
        if number is not None:
            places.append(t(lang, "where.move", n=number))
    name = None
    if detail.find("unknown option ") < 0:
        name = _quoted_after(detail, "option ")
    if name is None:
        at = detail.find("options.")
        if at >= 0:
            name = ""
            for ch in detail[at + 8:]:
                if ch.isalpha() or ch.isdigit() or ch == "_":
                    name += ch
                else:
                    break
    if name:
        places.append(t(lang, "where.option", name=option_label(lang, name, variant)))
    for prefix in ("unknown seat ", "unknown variant ", "unknown option "):
        value = _quoted_after(detail, prefix)
        if value is not None:
            if prefix == "unknown option ":
                value = option_label(lang, value, variant)
            places.append(t(lang, "where.value", value=value))
    return places


def error_reason(lang, code, detail, variant=None):
    """A refused intent in words, in the player's language: the localized reason for its error
    ``code``, then what the engine's (English) ``detail`` names where it is a place or a
    value (a player, a hand, a move, an option, the value given), never its English words
    (the page may log the detail to the console for whoever needs it). An unknown code
    gives a general reason."""
    key = "reason." + str(code)
    if key not in catalogue(DEFAULT_LANG):
        key = "reason.unknown"
    reason = t(lang, key)
    places = error_places(lang, detail, variant)
    if not places:
        return reason
    return t(lang, "error.detail", reason=reason, detail=t(lang, "list.sep").join(places))


def variant_name(lang, variant_id, fallback=None):
    """The localized name of a variant (the engine's own name, or the id, when unknown)."""
    entry = VARIANT_TEXT[use(lang)].get(variant_id)
    if entry is None:
        return fallback or variant_id
    return entry[0]


def variant_summary(lang, variant_id):
    """The one-line rule summary of a variant, or an empty string when unknown."""
    entry = VARIANT_TEXT[use(lang)].get(variant_id)
    return entry[1] if entry else ""


def detect(languages):
    """Pick the UI language from the browser's preference list (`navigator.languages`): the
    first of vi, en and ru it names ("ru-RU" is ru), else English."""
    for tag in languages or []:
        base = str(tag).lower().split("-")[0]
        if base in LANGS:
            return base
    return DEFAULT_LANG
