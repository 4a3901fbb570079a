# Cython declarations for hexagram_bits.py (the "cython" backend; see CMakeLists.txt).
# Hexagram values are 6-bit, trigrams 3-bit; value_of only ever sees <= 6 lines.
cimport cython

@cython.locals(d=str, value=int, i=Py_ssize_t)
cpdef int value_of(str lines) except? -1

cpdef int lower_trigram(int value)
cpdef int upper_trigram(int value)
cpdef int king_wen(int value) except? -1

@cython.locals(n=int, v=int)
cdef int _count(list values, int value) except? -1

@cython.locals(counts=list, best=int, v=int)
cdef int _max_multiplicity(list values) except? -1

@cython.locals(seen=int, v=int)
cdef bint _has_eight_trigrams(list values) except -1

cpdef bint _two_targets(list values, int target) except -1
cpdef bint _three_of_a_kind(list values, int target) except -1
cpdef bint _target_and_eight_trigrams(list values, int target) except -1
cpdef bint _eight_trigrams_and_pair(list values, int target) except -1
cpdef bint _eight_trigrams_and_qian(list values, int target) except -1
cpdef bint _eight_trigrams_and_kun(list values, int target) except -1

@cython.locals(met=int, bit=int)
cpdef int conditions_met(list values, int target, int mask) except? -1

cpdef list condition_names(int bits)
