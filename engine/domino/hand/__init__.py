"""One hand as it is played: its state (``hand_state``: ``HandState`` and its slots), the
deal, the lead, the legal moves and ``advance`` (``state``), the moves, their notation and
the interned ones (``moves``), the layout's topology (``layout``), the events a move causes
(``events``) and what a finished hand comes to (``result``).

Nothing here settles a hand: ``domino.settlement`` reads the finished states this package
makes, and ``domino.play`` joins the two.
"""
