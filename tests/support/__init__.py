"""Helpers the tests share (random play, game adapters, oracles, exact walls, service probes).

Imported as ``support.<module>``: pyproject.toml puts ``tests/`` on sys.path.
"""
