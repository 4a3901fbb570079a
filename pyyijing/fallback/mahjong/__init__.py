"""Mahjong in plain Python: hand evaluation (``hand_eval``, ``shapes``) and patterns
(``patterns``), the game engine (``config``; ``engine`` picks the hand of a ruleset:
the shared flow ``flow``, the rulesets ``common``, ``shaoyang`` and ``changsha``, the
move text ``notation``), the bots (``bots``) and random play (``random_play``).

Also compiled by Cython as ``pyyijing._cy.mahjong`` (see ``pyyijing/fallback/__init__.py``).
"""
