# Cython declarations for placement.py (the "cython" backend; see CMakeLists.txt).
cimport cython

cpdef tuple pong_placements(int pure, Py_ssize_t in_progress_len, int play_size)

@cython.locals(pure=int, extra=list)
cpdef tuple win_placements(str lines, Py_ssize_t in_progress_len, int play_size)

cpdef str place(str in_progress, str lines, str placement)
