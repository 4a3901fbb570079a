# Cython declarations for claims.py (the "cython" backend; see CMakeLists.txt).
# Seats, counts and the pair value are small ints.
cimport cython

@cython.locals(ones=int, zeros=int, taiji=int)
cpdef bint can_form_pair(list hand, int pure, int play_size, bint taiji_in_pong) except -1

@cython.locals(i=int)
cpdef list seats_after(int seat, int players)

@cython.locals(order=list, offers=list, x=int)
cpdef list build_offers(int player, int players, list can_win, int pure, list holds_pair)
