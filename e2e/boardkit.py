"""What the browser tests of the table's size share (issue 25): the sizes, opening a page at
one, the table's figures, the Mexican Train tables they open, and the checks of your hand's
row (every tile readable, the tiles you can play whole and a 24 px target). Not a test file:
test_board_size, test_board_trains, test_long_hand, test_hand_turn and test_train_fold
import from it.

RULES.md: none (screen layout only; no rule is read or changed)
"""

from conftest import settle, wait_engine, wait_my_turn

SIZES = [(390, 844), (320, 568), (844, 390), (768, 1024), (1366, 768), (1920, 1080)]


MIN_TILE_PX = 40.0


MIN_AREA = 0.5


MEASURE = """() => {
  const wrap = document.querySelector('#table-wrap').getBoundingClientRect();
  const seats = [...document.querySelectorAll('#game .seat')].map((s) => {
    const r = s.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; });
  return {x: wrap.x, y: wrap.y, w: wrap.width, h: wrap.height, seats,
          unit: Number(document.querySelector('#table').dataset.unit || 0),
          vw: window.innerWidth, vh: window.innerHeight};
}"""


def open_page(browser, site, size, address=""):
    """A page of `size` (a context of its own) on the site's `address`, its engine ready,
    with the console's errors collected in the returned list."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  device_scale_factor=1)
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(site + address)
    wait_engine(page)
    return context, page, errors


def open_at(browser, site, size, fragment):
    """A page of `size` on the deep link `fragment`, at the human's first turn, drawn still."""
    context, page, errors = open_page(browser, site, size, "index.html#" + fragment)
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    wait_my_turn(page)
    settle(page)
    return context, page, errors


def figures(page):
    """(tile length in px, the table's share of the viewport, the raw measures)."""
    data = page.evaluate(MEASURE)
    return 2.0 * data["unit"], data["w"] * data["h"] / (data["vw"] * data["vh"]), data


SEEN = """() => { const wrap = document.querySelector('#table-wrap').getBoundingClientRect();
  const c = document.querySelector('#table').getBoundingClientRect();
  const marks = JSON.parse(document.querySelector('#table').dataset.glow || '[]');
  return {wrap: [wrap.x, wrap.y, wrap.width, wrap.height], marks: marks.map((m) =>
    [c.x + m.x, c.y + m.y, m.w, m.h, m.end])}; }"""


# True once the table's scroll position is the same in two animation frames running: a smooth
# scroll to the targets, if any, has ended (polled every frame).
SCROLL_STILL = """() => { const w = document.querySelector('#table-wrap');
  const now = w.scrollLeft + ',' + w.scrollTop;
  const same = window.__tableScroll === now; window.__tableScroll = now; return same; }"""


def wait_scroll_still(page):
    page.evaluate("window.__tableScroll = null")
    page.wait_for_function(SCROLL_STILL, polling="raf", timeout=10_000)


def status_words():
    """Every status a seat of the band shows, in each language of the catalogue (the page's
    own i18n modules run under CPython), with the classes the page gives the seat with it
    (seats.seat_html: a computer to move "thinking", which adds " …"; a seat that left)."""
    import i18n

    classes = {"seat.thinking": "to-move thinking", "seat.left": "left-table",
               "seat.to_play": "to-move", "friends.away": "away"}
    words = []
    for lang in ("vi", "en", "ru"):
        for key, cls in sorted(classes.items()):
            words.append([i18n.t(lang, key), cls])
    return words


# Eight players, the seven computers at every level (the band's narrowest seats).
CROWD_LEVELS = ["easy", "medium", "hard", "expert", "easy", "medium", "hard"]


CROWD = "variant=mexican_train&players=8&seed=4&seats=human," + ",".join(
    "ai:" + level for level in CROWD_LEVELS)


def mexican(players: int) -> str:
    """Mexican Train on seed 4: you and `players` - 1 computers at the default level."""
    return (f"variant=mexican_train&players={players}&seed=4&seats="
            + ",".join(["human"] + ["ai"] * (players - 1)))


def crowd(players: int) -> str:
    """The crowded table of `players`: eight are CROWD's mixed levels, fewer `mexican`."""
    return CROWD if players == 8 else mexican(players)


def in_language(page, lang: str) -> None:
    """Switch the page to `lang` and wait until it has re-rendered and settled."""
    page.select_option("#lang", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    settle(page)


# The band above the table takes at most this share of the screen's height with seven
# opponents (it took 0.23 at 320x568 and 0.15 at 390x844 before W-87).
MAX_BAND = 0.18


BAND = """() => { const band = document.querySelector('#seats-top').getBoundingClientRect();
  const seats = [...document.querySelectorAll('#seats-top .seat')].map((s) => {
    const name = s.querySelector('.seat-name');  // innerText: the name shown, full or short
    const face = s.querySelector('.face');
    return {seat: Number(s.dataset.seat), name: name.innerText.trim(),
            cut: name.scrollWidth > name.clientWidth + 1,
            face: face ? face.getAttribute('class') : '', drawing: face ? face.innerHTML : ''}; });
  return {x: band.x, y: band.y, w: band.width, h: band.height, seats}; }"""


# A tile of your hand you can play is whole and at least this wide (WCAG 2.2's smallest
# target, 24 px) while the row has room for that; any other shows at least FAN_FLOOR of its
# width (its left column of pips) and is at least FAN_NARROW px wide (W-119); FAN_READ of it
# (its left and middle columns, which name every number) wherever the tiles you can play show
# that much of theirs (W-127).
MIN_TAP_PX = 24.0


FAN_FLOOR = 0.4


FAN_READ = 0.6


FAN_NARROW = 19.2


# A long hand on a phone lies in two rows of whole tiles (W-133), each at least this wide.
ROW_NARROW = 16.0


# Each tile of the hand in the order shown: its rect, the part of it no later tile of its row
# covers (later tiles are painted over earlier ones), whether it can be played, and whether the
# element a tap at the middle of that part reaches is the tile itself; and the hand's width.
FAN = """() => { const tiles = [...document.querySelectorAll('#hand .tile')];
  const hand = document.querySelector('#hand').getBoundingClientRect();
  const foot = (t) => t.offsetTop + t.offsetHeight;
  return tiles.map((t, i) => { const r = t.getBoundingClientRect(), n = tiles[i + 1];
    const next = n && Math.abs(foot(n) - foot(t)) <= 1 ? n.getBoundingClientRect().left : Infinity;
    const right = Math.min(r.right, next), x = (r.left + right) / 2, y = (r.top + r.bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    return {tile: t.dataset.tile, playable: t.classList.contains('playable'),
            bottom: t.offsetTop + t.offsetHeight, hand: hand.width,
            left: r.left, right: r.right, width: r.width, shown: right - r.left, x, y,
            inside: r.left >= hand.left - 0.5 && r.right <= hand.right + 0.5,
            hit: !!hit && hit.closest('.tile') === t}; }); }"""


def check_packed_row(page) -> list:
    """Your tiles lie in one row inside the hand's box, laid as a fan where the row is short
    (W-119, W-127): each tile reached by a tap at the middle of what it shows; each tile you
    can play whole and at least MIN_TAP_PX wide; each other tile at least FAN_NARROW px wide,
    showing at least FAN_READ of its width. Where the row cannot hold the playable tiles whole
    beside the others at FAN_READ of their widths (the tiles' size is the hand's, whatever can
    be played, W-127), the playable tiles but the last each show the same part; the others
    show FAN_READ where that part is more than FAN_READ of a playable tile, else at least
    FAN_FLOOR. A long hand on a phone lies in two rows of whole tiles instead (W-133,
    `check_two_rows`). Returns the tiles' figures (FAN)."""
    fan = page.evaluate(FAN)
    bottoms = [t["bottom"] for t in fan]  # whole px: a row's may differ by one
    if max(bottoms) - min(bottoms) > 1:
        check_two_rows(fan)
        return fan
    rest = fan[:-1]
    need = fan[-1]["width"] + sum(
        t["width"] if t["playable"] else FAN_READ * t["width"] for t in rest)
    alike = need > fan[0]["hand"] + 0.5
    shown = [t["shown"] / t["width"] for t in rest if t["playable"]]
    # Only past FAN_READ of their own do the playable tiles leave the others less than theirs.
    readable = not alike or not shown or min(shown) >= FAN_READ + 0.02
    for t in fan:
        assert t["inside"], f"{t['tile']} lies outside your hand's box: {t}"
        assert t["width"] >= FAN_NARROW - 0.05, t
        # What the fan shows of a tile is on top there (no raised tile before it covers it).
        assert t["hit"], f"{t['tile']} is covered where it should show: {t}"
        if t["playable"]:
            assert t["width"] >= MIN_TAP_PX - 0.05, t
            assert alike or t["shown"] >= t["width"] - 0.5, t
        else:
            floor = FAN_READ if readable else FAN_FLOOR
            assert t["shown"] >= floor * t["width"] - 0.5, (floor, t)
    if alike:
        parts = [t["shown"] for t in rest if t["playable"]]
        assert max(parts) - min(parts) <= 0.5, fan
    return fan


def check_two_rows(fan: list) -> None:
    """A long hand on a phone (W-133): two rows, the first holding the longer half, every
    tile whole, at least ROW_NARROW px wide, inside the hand's box and reached by a tap at its
    middle; each row left to right in the hand's order, the tiles an even share of the row's
    width apart (W-141)."""
    first = fan[0]["bottom"]
    top = [t for t in fan if abs(t["bottom"] - first) <= 1]
    rest = fan[len(top):]
    assert len(top) == (len(fan) + 1) // 2, f"the first row holds {len(top)} of {len(fan)}"
    assert all(abs(t["bottom"] - rest[0]["bottom"]) <= 1 for t in rest), f"more rows: {fan}"
    assert rest[0]["bottom"] > first, fan
    # Each tile in the middle of an even share of the row (W-141): its slot, its tap target.
    share = fan[0]["hand"] / len(top)
    for row in (top, rest):
        for a, b in zip(row, row[1:], strict=False):
            assert a["right"] <= b["left"] + 0.5, f"{a['tile']} overlaps {b['tile']}"
            step = (b["left"] + b["right"] - a["left"] - a["right"]) / 2
            assert step >= share - 1.5, f"{a['tile']}, {b['tile']}: {step:.1f} of {share:.1f} px"
    for t in fan:
        assert t["inside"], f"{t['tile']} lies outside your hand's box: {t}"
        assert t["shown"] >= t["width"] - 0.5, f"{t['tile']} is covered: {t}"
        assert t["width"] >= ROW_NARROW - 0.05, t
        assert t["hit"], f"{t['tile']} is covered where it should show: {t}"


# Each tile you can play, its tap target as a finger meets it: the points of a 1 px grid over
# the tile and 8 px around it where the element a tap reaches is that tile (elementFromPoint),
# the side of the largest square of such points and a point at that square's middle, and how
# many of them lie inside another tile's box (there the finger would see that other tile).
TARGETS = """() => { const tiles = [...document.querySelectorAll('#hand .tile')];
  const boxes = tiles.map((t) => t.getBoundingClientRect());
  return tiles.map((t, k) => { if (!t.classList.contains('playable')) return null;
    const r = boxes[k], x0 = Math.floor(r.left) - 8, y0 = Math.floor(r.top) - 8;
    const W = Math.ceil(r.right) + 8 - x0, H = Math.ceil(r.bottom) + 8 - y0;
    const prev = new Array(W + 1).fill(0); let side = 0, at = null, foreign = 0;
    for (let j = 0; j < H; j++) { let diag = 0;
      for (let i = 0; i < W; i++) { const x = x0 + i + 0.5, y = y0 + j + 0.5;
        const e = document.elementFromPoint(x, y), ok = !!e && e.closest('.tile') === t;
        if (ok && boxes.some((b, m) => m !== k && x > b.left && x < b.right && y > b.top
                                      && y < b.bottom)) foreign++;
        const up = prev[i + 1]; prev[i + 1] = ok ? Math.min(prev[i], up, diag) + 1 : 0; diag = up;
        if (prev[i + 1] > side) { side = prev[i + 1]; at = [x - side / 2, y - side / 2]; } } }
    return {tile: t.dataset.tile, width: r.width, side, at, foreign}; }).filter((t) => t); }"""


def check_targets(page) -> list:
    """Every tile you can play is a tap target of at least MIN_TAP_PX x MIN_TAP_PX CSS px
    (WCAG 2.2's 2.5.8 by size, not by spacing): a square that large of points where a tap
    reaches that tile, none of which lies on another tile the finger would see (W-133).
    Returns the targets (TARGETS)."""
    targets = page.evaluate(TARGETS)
    for t in targets:
        assert t["side"] >= MIN_TAP_PX, f"{t['tile']}: a {t['side']} px square target: {t}"
        assert t["foreign"] == 0, f"{t['tile']} is reached over another tile: {t}"
    return targets


# What each language's seat may show for computer N: its whole name, else its middle form.
NAME_FORMS = {"en": ("Computer {n}", "Comp. {n}"), "vi": ("Máy {n}", "Máy {n}"),
              "ru": ("Компьютер {n}", "Комп. {n}")}
