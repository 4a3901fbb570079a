# Cython declarations for claims.py (the "cython" backend; see CMakeLists.txt).
# Seats, counts and the pair value are small ints.
cimport cython

@cython.locals(ones=int, zeros=int, taiji=int)
cpdef bint can_form_pair(list hand, int pure, int play_size, bint taiji_in_pong) except -1

@cython.locals(i=int)
cpdef list seats_after(int seat, int players)

# build_offers stays a Python function: its generator expression is a closure,
# which Cython does not support in cpdef functions.
