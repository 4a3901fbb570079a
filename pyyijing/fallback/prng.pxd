# Cython declarations for prng.py (the "cython" backend; see CMakeLists.txt).
# The generator's words are C uint64: unsigned C arithmetic is exactly the
# mod-2**64 arithmetic the .py gets by masking with MASK64, so the outputs are
# bit-identical (golden vectors in tests/golden pin them). Seeds and the
# bound `n` of uniform() stay Python ints (any size, validated elsewhere).
cimport cython

cdef unsigned long long MASK64

cdef inline unsigned long long _rotl(unsigned long long x, int k) noexcept

cdef class Xoshiro256ss:
    cdef public unsigned long long s0
    cdef public unsigned long long s1
    cdef public unsigned long long s2
    cdef public unsigned long long s3

    @cython.locals(s0=cython.ulonglong, s1=cython.ulonglong, s2=cython.ulonglong,
                   s3=cython.ulonglong, result=cython.ulonglong, t=cython.ulonglong)
    cpdef unsigned long long next(self) noexcept

    cpdef object uniform(self, object n)
    cpdef tuple state(self)

