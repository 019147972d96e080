"""The end-of-hand dialog (built by summary.py), which the player may close to study the
board and open again, and after the match offers a rematch beside the menu."""

import screens
import summary
import dom
from dom import byid
from store import S, tr


def result_wanted():
    """Whether the end-of-hand dialog is to be shown now."""
    state = S["state"]
    if state is None or not state.get("hand_over") or state.get("hand_result") is None:
        return False
    return S["result_closed"] != state["state_id"] and screens.showing(screens.GAME)


def render():
    state = S["state"]
    box = byid("result")
    over_hand = state is not None and bool(state.get("hand_over")) \
        and state.get("hand_result") is not None
    byid("result-open").hidden = not over_hand
    over = bool(state is not None and (state.get("match_over")
                                       or (state.get("match") or {}).get("over")))
    byid("table-next").hidden = not over_hand or over or result_wanted()
    # A friend's device keeps no record of the match (the host's does): no review, no
    # export there, and the host alone starts a rematch.
    guest = (S["friends"] or {}).get("role") == "guest"
    byid("table-rematch").hidden = not over or result_wanted() or guest
    for part in ("result-review", "result-export"):
        byid(part).hidden = guest
    if not result_wanted():
        box.hidden = True
        return
    parts = summary.build(S["lang"], state, S["names"])
    byid("result-title").textContent = parts["title"]
    byid("result-text").textContent = parts["text"]
    byid("result-table").innerHTML = parts["table"]
    items = byid("result-items")
    items.innerHTML = parts["items"]
    items.hidden = not parts["items"]
    board = byid("result-board")
    board.innerHTML = parts["scoreboard"]
    board.hidden = not parts["scoreboard"]
    byid("result-match").textContent = parts["match"]
    byid("result-next").hidden = over
    byid("result-rematch").hidden = not over or guest
    byid("result-review-match").hidden = not over or guest  # the whole match, once over
    # Beside "Review the match", the one-hand review says which hand it is.
    review_key = "review.open_last_hand" if over else "review.open_hand"
    review = byid("result-review")
    review.setAttribute("data-i18n", review_key)
    review.textContent = tr(review_key)
    was_hidden = bool(box.hidden)
    box.hidden = False
    if was_hidden:
        # Its first button takes the focus and its top shows at the next frame: either, here,
        # would lay out the page with the summary just written, in this task (W-85).
        _opened["focus"] = "result-next" if not over else "result-rematch"
        dom.next_frame(_focus_opened)


# The result dialog's button to focus once it has opened (`_focus_opened`).
_opened = {"focus": None}


def _focus_opened(timestamp=None):
    """The result dialog just opened: focus its first button and scroll it to its top, unless
    it closed meanwhile."""
    name = _opened["focus"]
    _opened["focus"] = None
    box = byid("result")
    if name is None or box.hidden:
        return
    byid(name).focus()
    box.querySelector(".dialog").scrollTop = 0
