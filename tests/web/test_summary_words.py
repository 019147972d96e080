"""The end-of-hand summary's words (web/page/summary.py) and the review's (textfmt's helpers for
review_view.py), from real `state` answers of the engine: who went out with partners, the
viewer's own forms of a sentence, who receives in School@net's block lines, seat labels that fit
a 320-px phone, and the words of a draw, a pass and the viewer's view in the review
(/work/shared/LANGUAGE_REVIEW.md P-V1 to P-V4, R-2 to R-6, P-X1, the 320-px payments table).

RULES.md: 2.2.4 (who pays whom in a School@net block), 2.3 (iWin payments), 3.1 (partners)
"""

import ast
import json
from pathlib import Path

import i18n
import pytest
import summary
import textfmt

from domino.rules.ruleset import get_ruleset, reading
from domino.session import Session

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("vi", "en", "ru")


def hand_end(variant, seed, options, seats):
    """The `state` answer at the end of the first hand (a human seat plays its first legal
    move, the computers theirs)."""
    session = Session()
    answer = json.loads(session.handle(json.dumps(
        {"type": "new_match", "variant": variant, "seed": seed, "options": options,
         "seats": seats})))
    while not answer.get("hand_over"):
        if answer.get("to_move_kind") == "human":
            move = answer["moves"][0]
            if isinstance(move, dict):
                move = move.get("notation") or move.get("move")
            message = {"type": "play", "state_id": answer["state_id"], "move": move}
        else:
            message = {"type": "ai_move", "state_id": answer["state_id"]}
        answer = json.loads(session.handle(json.dumps(message)))
        assert answer["type"] == "state", answer
    return answer


PARTNERS = {"players": 4, "partnership": True}
YOU_SECOND = ["ai", "human", "ai", "ai"]  # the viewer is seat 1, partner of seat 3


def test_with_partners_only_the_one_who_went_out_went_out_and_the_team_won():
    """Block in pairs, seed 6: Computer 4 plays its last tile; the viewer (seat 2) is its
    partner. Before, every language said that both went out ("Bạn và Máy 4 đã đánh hết
    quân")."""
    state = hand_end("block", 6, PARTNERS, YOU_SECOND)
    result = state["hand_result"]
    assert result["termination"] == "domino" and result["winner"] == [1, 3]
    assert state["hands"][3] == [] and state["hands"][1] != []
    assert summary.headline("en", state)[:2] == ["Computer 4 went out.",
                                                 "Winner: You and Computer 4."]
    assert summary.headline("vi", state)[:2] == ["Máy 4 đã đánh hết quân.",
                                                 "Bạn và Máy 4 thắng ván này."]
    assert summary.headline("ru", state)[:2] == ["Компьютер 4: выход!",
                                                 "Победа в коне: Вы и Компьютер 4."]


def test_the_viewer_who_went_out_has_their_own_sentence():
    state = hand_end("block", 3, PARTNERS, YOU_SECOND)
    assert state["hand_result"]["winner"] == [1, 3] and state["hands"][1] == []
    assert summary.headline("ru", state)[0] == "Вы вышли!"  # not "Вы: выход!"
    assert summary.headline("vi", state)[0] == "Bạn đã đánh hết quân."
    assert summary.headline("en", state)[0] == "You went out."


def test_went_out_falls_back_to_the_ranking_when_hands_are_not_known():
    state = {"hand_result": {"winner": [0, 2], "ranking": [2, 0, 1, 3]}, "hands": []}
    assert summary.went_out(state, [0, 2]) == 2


def test_the_viewer_comes_first_when_names_are_joined():
    """"Bạn" is capitalised only at the start of a sentence: "Bạn và Máy 2", never "Máy 2 và
    Bạn" (GLOSSARY grammar)."""
    assert i18n.join_names("vi", ["Máy 2", "Bạn"]) == "Bạn và Máy 2"
    assert i18n.join_names("ru", ["Компьютер 2", "Вы"]) == "Вы и Компьютер 2"
    assert i18n.join_names("en", ["A", "You", "C"]) == "You, A and C"
    state = hand_end("block", 6, PARTNERS, ["ai", "ai", "ai", "human"])  # the viewer is seat 4
    assert state["hand_result"]["winner"] == [1, 3]
    assert "Bạn và Máy 2 thắng ván này." in summary.headline("vi", state)


def schoolnet_block(blocker_wins, viewer_is_setter=False):
    """A School@net block by seat 2 set up by seat 1 (RULES.md 2.2.4), as a state answer."""
    seats = ["human", "ai", "ai", "ai"] if viewer_is_setter else ["ai", "human", "ai", "ai"]
    return {"variant": "vn_schoolnet", "seats": seats, "viewer": 0 if viewer_is_setter else 1,
            "reading": reading(get_ruleset("vn_schoolnet", {"players": 4})),
            "hand_result": {"termination": "blocked", "winner": 2 if blocker_wins else 3,
                            "blocker": 2, "gai": 0, "ranking": [], "pips": [5, 6, 0, 3],
                            "delta": [0, 0, 0, 0]},
            "hands": [], "match": {}}


def test_the_russian_block_lines_say_who_receives_and_use_one_word_each():
    """R-2 to R-5: the blocker "устроил рыбу", the setter "подставился под рыбу"; when the
    blocker loses, the setter *receives* the whole sum (before: "вся сумма от виновника рыбы",
    with no verb)."""
    won = " ".join(summary.headline("ru", schoolnet_block(True)))
    lost = " ".join(summary.headline("ru", schoolnet_block(False)))
    assert "Рыбу устроил(а) Компьютер 3 — и выиграл(а)." in won
    assert "Компьютер 1 подставился под рыбу и платит за всех тому, кто её устроил." in won
    assert "Рыбу устроил(а) Компьютер 3 — и проиграл(а)." in lost
    assert "Компьютер 1 подставился под рыбу и получает всю сумму с того, кто её устроил." \
        in lost
    for text in (won, lost):
        assert "подготовка" not in text and "виновник" not in text
    you = " ".join(summary.headline("ru", schoolnet_block(False, viewer_is_setter=True)))
    assert "Вы подставились под рыбу и получаете всю сумму" in you
    assert "Вы подставились" in " ".join(summary.headline("ru", schoolnet_block(
        True, viewer_is_setter=True)))
    vi = " ".join(summary.headline("vi", schoolnet_block(True, viewer_is_setter=True)))
    assert "Bạn gài triệt và phải đền cho tất cả." in vi


def test_every_you_form_exists_and_names_nobody():
    for lang in LANGS:
        for key in ("result.domino", "result.blocker_won", "result.blocker_lost",
                    "result.gai_pays", "result.gai_collects"):
            text = i18n.t(lang, key + "_you")
            assert text != key + "_you" and "{" not in text, (lang, key)


def test_the_payments_table_names_seats_short_enough_for_a_phone():
    """320-px phone, ru: "Компьютер 2" twice per row made the iWin payments table 331 px wide
    in a 310-px dialog. The table names seats as the scoreboard does ("К2", the full name in
    the title)."""
    state = hand_end("vn_iwin", 1, {"players": 4}, ["human", "ai", "ai", "ai"])
    html = summary.items_html("ru", state)
    assert html.count("<tr data-kind") >= 3
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    cells = [cell.split(">", 1)[1] for cell in body.split("<td")[1:]]
    assert not any("Компьютер" in cell for cell in cells), cells
    assert any(cell.startswith("К") and cell[1].isdigit() for cell in cells), cells
    assert 'title="Компьютер ' in body


def test_the_review_names_the_viewers_view_in_its_own_words():
    seats = ["human", "ai", "ai", "ai"]
    assert textfmt.seen_label("vi", 0, seats, 0) == "Như bạn thấy"
    assert textfmt.seen_label("ru", 0, seats, 0) == "Как видели вы"
    assert textfmt.seen_label("en", 0, seats, 0) == "As you saw it"
    assert textfmt.seen_label("ru", 2, seats, 0) == "Глазами игрока: Компьютер 3"
    for lang in LANGS:
        assert "Bạn" not in textfmt.seen_label(lang, 0, seats, 0)


def test_the_review_draws_from_kozels_market_and_nouns_follow_a_name():
    kozel = reading(get_ruleset("kozel", {"players": 4}))
    draw = reading(get_ruleset("draw", {"players": 2}))
    assert i18n.t("vi", textfmt.move_key("draw", kozel)) == "bốc ở chợ"
    assert i18n.t("en", textfmt.move_key("draw", kozel)) == "draws from the market"
    assert i18n.t("vi", textfmt.move_key("draw", draw)) == "bốc từ khay dự bị"
    assert textfmt.move_key("pass", kozel) == "review.move_knock"
    assert textfmt.move_key("pass", draw) == "review.move_pass"
    assert textfmt.move_key("leave", draw) == "review.move_leave"
    # "{name}: {move}" takes a noun in Russian: "Вы: добор с базара", never "Вы: берёт…".
    for kind in ("draw", "leave"):
        line = i18n.t("ru", "review.played", name="Вы", move=i18n.t("ru", textfmt.move_key(
            kind, kozel)))
        assert line in ("Вы: добор с базара", "Вы: выход из-за стола"), line


def test_an_engine_that_fails_to_start_is_said_in_the_players_words():
    """P-X1: the page showed "Không khởi động được trò chơi: TypeError: …". The message has no
    place for the exception, and link.py passes it none (it logs the detail instead)."""
    for lang in LANGS:
        assert "{" not in i18n.catalogue(lang)["engine.failed"], lang
    tree = ast.parse((ROOT / "web" / "page" / "link.py").read_text(encoding="utf-8"))
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
             and node.args and isinstance(node.args[0], ast.Constant)
             and node.args[0].value == "engine.failed"]
    assert calls, "link.py shows engine.failed"
    for call in calls:
        assert not call.keywords, ast.unparse(call)


@pytest.mark.parametrize("lang", LANGS)
def test_an_empty_table_does_not_claim_it_is_the_viewers_lead(lang):
    """R-21: the empty table is drawn while a computer is about to lead too."""
    text = i18n.t(lang, "game.empty_table")
    for claim in ("ваш заход", "hãy ra", "lead a tile"):
        assert claim not in text
