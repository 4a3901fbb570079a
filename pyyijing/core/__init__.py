"""What every game shares, and imports no game: seeds, move text, the Match base.

A game package builds on these modules; nothing here names a game, so a new
game needs no edit here (tests/generic/test_import_graph.py holds the rule).
"""
