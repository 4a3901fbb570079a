# Cython declarations for deal.py (the "cython" backend; see CMakeLists.txt).
# Seats, counts and wall positions are small ints.
cimport cython

cpdef int deal_size(int play_size)
cpdef list count_tiles(str tiles)

@cython.locals(ones=Py_ssize_t, zeros=Py_ssize_t, taiji=Py_ssize_t)
cpdef bint is_tile_set(str wall) except -1

@cython.locals(dealt=list, pos=Py_ssize_t, i=int, seat=int)
cpdef tuple deal(str wall, int players, int dealer, int play_size)
