"""The desktop tools on top of the engine: the ``python -m domino`` command line (``cli``),
agents against each other (``arena``) and random whole hands at speed (``simulate``).

Nothing in the engine imports from here.
"""
