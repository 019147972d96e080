"""Hand play, where the hand and its settlement meet: the checked ``step`` and the unchecked
``apply_unchecked`` (``step``), a seat's ``view`` and the full states consistent with it
(``resample``), positions written as records' ``start`` (``positions``), vn_iwin's stand-in for
a disconnected player (``iwin_autoplay``), and the fast playout kernel for line layouts
(``line_playout``).
"""
