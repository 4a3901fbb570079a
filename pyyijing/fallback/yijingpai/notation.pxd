# Cython declarations for notation.py (the "cython" backend; see CMakeLists.txt).
# The .py stays the reference; this file only adds C types for the compiled build.
cimport cython

cdef class Move:
    cdef public object seat  # unbounded: "s99999999999999999999:pass" parses (no_such_seat)
    cdef public str kind
    cdef public str lines
    cdef public str placement

cpdef Move parse_move(object text)
cpdef str format_move(object seat, str kind, str lines=*, str placement=*)
cpdef str declared(str lines)

@cython.locals(d=str)
cpdef int pure_value(str lines) except? -2

cpdef tuple tile_counts(str lines)
cpdef Py_ssize_t points_half(str lines) except? -1
cpdef str hand_string(int ones, int zeros, int taiji)

@cython.locals(out=list)
cpdef list arrangements(int ones, int zeros, int taiji, int length)

cdef void _arrange(str prefix, int ones, int zeros, int taiji, int left, list out) except *
