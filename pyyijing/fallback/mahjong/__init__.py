"""Mahjong in plain Python: hand evaluation (``hand_eval``, ``shapes``) and patterns
(``patterns``), the game engine of every ruleset (``config``, ``engine``, ``changsha``),
the bots (``bots``) and random play (``random_play``).

Also compiled by Cython as ``pyyijing._cy.mahjong`` (see ``pyyijing/fallback/__init__.py``).
"""
