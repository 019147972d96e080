"""What a variant is, as data: the frozen ``Ruleset``, its tables and registry (``ruleset``),
and the option schema every record and option is checked against (``schema``).

The bottom layer above ``tiles`` and ``errors``: nothing here knows a hand in play.
"""
