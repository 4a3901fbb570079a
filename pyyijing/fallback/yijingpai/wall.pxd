# Cython declarations for wall.py (the "cython" backend; see CMakeLists.txt).
# The generator is the shared one (pyyijing/fallback/prng.pxd), called at the C level.
cimport cython

from ..prng cimport Xoshiro256ss

@cython.locals(tiles=list, rng=Xoshiro256ss, i=Py_ssize_t, j=Py_ssize_t)
cpdef tuple shuffle_wall(object seed, object deck, object taiji)
