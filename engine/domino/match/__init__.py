"""Hands to the match's end: the checked ``Match`` API (``match``) and the ``domino-record``
format it reads and writes (``record``, shared/RECORD.md).
"""
