"""The plain-Python backend: readable reference implementations of the engine.

Every module here (except this file) is also compiled by Cython, in pure-Python
mode, into ``pyyijing._cy`` (the "cython" backend), so keep the modules
importable both ways: standard library only, relative imports between them.
"""
