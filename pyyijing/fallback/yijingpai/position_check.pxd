# Cython declarations for position_check.py (the "cython" backend; see CMakeLists.txt).
# The replay loop calls GameCore.apply/check and shuffle_wall at the C level.
cimport cython

from .config cimport Config
from .engine cimport GameCore
from .wall cimport shuffle_wall

@cython.locals(out=list, core=GameCore, i=Py_ssize_t, players=int)
cpdef list check_positions(Config config, object items)
