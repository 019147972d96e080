"""What a finished hand changes in scores or money (RULES.md's settlements): ``settle``,
those a search can make from each hand's pips and count alone (``by_counts``), and
vn_schoolnet's blocker look-back (``schoolnet_blocker``, RULES.md 2.2.2-2.2.3).

It reads finished ``domino.hand`` states and never changes one.
"""
