"""The "cython" backend: ``pyyijing/fallback/*.py`` compiled by Cython at install time.

The extension modules in this package are built from the very same sources as
``pyyijing.fallback`` (see the top-level CMakeLists.txt); no code lives here.
"""
