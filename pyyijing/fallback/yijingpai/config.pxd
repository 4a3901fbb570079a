# Cython declarations for config.py (the "cython" backend; see CMakeLists.txt).
# Config becomes an extension type with read-only C fields: the engine and the
# bots read them at the C level (all are small: sizes, seats, a 6-bit mask).
cdef class Config:
    cdef readonly int play_size
    cdef readonly int players
    cdef readonly bint taiji_in_pong
    cdef readonly int win_mask
    cdef readonly bint split_payment
    cdef readonly int deck
    cdef readonly str taiji
