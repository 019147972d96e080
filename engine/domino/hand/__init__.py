"""One hand as it is played: its state and legal moves (``state``), the moves and their
notation (``moves``), the layout's topology (``layout``), the events a move causes
(``events``) and what a finished hand comes to (``result``).

Nothing here settles a hand: ``domino.settlement`` reads the finished states this package
makes, and ``domino.play`` joins the two.
"""
