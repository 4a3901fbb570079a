"""The plain-Python backend: readable reference implementations, one package per game.

- ``prng``: the generator every game shares (SplitMix64 seeding xoshiro256**);
- ``yijingpai/``: the Yi Jing Pai engine (config, wall, deal, notation, rules,
  position checks, bots, I Ching tables);
- ``mahjong/``: the mahjong engine of every ruleset (config, wall, hand
  evaluation and patterns, the game engine, bots, random play).

Every module here (except the ``__init__.py`` files) is also compiled by
Cython, in pure-Python mode, into ``pyyijing._cy`` with the same layout
(``fallback/<game>/<mod>.py`` -> ``pyyijing._cy.<game>.<mod>``; the "cython"
backend), so keep the modules importable both ways: standard library only,
relative imports between them (``from .notation import ...``, ``from ..prng
import ...``). ``pyyijing._registry`` names the module of each part.
"""
