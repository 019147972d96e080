"""Write the nine lessons of web/lessons/ (docs/LESSONS.md).

Each lesson's deal was found with `tools/find_lessons.py` (seeded hands played by the
engine's `medium` agents, searched for the situation the lesson teaches). This script plays
the same seeded hand again, checks that the moves the texts talk about are still the ones
played, and writes the lesson file with the complete record. tests/web/test_lessons.py checks
every taught fact against the engine, from the files alone.

    PYTHONPATH=engine:tools python tools/make_lessons.py
"""

from __future__ import annotations

import json
from pathlib import Path

import lessonkit as K

OUT = Path(__file__).resolve().parent.parent / "web" / "lessons"
AGENTS = ("medium",)


def T(vi: str, en: str, ru: str) -> dict:
    return {"vi": vi, "en": en, "ru": ru}


def step(sid: str, when: str, say: dict, at: int | None = None, focus: dict | None = None,
         try_: dict | None = None) -> dict:
    out = {"id": sid}
    if at is not None:
        out["at"] = at
    out["when"] = when
    out["say"] = say
    if focus:
        out["focus"] = focus
    if try_:
        out["try"] = try_
    return out


LESSONS = {}


def lesson(variant: str, options: dict, seed: int, seat: int, title: dict, summary: dict,
           expect: dict, steps: list, state: dict | None = None) -> None:
    LESSONS[variant] = dict(variant=variant, options=options, seed=seed, seat=seat,
                            title=title, summary=summary, expect=expect, steps=steps,
                            state=state)


# --- vn_traditional: triệt, and 0-0 counts 13 ------------------------------------------
lesson(
    "vn_traditional", {"players": 4}, 9, 0,
    T("Triệt và bò trắng 13 điểm", "The block (triệt) and the 0-0 worth 13",
      "Рыба (triệt) и пусто-пусто за 13 очков"),
    T("Triệt ván khi bạn ít chấm nhất, và xem vì sao 0-0 tính 13 chấm.",
      "Block the hand while you hold the fewest pips, and see why the 0-0 counts 13.",
      "Устройте рыбу, когда у вас меньше всех очков, и посмотрите, почему 0-0 стоит 13."),
    {0: "6-6", 4: "pass", 17: "6-2@R"},
    [
        step("deal", "before", T(
            "Bàn 4 người, mỗi người 7 quân, không có khay dự bị. Ván đầu, ai có bò lục (6-6) "
            "phải ra quân đó trước: Máy 4 ra 6-6.",
            "Four players, 7 tiles each, no boneyard. In the first hand the player holding "
            "the 6-6 must lead it: Computer 4 leads the 6-6.",
            "Четыре игрока, по 7 камней, базара нет. В первом кону заходит тот, у кого "
            "дубль 6-6: компьютер 4 ходит 6-6."), at=0, focus={"tiles": ["6-6"], "seats": [3]}),
        step("stuck", "before", T(
            "Máy 4 không có quân nào hợp với hai đầu: bị đứng và bỏ lượt.",
            "Computer 4 has no tile that matches either end: it is stuck and passes.",
            "Компьютеру 4 нечем ходить: ни один его камень не подходит к концам. Он пасует."),
            at=4, focus={"seats": [3]}),
        step("rule", "before", T(
            "Hai đầu là 6 và 2. Khi không ai đánh được nữa, ván bị triệt: người ít chấm nhất "
            "thắng, mỗi người khác trả 4 lần tiền cược.",
            "The ends show 6 and 2. When nobody can play any more, the hand is blocked "
            "(triệt): the player with the fewest pips wins, and every other player pays 4 "
            "times the stake.",
            "На концах 6 и 2. Когда никто больше не может ходить, кон кончается рыбой "
            "(triệt): выигрывает тот, у кого меньше всего очков, а каждый другой платит "
            "4 ставки."), at=17, focus={"ends": ["L", "R"]}),
        step("try", "before", T(
            "Đến lượt bạn. Bạn còn 6-2, 3-3 và 3-0; đặt 6-2 xong, bạn chỉ còn 9 chấm. Hãy đặt "
            "6-2 sao cho ván bị triệt.",
            "Your turn. You hold 6-2, 3-3 and 3-0; once the 6-2 is down you have only 9 pips "
            "left. Play the 6-2 so that the hand is blocked.",
            "Ваш ход. У вас 6-2, 3-3 и 3-0; после хода 6-2 останется всего 9 очков. Поставьте "
            "6-2 так, чтобы вышла рыба."),
            at=17, focus={"tiles": ["6-2"]}, try_={
                "accept": ["6-2@R"],
                "hint": T("Đặt 6-2 vào đầu đang là 2. Khi đó hai đầu đều là 6, và cả bảy quân "
                          "có 6 đã nằm trên bàn.",
                          "Put the 6-2 on the end showing 2. Then both ends show 6, and all "
                          "seven tiles with a 6 are on the table.",
                          "Поставьте 6-2 к концу с двойкой. Тогда на обоих концах 6, а все "
                          "семь камней с шестёркой уже на столе."),
                "wrong": T("Như vậy hai đầu là 2 và 2, và ván vẫn tiếp tục. Hãy tìm nước làm "
                           "cho không ai đánh được nữa.",
                           "Then both ends show 2 and the hand goes on. Look for the move "
                           "after which nobody can play.",
                           "Тогда на концах 2 и 2, и игра продолжается. Найдите ход, после "
                           "которого никто не сможет ходить.")}),
        step("blocked", "after", T(
            "Triệt! Không ai còn quân hợp với đầu 6. Giờ đếm chấm trên tay: bạn 9, Máy 2 11, "
            "Máy 3 18, Máy 4 21.",
            "Blocked! Nobody holds a tile that fits a 6. Now count the pips in hand: you 9, "
            "Computer 2 11, Computer 3 18, Computer 4 21.",
            "Рыба! Ни у кого нет камня к шестёрке. Считаем очки на руках: у вас 9, у "
            "компьютера 2 — 11, у компьютера 3 — 18, у компьютера 4 — 21."), at=17),
        step("thirteen", "end", T(
            "Máy 4 còn 1-0, 2-0, 3-2 và bò trắng 0-0. Ở luật này 0-0 tính 13 chấm, nên Máy 4 "
            "có 21 chấm chứ không phải 8. Nếu 0-0 tính 0, Máy 4 đã thắng. Bạn thắng triệt: "
            "mỗi máy trả 4.000, bạn nhận 12.000.",
            "Computer 4 still holds 1-0, 2-0, 3-2 and the double blank 0-0. In this game 0-0 "
            "counts 13, so Computer 4 has 21 pips, not 8. If 0-0 counted 0, Computer 4 would "
            "have won. You win the block: each computer pays 4,000 and you get 12,000.",
            "У компьютера 4 остались 1-0, 2-0, 3-2 и пусто-пусто 0-0. Здесь 0-0 стоит "
            "13 очков, поэтому у него 21 очко, а не 8. Если бы 0-0 стоил 0, выиграл бы "
            "компьютер 4. Рыба ваша: каждый компьютер платит 4 000, вы получаете 12 000."),
            focus={"tiles": ["0-0"], "seats": [3]}),
    ])

# --- vn_schoolnet: the blocker and gài triệt -------------------------------------------
lesson(
    "vn_schoolnet", {"players": 4}, 42, 3,
    T("Người triệt và gài triệt", "The blocker and setting up the block (gài triệt)",
      "Кто устроил рыбу, и кто её подставил (gài triệt)"),
    T("Triệt ván khi bạn ít chấm nhất, và xem người gài triệt đền cho tất cả.",
      "Block the hand while you hold the fewest pips, and see the one who set up the block "
      "pay for everyone.",
      "Устройте рыбу, когда у вас меньше всех очков, и посмотрите, как подставивший платит "
      "за всех."),
    {0: "5-3", 15: "1-1@L", 16: "5-1@L"},
    [
        step("deal", "before", T(
            "Bàn 4 người, mỗi người 7 quân. Ở School@net, người thua trả theo số chấm còn trên "
            "tay. Bạn ra quân trước, và được ra quân bất kỳ.",
            "Four players, 7 tiles each. In School@net the losers pay by the pips left in "
            "their hands. You lead, and any tile may be led.",
            "Четыре игрока, по 7 камней. В School@net проигравшие платят по очкам, оставшимся "
            "на руке. Вы заходите, и можно зайти любым камнем."), at=0, focus={"seats": [3]}),
        step("upstream", "before", T(
            "Máy 3 đánh ngay trước bạn. Máy 3 có thể đánh 3-1 hoặc 1-1, và chọn 1-1.",
            "Computer 3 plays just before you. It could play the 3-1 or the 1-1, and it picks "
            "the 1-1.",
            "Компьютер 3 ходит прямо перед вами. Он мог пойти 3-1 или 1-1 и выбирает 1-1."),
            at=15, focus={"tiles": ["1-1", "3-1"], "seats": [2]}),
        step("rule", "before", T(
            "Hai đầu là 1 và 5. Nếu bạn đặt 5-1 vào đầu 1, cả hai đầu là 5 và không ai đánh được "
            "nữa: ván bị triệt. Bạn là người triệt, vì bạn còn nước khác để ván đi tiếp.",
            "The ends show 1 and 5. If you put the 5-1 on the 1, both ends show 5 and nobody "
            "can play: the hand is blocked. You are the blocker, because you had another move "
            "that let the hand go on.",
            "На концах 1 и 5. Если поставить 5-1 к единице, на обоих концах будет 5 и никто "
            "не сможет ходить: рыба. Её устроили вы («người triệt»), потому что у вас был "
            "другой ход, при котором игра продолжалась бы."),
            at=16, focus={"ends": ["L", "R"], "tiles": ["5-1"]}),
        step("try", "before", T(
            "Đánh 5-1 xong, bạn chỉ còn 10 chấm, ít nhất bàn. Hãy triệt ván.",
            "Once the 5-1 is down you hold only 10 pips, the fewest at the table. Block the "
            "hand.",
            "После хода 5-1 у вас останется всего 10 очков, меньше всех. Устройте рыбу."),
            at=16, try_={
                "accept": ["5-1@L"],
                "hint": T("Đặt 5-1 vào đầu đang là 1.", "Put the 5-1 on the end showing 1.",
                          "Поставьте 5-1 к концу с единицей."),
                "wrong": T("Ván vẫn tiếp tục. Hãy làm cho cả hai đầu cùng là 5: cả bảy quân có "
                           "5 sẽ nằm trên bàn.",
                           "The hand goes on. Make both ends show 5: then all seven tiles "
                           "with a 5 are on the table.",
                           "Игра продолжается. Сделайте так, чтобы на обоих концах было 5: "
                           "тогда все семь камней с пятёркой будут на столе.")}),
        step("blocked", "after", T(
            "Triệt! Bạn là người triệt và bạn ít chấm nhất (10), nên bạn thắng triệt gấp đôi.",
            "Blocked! You are the blocker and you have the fewest pips (10), so you win "
            "double.",
            "Рыба! Её устроили вы, и у вас меньше всех очков (10), поэтому вы выигрываете "
            "вдвойне."), at=16),
        step("gai", "end", T(
            "Máy 3 đã gài triệt: ở lượt vừa rồi Máy 3 còn quân 3-1 đánh được mà vẫn đánh 1-1, "
            "mở đường cho bạn triệt. Người gài triệt đền cho tất cả: Máy 3 trả bạn "
            "2 × (16 + 25 + 11) = 104 điểm, Máy 1 và Máy 2 không trả gì.",
            "Computer 3 set up the block (gài triệt): on its last turn it could have played "
            "the 3-1, yet it played the 1-1, which let you block. The one who sets up the "
            "block pays for everyone: Computer 3 pays you 2 × (16 + 25 + 11) = 104 points; "
            "Computers 1 and 2 pay nothing.",
            "Компьютер 3 подставился («gài triệt»): в прошлый ход он мог пойти 3-1, но пошёл "
            "1-1 и дал вам устроить рыбу. Кто подставил, платит за всех: компьютер 3 платит "
            "вам 2 × (16 + 25 + 11) = 104 очка, компьютеры 1 и 2 не платят ничего."),
            focus={"seats": [2]}),
    ])

# --- vn_iwin: the pass penalty and thúi bò ---------------------------------------------
lesson(
    "vn_iwin", {"players": 4}, 2, 3,
    T("Phạt bỏ lượt và thúi bò", "The pass penalty and the doubles penalty (thúi bò)",
      "Штраф за пас и штраф за дубли (thúi bò)"),
    T("Làm đối thủ bị đứng để họ trả bạn, và xem thúi bò ở cuối ván.",
      "Leave an opponent stuck so that the pass pays you, and see the doubles penalty at "
      "the end of the hand.",
      "Оставьте соперника без хода, чтобы его пас заплатил вам, и посмотрите на штраф за "
      "дубли в конце кона."),
    {0: "6-6", 1: "pass", 8: "6-2@R", 9: "pass"},
    [
        step("deal", "before", T(
            "Bàn 4 người, mỗi người 7 quân. Bạn có bò lục (6-6) nên ra quân trước.",
            "Four players, 7 tiles each. You hold the 6-6, so you lead it.",
            "Четыре игрока, по 7 камней. У вас дубль 6-6, вы заходите им."),
            at=0, focus={"tiles": ["6-6"], "seats": [3]}),
        step("pass", "before", T(
            "Máy 1 không có quân có 6: bị đứng và phải bỏ lượt. Mỗi lần bỏ lượt, người đó trả "
            "nửa tiền cược (500) cho người vừa đánh quân: ở đây là bạn.",
            "Computer 1 has no tile with a 6: it is stuck and must pass. Each pass costs the "
            "passer half the stake (500), paid to the player who placed the last tile: here, "
            "you.",
            "У компьютера 1 нет камня с шестёркой: ходить нечем, он пасует. За каждый пас "
            "платят половину ставки (500) тому, кто последним поставил камень: здесь вам."),
            at=1, focus={"seats": [0]}),
        step("rule", "before", T(
            "Hai đầu là 1 và 2. Máy 1 đã bỏ lượt khi đầu là 6, nên Máy 1 không có quân có 6.",
            "The ends show 1 and 2. Computer 1 passed on a 6, so it has no tile with a 6.",
            "На концах 1 и 2. Компьютер 1 пасовал на шестёрку, значит, шестёрок у него нет."),
            at=8, focus={"ends": ["L", "R"], "seats": [0]}),
        step("try", "before", T(
            "Đến lượt bạn: 6-2 vào đầu 2 hay 6-1 vào đầu 1? Hãy chọn nước làm Máy 1 bị đứng.",
            "Your turn: the 6-2 on the 2, or the 6-1 on the 1? Pick the move that leaves "
            "Computer 1 stuck.",
            "Ваш ход: 6-2 к двойке или 6-1 к единице? Выберите ход, после которого "
            "компьютеру 1 нечем ходить."), at=8, focus={"tiles": ["6-2", "6-1"]}, try_={
                "accept": ["6-2@R"],
                "hint": T("Máy 1 không có 6. Hãy để lại đầu 6 trên bàn: đặt 6-2 vào đầu 2.",
                          "Computer 1 has no 6. Leave a 6 showing: put the 6-2 on the 2.",
                          "У компьютера 1 нет шестёрок. Оставьте на конце 6: поставьте 6-2 "
                          "к двойке."),
                "wrong": T("Khi đó hai đầu là 6 và 2, và Máy 1 có quân 2 để đánh. Hãy thử lại.",
                           "Then the ends show 6 and 2, and Computer 1 can play a 2. Try "
                           "again.",
                           "Тогда на концах 6 и 2, и у компьютера 1 есть двойка. Попробуйте "
                           "ещё раз.")}),
        step("paid", "after", T(
            "Máy 1 bỏ lượt và trả bạn 500. Bạn nhận 485: nhà cái thu thuế 3% trên mỗi khoản "
            "tiền nhận.",
            "Computer 1 passes and pays you 500. You get 485: the house takes a 3% tax on "
            "every credit.",
            "Компьютер 1 пасует и платит вам 500. Вы получаете 485: заведение берёт налог 3% "
            "с каждой выплаты."), at=9, focus={"seats": [0]}),
        step("thui", "end", T(
            "Bạn đánh hết quân và về nhất. Thúi bò: ai không về nhất mà còn bò trên tay thì trả "
            "nửa tiền cược cho mỗi con bò. Máy 1 còn 0-0, 2-2 và 4-4 nên trả bạn 1.500; Máy 2 "
            "còn 5-5 nên trả 500. Cả ván bạn được 6.305 sau thuế.",
            "You go out and finish 1st. Doubles penalty (thúi bò): everyone below 1st pays "
            "half the stake for each double still in hand. Computer 1 holds 0-0, 2-2 and 4-4 "
            "and pays you 1,500; Computer 2 holds 5-5 and pays 500. In all you win 6,305 "
            "after tax.",
            "Вы вышли и заняли 1-е место. Штраф за дубли («thúi bò»): каждый, кто не первый, "
            "платит половину ставки за каждый дубль на руке. У компьютера 1 остались 0-0, "
            "2-2 и 4-4 — он платит вам 1 500; у компьютера 2 дубль 5-5 — он платит 500. "
            "Всего за кон вы выигрываете 6 305 после налога."),
            focus={"tiles": ["0-0", "2-2", "4-4", "5-5"], "seats": [0, 1]}),
    ])

# --- doubles: unlocking numbers --------------------------------------------------------
lesson(
    "doubles", {"players": 2}, 1, 0,
    T("Mở khóa số", "Unlocking numbers", "Как открыть число"),
    T("Một số chỉ mở khi bò của nó đã nằm trên bàn: đặt bò để mở khóa quân của bạn.",
      "A number opens only once its double is on the table: play the double that frees "
      "your tile.",
      "Число открывается, только когда его дубль на столе: поставьте дубль, который "
      "освободит ваш камень."),
    {0: "6-6", 7: "4-4@S", 9: "5-4@S"},
    [
        step("deal", "before", T(
            "Luật Doubles: 2 người, mỗi người 8 quân. Người có bò lớn nhất ra trước: Máy 2 ra "
            "6-6. Mọi quân bò đều là chốt: nhận quân ở cả bốn phía.",
            "Doubles: two players, 8 tiles each. The highest double leads: Computer 2 leads "
            "the 6-6. Every double is a spinner: tiles may join it on all four sides.",
            "«Дубли»: двое игроков, по 8 камней. Заходит старший дубль: компьютер 2 ходит 6-6. "
            "Каждый дубль открыт со всех четырёх сторон."), at=0, focus={"tiles": ["6-6"]}),
        step("unlocked", "before", T(
            "Một số chỉ được nối khi bò của số đó đã nằm trên bàn. 6-6 đã có, nên số 6 đã mở "
            "khóa: bạn được đặt quân có 6 vào 6-6.",
            "A number may be played on only once its double is on the table. The 6-6 is "
            "down, so 6 is unlocked: you may put a tile with a 6 against the 6-6.",
            "К числу можно приставлять камни, только когда его дубль лежит на столе. 6-6 уже "
            "лежит, значит, шестёрка открыта: к 6-6 можно ставить камни с шестёркой."), at=1),
        step("locked", "before", T(
            "Đầu được tô sáng là 4, và bạn có 5-4. Nhưng chưa có bò 4-4 trên bàn: số 4 còn bị "
            "khóa, nên 5-4 chưa đánh được. Quân bò thì luôn được đặt vào đầu cùng số.",
            "The highlighted end shows 4, and you hold the 5-4. But no 4-4 is on the table "
            "yet: 4 is locked, so the 5-4 cannot be played. A double, though, may always go "
            "on an end with its number.",
            "На выделенном конце 4, и у вас есть 5-4. Но дубля 4-4 на столе ещё нет: "
            "четвёрка закрыта, и 5-4 ставить нельзя. А дубль всегда можно поставить к концу "
            "со своим числом."), at=7, focus={"ends": ["S"], "tiles": ["5-4", "4-4"]}),
        step("try", "before", T(
            "Đến lượt bạn. Hãy mở khóa số 4.", "Your turn. Unlock the 4s.",
            "Ваш ход. Откройте четвёрку."), at=7, try_={
                "accept": ["4-4@S"],
                "hint": T("Đặt bò 4-4 vào đầu có số 4.", "Put the 4-4 on the end showing 4.",
                          "Поставьте дубль 4-4 к концу с четвёркой."),
                "wrong": T("Nước đó hợp lệ, nhưng số 4 vẫn bị khóa và 5-4 của bạn vẫn kẹt.",
                           "That move is legal, but 4 stays locked and your 5-4 stays stuck.",
                           "Такой ход возможен, но четвёрка останется закрытой, и 5-4 так и "
                           "не пойдёт.")}),
        step("opened", "after", T(
            "Bò 4-4 đã nằm trên bàn: số 4 được mở khóa cho cả hai người, và 4-4 là một chốt "
            "mới.",
            "The 4-4 is down: 4 is unlocked for both players, and the 4-4 is a new spinner.",
            "Дубль 4-4 на столе: четвёрка открыта для обоих, и к 4-4 тоже можно ставить с "
            "разных сторон."), at=7),
        step("free", "before", T(
            "Bây giờ 5-4 của bạn đã đánh được.", "Now your 5-4 can be played.",
            "Теперь ваш 5-4 можно ставить."), at=9, focus={"tiles": ["5-4"]}),
        step("score", "end", T(
            "Bạn đánh hết quân và được tổng số chấm còn trên tay đối thủ: Máy 2 còn 2-0, nên "
            "bạn được 2 điểm. Ai đạt 100 điểm trước thì thắng trận.",
            "You go out and score the pips left in your opponent's hand: Computer 2 still "
            "holds the 2-0, so you score 2. The first to 100 points wins the match.",
            "Вы вышли и получаете очки, оставшиеся у соперника: у компьютера 2 камень 2-0, "
            "вам 2 очка. Партию выигрывает тот, кто первым наберёт 100 очков."),
            focus={"seats": [1]}),
    ])

# --- kozel: the record opens at 13, and the goat ---------------------------------------
lesson(
    "kozel", {"players": 4}, 16, 0,
    T("Mở sổ từ 13 điểm, và con dê", "The record opens at 13, and the goat",
      "Запись открывается с 13, и козёл"),
    T("Bỏ quân 0-0 (25 điểm), giữ ván dưới 13 điểm, và xem ai thành dê.",
      "Get rid of the 0-0 (25 points), keep your hand under 13, and see who becomes the "
      "goat.",
      "Избавьтесь от 0-0 (25 очков), оставьте на руке меньше 13 и посмотрите, кто станет "
      "козлом."),
    {0: "5-5", 4: "0-0@R", 12: "draw", 26: "pass"},
    [
        step("deal", "before", T(
            "Dê: 4 người, mỗi người 5 quân, 8 quân còn lại là chợ. Ai có bò lớn nhất ra trước: "
            "6-6 nằm trong chợ, nên bạn ra 5-5.",
            "Goat (Kozel): four players, 5 tiles each; the other 8 are the market. The "
            "highest double leads: the 6-6 is in the market, so you lead the 5-5.",
            "«Козёл»: четверо, по 5 камней, остальные 8 — базар. Заходит старший дубль: 6-6 "
            "на базаре, поэтому вы заходите 5-5."), at=0, focus={"tiles": ["5-5"]}),
        step("records", "before", T(
            "Sổ điểm của mỗi người cộng dồn qua các ván. Ai có 101 điểm trở lên là dê và thua "
            "trận. Máy 3 đã có 92 điểm, Máy 4 có 40. Sổ của bạn và Máy 2 chưa mở: ván dưới "
            "13 điểm không được ghi; từ 13 điểm trở lên thì sổ mở, và từ đó mọi điểm đều được "
            "ghi.",
            "Each player's record adds up over the hands. Whoever reaches 101 or more is the "
            "goat and loses the match. Computer 3 already has 92, Computer 4 has 40. Your "
            "record and Computer 2's are not open yet: a hand under 13 points is not written "
            "down; at 13 or more the record opens, and from then on every point counts.",
            "Запись каждого игрока копится от кона к кону. Кто наберёт 101 и больше, тот "
            "козёл и проигрывает партию. У компьютера 3 уже 92, у компьютера 4 — 40. Ваша "
            "запись и запись компьютера 2 ещё не открыты: кон меньше 13 очков не "
            "записывается; с 13 очков запись открывается, и дальше записывается всё."),
            at=0, focus={"seats": [2, 3]}),
        step("try", "before", T(
            "Trong Dê, bò trắng 0-0 tính 25 điểm nếu còn trên tay khi hết ván. Bạn có thể đánh "
            "0-0, 3-0 hoặc 2-1. Hãy bỏ quân nặng điểm nhất.",
            "In Goat the double blank 0-0 counts 25 points if it is still in your hand when "
            "the hand ends. You can play the 0-0, the 3-0 or the 2-1. Get rid of the tile "
            "worth the most.",
            "В «Козле» пусто-пусто 0-0 стоит 25 очков, если останется на руке в конце кона. "
            "Можно пойти 0-0, 3-0 или 2-1. Избавьтесь от самого дорогого камня."),
            at=4, focus={"tiles": ["0-0", "3-0", "2-1"]}, try_={
                "accept": ["0-0@R"],
                "hint": T("Đánh 0-0 vào đầu 0.", "Play the 0-0 on the 0.",
                          "Поставьте 0-0 к нулю."),
                "wrong": T("Quân đó chỉ 3 điểm. Quân 0-0 trên tay bạn đáng 25 điểm: hãy bỏ nó "
                           "đi khi còn đánh được.",
                           "That tile is worth only 3. Your 0-0 is worth 25: get rid of it "
                           "while you can.",
                           "Этот камень стоит всего 3 очка. Ваш 0-0 стоит 25: избавьтесь от "
                           "него, пока можно.")}),
        step("market", "before", T(
            "Bạn không có quân hợp với hai đầu: phải bốc ở chợ cho đến khi được quân đánh được.",
            "You have no tile that fits: you draw from the market until you get one that "
            "does.",
            "Вам нечем ходить: берите с базара, пока не попадётся подходящий камень."),
            at=12),
        step("knock", "before", T(
            "Máy 3 không có quân đánh được: bốc hết chợ mà vẫn không được, nên phải bỏ lượt.",
            "Computer 3 cannot play: it draws the whole market without finding a tile that "
            "fits, and has to knock.",
            "Компьютеру 3 нечем ходить: он забирает весь базар, но подходящего камня нет, и "
            "он стучит (пас)."), at=22, focus={"seats": [2]}),
        step("goat", "end", T(
            "Cá: chợ đã hết và không ai đánh được. Mỗi người ghi số điểm còn trên tay. Bạn còn "
            "2-1 (3 điểm): dưới 13 nên không ghi, sổ của bạn vẫn chưa mở. Máy 2 có 17 điểm: từ "
            "13 trở lên nên sổ mở với 17. Máy 3 thêm 45 điểm, lên 137: Máy 3 là dê!",
            "Fish: the market is empty and nobody can play. Everyone records the points left "
            "in hand. You have the 2-1 (3 points): under 13, so nothing is written and your "
            "record stays closed. Computer 2 has 17: 13 or more, so its record opens at 17. "
            "Computer 3 adds 45 and reaches 137: Computer 3 is the goat!",
            "Рыба: базар пуст, и ходить никому. Каждый записывает очки, оставшиеся на руке. "
            "У вас 2-1 (3 очка): меньше 13, ничего не записано, ваша запись ещё не открыта. "
            "У компьютера 2 — 17: это 13 или больше, запись открывается с 17. Компьютер 3 "
            "добавляет 45 и доходит до 137: он козёл!"), focus={"seats": [1, 2]}),
    ], state={"records": [0, 0, 92, 40], "open": [False, False, True, True]})

# --- block: blocking the opponent ------------------------------------------------------
lesson(
    "block", {"players": 2}, 10, 0,
    T("Chặn đối thủ", "Blocking your opponent", "Как перекрыть соперника"),
    T("Không được bốc: che số mà đối thủ cần để họ phải bỏ lượt.",
      "There is no drawing: cover the number your opponent needs, and it has to pass.",
      "С базара не берут: закройте число, которое нужно сопернику, и ему придётся "
      "пасовать."),
    {0: "6-6", 6: "3-2@R", 7: "pass"},
    [
        step("deal", "before", T(
            "Luật Block: 2 người, mỗi người 7 quân, không được bốc: quân còn lại để riêng, "
            "không ai dùng. Ai không đánh được thì bỏ lượt.",
            "The Block game: two players, 7 tiles each, and no drawing: the other tiles are "
            "set aside and never used. A player who cannot play passes.",
            "«Блок»: двое, по 7 камней, с базара не берут: остальные камни отложены и не "
            "используются. Кому нечем ходить, тот пасует."), at=0),
        step("open", "before", T(
            "Hai đầu là 1 và 3. Ở bài học này mọi quân đều lật ngửa: Máy 2 còn 5-0, 4-3, 4-0 và "
            "3-3, có số 3 nhưng không có 1 hay 2.",
            "The ends show 1 and 3. In this lesson every hand is face up: Computer 2 holds "
            "5-0, 4-3, 4-0 and 3-3 — threes, but no 1 and no 2.",
            "На концах 1 и 3. В этом уроке все камни открыты: у компьютера 2 есть 5-0, 4-3, "
            "4-0 и 3-3 — тройки есть, а единиц и двоек нет."),
            at=6, focus={"ends": ["L", "R"], "seats": [1]}),
        step("try", "before", T(
            "Đến lượt bạn. Hãy chặn Máy 2: đánh sao cho Máy 2 phải bỏ lượt.",
            "Your turn. Block Computer 2: play so that it has to pass.",
            "Ваш ход. Перекройте компьютер 2: сходите так, чтобы ему пришлось пасовать."),
            at=6, try_={
                "accept": ["3-2@R"],
                "hint": T("Che số 3: đặt 3-2 vào đầu 3.", "Cover the 3: put the 3-2 on the 3.",
                          "Закройте тройку: поставьте 3-2 к тройке."),
                "wrong": T("Đầu 3 vẫn còn, và Máy 2 sẽ đánh được quân có 3.",
                           "The 3 is still showing, and Computer 2 can play a tile with a 3.",
                           "Тройка осталась на конце, и компьютер 2 сможет пойти камнем с "
                           "тройкой.")}),
        step("passed", "after", T(
            "Máy 2 bỏ lượt, và bạn lại được đánh.", "Computer 2 passes, and you play again.",
            "Компьютер 2 пасует, и вы ходите снова."), at=7, focus={"seats": [1]}),
        step("score", "end", T(
            "Không ai đánh được nữa: ván bị triệt. Người ít chấm hơn thắng và được số chấm của "
            "đối thủ trừ số chấm của mình: Máy 2 còn 5-0 (5), bạn còn 0-0 (0), bạn được "
            "5 − 0 = 5 điểm.",
            "Nobody can play any more: the hand is blocked. The lighter hand wins and scores "
            "the opponent's pips minus its own: Computer 2 holds the 5-0 (5), you hold the "
            "0-0 (0), so you score 5 − 0 = 5.",
            "Больше никто не может ходить: рыба. Выигрывает тот, у кого меньше очков, и "
            "получает очки соперника минус свои: у компьютера 2 камень 5-0 (5), у вас 0-0 "
            "(0), вам 5 − 0 = 5."), focus={"tiles": ["5-0", "0-0"]}),
    ])

# --- draw: drawing from the boneyard ---------------------------------------------------
lesson(
    "draw", {"players": 2}, 76, 0,
    T("Bốc quân", "Drawing", "Добор с базара"),
    T("Không đánh được thì bốc cho đến khi được quân hợp; giữ quân để đỡ phải bốc.",
      "When you cannot play, draw until a tile fits; keep a tile to follow with so that you "
      "draw less.",
      "Нечем ходить — берите с базара, пока камень не подойдёт; оставляйте себе ход, чтобы "
      "брать реже."),
    {0: "6-6", 1: "draw", 2: "6-3@R", 13: "2-0@L", 14: "draw", 15: "draw", 16: "5-4@R"},
    [
        step("deal", "before", T(
            "Luật Draw: 2 người, mỗi người 7 quân, 14 quân còn lại là khay dự bị. Máy 2 ra "
            "6-6.",
            "The Draw game: two players, 7 tiles each; the other 14 form the boneyard. "
            "Computer 2 leads the 6-6.",
            "«Добор»: двое, по 7 камней, остальные 14 — базар. Компьютер 2 заходит 6-6."),
            at=0),
        step("draw", "before", T(
            "Bạn không có quân có 6. Khi không đánh được, bạn phải bốc từ khay dự bị cho đến "
            "khi được quân đánh được.",
            "You have no tile with a 6. When you cannot play, you draw from the boneyard "
            "until you get a tile that fits.",
            "У вас нет шестёрок. Когда нечем ходить, берите с базара, пока не попадётся "
            "подходящий камень."), at=1),
        step("play_drawn", "before", T(
            "Bạn bốc được 6-3, quân này hợp với 6: bạn phải đánh nó ngay.",
            "You drew the 6-3, which fits the 6: you must play it at once.",
            "Вы взяли 6-3, он подходит к шестёрке: его нужно сразу поставить."),
            at=2, focus={"tiles": ["6-3"]}),
        step("think", "before", T(
            "Hai đầu là 0 và 4. Bạn có thể đánh 3-0 hoặc 2-0. Hãy nghĩ tới lượt sau: sau nước "
            "này bạn còn quân nào đánh tiếp được không?",
            "The ends show 0 and 4. You can play the 3-0 or the 2-0. Think of your next turn: "
            "will you still hold a tile that fits?",
            "На концах 0 и 4. Можно пойти 3-0 или 2-0. Подумайте о следующем ходе: останется "
            "ли у вас подходящий камень?"),
            at=13, focus={"ends": ["L", "R"], "tiles": ["3-0", "2-0"]}),
        step("try", "before", T(
            "Hãy đánh để lượt sau bạn không phải bốc.",
            "Play so that you will not have to draw next turn.",
            "Сходите так, чтобы в следующий раз не пришлось брать с базара."), at=13, try_={
                "accept": ["2-0@L"],
                "hint": T("Đặt 2-0 vào đầu 0: đầu mới là 2, và bạn còn 5-2.",
                          "Put the 2-0 on the 0: the new end shows 2, and you keep the 5-2.",
                          "Поставьте 2-0 к нулю: на конце будет 2, а у вас останется 5-2."),
                "wrong": T("Khi đó hai đầu là 3 và 4, và bạn không còn quân nào có 3 hay 4: "
                           "lượt sau bạn có thể phải bốc.",
                           "Then the ends show 3 and 4, and you hold no 3 and no 4: next turn "
                           "you may have to draw.",
                           "Тогда на концах 3 и 4, а у вас нет ни троек, ни четвёрок: в "
                           "следующий ход, возможно, придётся брать с базара.")}),
        step("opponent_draws", "before", T(
            "Máy 2 không có quân có 2 hay 4: phải bốc, bốc nữa, cho đến khi được 5-4.",
            "Computer 2 has no 2 and no 4: it draws, and draws again, until it gets the 5-4.",
            "У компьютера 2 нет ни двоек, ни четвёрок: он берёт с базара, ещё раз, пока не "
            "вытянет 5-4."), at=14, focus={"seats": [1]}),
        step("score", "end", T(
            "Bạn đánh hết quân và được số chấm còn trên tay Máy 2: 3-1, 5-5 và 6-1, tổng 21 "
            "điểm.",
            "You go out and score the pips left in Computer 2's hand: 3-1, 5-5 and 6-1, 21 "
            "points.",
            "Вы вышли и получаете очки с руки компьютера 2: 3-1, 5-5 и 6-1 — 21 очко."),
            focus={"seats": [1]}),
    ])

# --- all_fives: counting the ends ------------------------------------------------------
lesson(
    "all_fives", {"players": 2}, 2, 0,
    T("Đếm các đầu", "Counting the ends", "Считаем концы"),
    T("Sau mỗi nước, cộng các đầu: nếu chia hết cho 5 thì bạn được điểm.",
      "After every play, add up the ends: a multiple of 5 scores.",
      "После каждого хода складывайте концы: сумма, кратная 5, приносит очки."),
    {0: "5-5", 6: "4-4@L"},
    [
        step("deal", "before", T(
            "All Fives: 2 người, mỗi người 9 quân. Sau mỗi nước đánh, cộng các đầu lại: nếu tổng "
            "chia hết cho 5, người vừa đánh được số điểm đó. Bạn ra 5-5: 5 + 5 = 10, được 10 "
            "điểm.",
            "All Fives: two players, 9 tiles each. After every play, add up the ends: if the "
            "total is a multiple of 5, the player who just played scores it. You lead the "
            "5-5: 5 + 5 = 10, you score 10.",
            "«Все пятёрки»: двое, по 9 камней. После каждого хода сложите числа на концах: "
            "если сумма делится на 5, сходивший получает столько очков. Вы заходите 5-5: "
            "5 + 5 = 10, вам 10 очков."), at=0, focus={"tiles": ["5-5"]}),
        step("count", "before", T(
            "Bây giờ đầu trái là 4, đầu phải là bò 1-1. Quân bò nằm ở đầu thì tính cả hai nửa: "
            "1 + 1 = 2. Hai phía còn trống của chốt 5-5 chỉ được tính khi đã có quân đặt vào. "
            "Tổng hiện tại: 4 + 2 = 6.",
            "Now the left end shows 4 and the right end is the double 1-1. A double at an end "
            "counts both halves: 1 + 1 = 2. The two free sides of the 5-5 spinner count only "
            "once a tile is on them. The total now: 4 + 2 = 6.",
            "Сейчас слева 4, а справа дубль 1-1. Дубль на конце считается обеими половинами: "
            "1 + 1 = 2. Свободные боковые стороны дубля 5-5 считаются, только когда к ним "
            "приставлен камень. Сейчас сумма 4 + 2 = 6."), at=6, focus={"ends": ["L", "R"]}),
        step("try", "before", T(
            "Đến lượt bạn. Hãy tìm nước làm tổng các đầu chia hết cho 5.",
            "Your turn. Find the play that makes the ends add up to a multiple of 5.",
            "Ваш ход. Найдите ход, после которого сумма на концах делится на 5."), at=6, try_={
                "accept": ["4-4@L"],
                "hint": T("Đặt bò 4-4 vào đầu 4: 4 + 4 = 8, cộng 2 là 10.",
                          "Put the 4-4 on the 4: 4 + 4 = 8, plus 2 makes 10.",
                          "Поставьте дубль 4-4 к четвёрке: 4 + 4 = 8, плюс 2 — будет 10."),
                "wrong": T("Tổng các đầu không chia hết cho 5, nên bạn không được điểm.",
                           "The ends do not add up to a multiple of 5, so you score nothing.",
                           "Сумма на концах не делится на 5, очков нет.")}),
        step("scored", "after", T(
            "4-4 nằm ngang ở đầu trái: 4 + 4 = 8, cộng 2 của 1-1 là 10. Bạn được 10 điểm.",
            "The 4-4 lies across the left end: 4 + 4 = 8, plus 2 from the 1-1 makes 10. You "
            "score 10.",
            "4-4 лежит поперёк на левом конце: 4 + 4 = 8, плюс 2 от 1-1 — 10. Вам 10 очков."),
            at=6, focus={"tiles": ["4-4", "1-1"]}),
        step("bonus", "end", T(
            "Bạn đánh hết quân. Bạn còn được số chấm trên tay đối thủ, làm tròn tới bội số của "
            "5 gần nhất: Máy 2 còn 3-0 (3), làm tròn thành 5. Ai đạt 200 điểm trước thì thắng.",
            "You go out, and you also score the pips in your opponent's hand, rounded to the "
            "nearest multiple of 5: Computer 2 holds the 3-0 (3), rounded to 5. The first to "
            "200 points wins.",
            "Вы вышли и получаете ещё очки с руки соперника, округлённые до ближайшего числа, "
            "кратного 5: у компьютера 2 камень 3-0 (3), округляем до 5. Побеждает тот, кто "
            "первым наберёт 200."), focus={"seats": [1]}),
    ])

# --- mexican_train: satisfying a double, and the markers -------------------------------
lesson(
    "mexican_train", {"players": 3, "set": "double_nine"}, 1, 0,
    T("Nối vào bò, và dấu trên tàu", "Satisfying a double, and the markers",
      "Закрыть дубль, и метки на поездах"),
    T("Một quân bò phải được nối trước mọi nước khác; ai không đánh được thì tàu bị đặt dấu.",
      "A double must be satisfied before anything else; whoever cannot play gets a marker "
      "on their train.",
      "Дубль надо закрыть раньше всего остального; кому нечем ходить, тот ставит метку на "
      "свой поезд."),
    {24: "8-8@MX", 25: "draw", 26: "pass", 27: "draw", 28: "pass", 29: "8-2@MX",
     30: "9-3@T0", 31: "3-1@T0"},
    [
        step("deal", "before", T(
            "Tàu Mexico: 3 người, bộ 9-9, mỗi người 13 quân. Quân đầu tàu 9-9 nằm ở giữa. Mỗi "
            "người có một tàu riêng, và tàu Mexico là tàu chung của mọi người.",
            "Mexican Train: three players, the double-nine set, 13 tiles each. The engine, "
            "9-9, sits in the hub. Everyone has a train of their own, and the Mexican train "
            "is open to all.",
            "«Мексиканский поезд»: трое, набор до 9-9, по 13 камней. В центре стоит 9-9. У "
            "каждого свой поезд, а мексиканский поезд общий."), at=0),
        step("double", "before", T(
            "Máy 3 đặt bò 8-8 lên tàu Mexico. Quân bò phải được nối: quân tiếp theo phải nối "
            "vào 8-8, trước mọi chỗ khác.",
            "Computer 3 puts the double 8-8 on the Mexican train. A double must be "
            "satisfied: the next tile must go on the 8-8, before anywhere else.",
            "Компьютер 3 ставит дубль 8-8 на мексиканский поезд. Дубль надо закрыть: "
            "следующий камень должен лечь на 8-8, раньше всего остального."),
            at=24, focus={"ends": ["MX"], "seats": [2]}),
        step("marker3", "before", T(
            "Máy 3 không có quân có 8 để nối: phải bốc một quân. Quân 5-2 không hợp, nên Máy 3 "
            "đặt dấu lên tàu của mình và bỏ lượt.",
            "Computer 3 has no 8 to satisfy it: it draws one tile. The 5-2 does not fit, so "
            "Computer 3 puts its marker on its own train and passes.",
            "У компьютера 3 нет восьмёрки: он берёт один камень с базара. 5-2 не подходит, "
            "поэтому компьютер 3 ставит метку на свой поезд и пасует."),
            at=25, focus={"ends": ["T2"], "seats": [2]}),
        step("your_draw", "before", T(
            "Đến lượt bạn. Bạn cũng phải nối vào 8-8, nhưng bạn không có 8: bạn bốc một quân.",
            "Your turn. You too must satisfy the 8-8, and you have no 8: you draw one tile.",
            "Ваш ход. Вы тоже должны закрыть 8-8, а восьмёрки у вас нет: берёте один камень."),
            at=27, focus={"ends": ["MX"]}),
        step("your_marker", "after", T(
            "Quân 2-2 cũng không hợp. Tàu của bạn giờ có dấu: ai cũng được đặt quân lên tàu "
            "của bạn.",
            "The 2-2 does not fit either. Your train now carries your marker: anyone may play "
            "on it.",
            "2-2 тоже не подходит. На вашем поезде теперь метка: на него может ставить любой."),
            at=28, focus={"ends": ["T0"]}),
        step("satisfied", "after", T(
            "Máy 2 nối 8-2 vào 8-8: bò đã được nối, và mọi người lại chơi bình thường.",
            "Computer 2 plays the 8-2 on the 8-8: the double is satisfied, and play goes on "
            "as usual.",
            "Компьютер 2 ставит 8-2 на 8-8: дубль закрыт, игра идёт как обычно."),
            at=29, focus={"ends": ["MX"], "seats": [1]}),
        step("visitor", "after", T(
            "Máy 3 đặt 9-3 lên tàu của bạn, vì tàu của bạn đang có dấu.",
            "Computer 3 plays the 9-3 on your train, because your train carries a marker.",
            "Компьютер 3 ставит 9-3 на ваш поезд, потому что на нём метка."),
            at=30, focus={"ends": ["T0"], "seats": [2]}),
        step("try", "before", T(
            "Đến lượt bạn. Dấu chỉ được gỡ khi bạn đánh lên tàu của chính mình. Hãy gỡ dấu.",
            "Your turn. Your marker comes off only when you play on your own train. Take it "
            "off.",
            "Ваш ход. Метка снимается, только когда вы ставите камень на свой поезд. Снимите "
            "её."), at=31, focus={"ends": ["T0"]}, try_={
                "accept": ["3-1@T0", "5-3@T0"],
                "hint": T("Tàu của bạn đang là 3: đặt 3-1 hoặc 5-3 lên đó.",
                          "Your train ends in a 3: put the 3-1 or the 5-3 on it.",
                          "Ваш поезд кончается тройкой: поставьте на него 3-1 или 5-3."),
                "wrong": T("Nước đó hợp lệ, nhưng dấu vẫn còn trên tàu của bạn và người khác "
                           "vẫn đánh lên được.",
                           "That is legal, but your marker stays and the others can still "
                           "play on your train.",
                           "Так можно, но метка останется, и другие по-прежнему смогут "
                           "ставить на ваш поезд.")}),
        step("unmarked", "after", T(
            "Dấu đã được gỡ: tàu của bạn lại là của riêng bạn.",
            "The marker is off: your train is yours alone again.",
            "Метка снята: ваш поезд снова только ваш."), at=31, focus={"ends": ["T0"]}),
        step("score", "end", T(
            "Máy 2 đánh hết quân. Mỗi người cộng số chấm còn trên tay vào tổng của mình: bạn 8 "
            "(5-3), Máy 3 23. Sau các vòng, ai có tổng thấp nhất thì thắng.",
            "Computer 2 goes out. Everyone adds the pips left in hand to their total: you 8 "
            "(5-3), Computer 3 23. After all the rounds the lowest total wins.",
            "Компьютер 2 вышел. Каждый добавляет к своему счёту очки, оставшиеся на руке: вам "
            "8 (5-3), компьютеру 3 — 23. После всех раундов побеждает наименьший счёт."),
            focus={"seats": [1]}),
    ])


def build(variant: str) -> dict:
    d = LESSONS[variant]
    m, turns = K.play(variant, d["options"], d["seed"], state=d["state"], agents=AGENTS)
    record = m.to_record()
    moves = record["hands"][0]["moves"]
    for k, move in d["expect"].items():
        if moves[k] != move:
            raise SystemExit(f"{variant}: move {k} is {moves[k]}, the texts expect {move}")
    return {
        "format": "domino-lesson", "version": 1, "variant": variant, "id": variant + "-1",
        "title": d["title"], "summary": d["summary"], "seat": d["seat"], "show": "all",
        "record": record, "steps": d["steps"],
    }


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for variant in LESSONS:
        text = json.dumps(build(variant), ensure_ascii=False, indent=1) + "\n"
        (OUT / f"{variant}.json").write_text(text, encoding="utf-8")
        print("wrote", variant)


if __name__ == "__main__":
    main()
