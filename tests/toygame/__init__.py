"""A toy game registered from the tests alone: Nim, to prove a game plugs in through the
registry (`pyyijing.core.registry`) with no edit outside this folder (docs/adding-a-game.md)."""
