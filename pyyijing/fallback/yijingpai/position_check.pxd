# Cython declarations for position_check.py (the "cython" backend; see CMakeLists.txt).
# The replay loop calls GameCore.apply/check and shuffle_wall at the C level.
cimport cython

from .engine cimport GameCore
from .wall cimport shuffle_wall

@cython.locals(out=list, core=GameCore, i=Py_ssize_t)
cpdef list check_positions(object play_size, object players, object taiji_in_pong,
                           object win_mask, object split_payment, object deck, object taiji,
                           object items)
