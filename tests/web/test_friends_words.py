"""A table played with friends on their own devices (issue 24), in the page's words
(web/page/textfmt.py `set_remote_seats`): this device's one human seat is "You", the seats
other devices play are named by the names their players gave, and the page counts one human
here (no hand-over screen), as in a match against the computer.

RULES.md: none (the page's words for a table across devices)
"""

import textfmt

SEATS = ["human", "human", "ai:easy", "human"]
NAMES = ["Hana", "Minh", "", "Lan"]
FSI, PDI = "\u2068", "\u2069"


def test_the_viewer_is_you_and_the_friends_are_named():
    textfmt.set_remote_seats((0, 3))
    try:
        assert textfmt.local_humans(SEATS) == 1
        assert textfmt.seat_name("en", 1, SEATS, 1, NAMES) == "You"
        assert textfmt.seat_name("en", 0, SEATS, 1, NAMES) == FSI + "Hana" + PDI
        assert textfmt.seat_name("en", 3, SEATS, 1, NAMES) == FSI + "Lan" + PDI
        assert textfmt.seat_name("en", 2, SEATS, 1, NAMES) == "Computer 3"
        assert textfmt.is_you(1, SEATS, 1) and not textfmt.is_you(0, SEATS, 1)
    finally:
        textfmt.set_remote_seats(())


def test_without_friends_the_humans_at_one_device_pass_it_round():
    textfmt.set_remote_seats(())
    assert textfmt.local_humans(SEATS) == 3
    assert textfmt.seat_name("en", 1, SEATS, 1, NAMES) == FSI + "Minh" + PDI
