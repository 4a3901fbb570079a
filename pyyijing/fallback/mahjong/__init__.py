"""Mahjong in plain Python: the hand evaluation (``hand_eval``) and patterns (``patterns``).

Also compiled by Cython as ``pyyijing._cy.mahjong`` (see ``pyyijing/fallback/__init__.py``).
"""
