# Cython declarations for engine.py (the "cython" backend; see CMakeLists.txt).
# GameCore becomes an extension type with typed state. Only provably small
# values are C ints: seats, counts, positions in the wall, 6-bit masks. The
# public methods stay Python methods with untyped arguments (they validate).
cimport cython

# C-level calls into the other compiled modules (their .pxd files).
from .claims cimport build_offers, can_form_pair, seats_after
from .config cimport Config
from .deal cimport deal, is_tile_set
from .hexagram_bits cimport condition_names, conditions_met, king_wen, value_of
from .notation cimport (Move, arrangements, declared, format_move, hand_string, parse_move,
                        points_half, pure_value, tile_counts)
from .placement cimport place, pong_placements, win_placements

cdef class GameCore:
    cdef list _completed
    cdef list _completed_values
    cdef int _dealer
    cdef list _hands
    cdef int _k
    cdef str _last_kind
    cdef str _last_lines
    cdef str _last_placement
    cdef int _last_seat
    cdef list _moves
    cdef int _n
    cdef int _offer_index
    cdef list _offers
    cdef str _phase
    cdef Py_ssize_t _pos
    cdef list _progress
    cdef dict _result
    cdef bint _split_payment
    cdef bint _taiji_in_pong
    cdef list _target_values
    cdef list _targets
    cdef int _turn
    cdef str _wall
    cdef int _win_mask

    @cython.locals(other=GameCore)
    cpdef GameCore copy(self)

    @cython.locals(h=list)
    cdef int _hand_size(self, int seat) except? -1
    cdef bint _is_to_act(self, int seat) except -1
    cdef str _offer_kind(self)

    @cython.locals(values=list)
    cdef int _wins_with(self, int seat, str hexagram) except? -1

    @cython.locals(progress=str, out=list, hexagram=str, met=int)
    cdef list _winning_placements(self, int seat, str lines)

    cdef str _previous_declared(self)

    @cython.locals(parsed=Move)
    cpdef tuple check(self, object move)

    @cython.locals(kind=str)
    cdef tuple _check_parsed(self, Move m)

    @cython.locals(parsed=Move, verdict=tuple, kind=str)
    cpdef tuple apply(self, object move)

    @cython.locals(need=tuple, hand=list)
    cdef tuple _check_target(self, int seat, str lines)

    @cython.locals(need=tuple, hand=list)
    cdef tuple _check_exact_hand(self, int seat, str lines)

    @cython.locals(verdict=tuple)
    cdef tuple _check_play(self, int seat, str lines)

    @cython.locals(pure=int, verdict=tuple)
    cdef tuple _check_pong(self, int seat, str lines, str placement)

    @cython.locals(claimed=str, progress=str, where=str)
    cdef tuple _check_win(self, int seat, str placement)

    @cython.locals(need=tuple, hand=list, i=int)
    cdef _lay_target(self, int seat, str lines)

    cdef _start_turn(self, int seat)

    @cython.locals(progress=str, met=int, take=Py_ssize_t, hand=list, tile=Py_UCS4,
                   can_win=list, holds_pair=list, pure=int, other=int, offers=list)
    cdef _play(self, int seat, str kind, str lines, str placement)

    cdef _next_offer(self)

    @cython.locals(hexagram=str, met=int)
    cdef _win_on_claim(self, int seat, str placement)

    @cython.locals(n=int, payments=list, points=int, losers=list, share=int, extra=int,
                   i=int, pay=int, loser=int)
    cdef _finish(self, str kind, int winner, int payer, str hexagram, int met)

    @cython.locals(hand=list, previous=str, out=list)
    cdef list _legal_moves_of(self, int seat)

    @cython.locals(pure=int, hand=list, placements=tuple, out=list)
    cdef list _pong_moves(self, int seat, str pair)

@cython.locals(out=list, cut=Py_ssize_t)
cpdef list public_history(list moves)
