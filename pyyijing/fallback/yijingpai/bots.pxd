# Cython declarations for bots.py (the "cython" backend; see CMakeLists.txt).
# Hexagram *sets* (bit h = hexagram h, up to 2**64 - 1) and anything shifted
# by a hexagram value stay Python ints; only small counts and scores are C ints.
cimport cython

from .config cimport Config
from .hexagram_bits cimport value_of
from .notation cimport declared, points_half
from .placement cimport place, win_placements

cdef class Summary:
    cdef public list counts
    cdef public int max_count
    cdef public object pairs
    cdef public object seen
    cdef public int trigrams

cdef class _Ctx:
    cdef public int k
    cdef public str progress
    cdef public int seat
    cdef public object seen
    cdef public int target
    cdef public bint three
    cdef public object view
    cdef public object wins

    cpdef int tier_of_set(self, object hexagrams) except? -1
    cpdef int lines_score(self, str lines) except? -1

@cython.locals(action=str, placement=str, at=Py_ssize_t, eq=Py_ssize_t)
cpdef tuple _split(str move)

@cython.locals(worst=int, x=Py_ssize_t, progress=str, d=int, summary=Summary)
cpdef int _danger(_Ctx c, str lines) except? -1

@cython.locals(k=int, d=str, mixed=int, g=int, group=str, taiji_used=Py_ssize_t,
               score=Py_ssize_t, yang_kept=Py_ssize_t, yin_kept=Py_ssize_t, y1=Py_ssize_t)
cpdef Py_ssize_t target_score(str lines, str hand, int play_size, bint heuristic) except? -1

@cython.locals(n=Py_ssize_t, heuristic=bint, c=_Ctx, best_i=Py_ssize_t, best_value=int,
               i=Py_ssize_t, score=Py_ssize_t, wins_now=bint, value=int, best_score=Py_ssize_t,
               best_points=Py_ssize_t, pts=Py_ssize_t, later=int, move=str, lines=str,
               placement=str, result=str, claimed=str, best=str, play_size=int, win_mask=int)
cpdef str choose(object policy, object view, object legal, Config config, object rng)
