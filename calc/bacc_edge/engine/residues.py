"""Exact arithmetic past 64 bits: counts kept modulo primes, multiplied in Montgomery
form, put back together by the Chinese remainder theorem.

A count whose intermediate numbers would overflow int64 (a card bet on a shoe with cards
removed without their suit: fractions over a common denominator, times every card
sequence) is kept as its residues modulo k primes between 2**30 and 2**31
(:func:`largest_primes`), whose product exceeds it. Inside a kernel, residues multiply in
Montgomery form (:func:`redc`, R = 2**32): a residue x is held as x · R mod p, and a
product of two is reduced without a division. Afterwards :func:`chinese_remainders`
finds the one number below the primes' product with those residues, in base-2**32 limbs,
and hands it back as a Python integer.

References
----------
P. L. Montgomery, "Modular multiplication without trial division", Mathematics of
Computation 44 (1985), 519-521. H. L. Garner, "The residue number system", IRE
Transactions on Electronic Computers EC-8 (1959), 140-147 (the mixed-radix digits).
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from math import gcd, prod

import numpy as np

from ..errors import BaccEdgeError
from .jit import inline, kernel

#: The moduli are primes between 2**30 and this: two residues multiply below 2**62.
PRIME_CEILING = 1 << 31
#: The Montgomery radix R of :func:`redc`.
MONTGOMERY_RADIX = 1 << 32
_LOW = np.uint64(0xFFFFFFFF)
_SHIFT = np.uint64(32)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # 2**64 / golden ratio: Fibonacci hashing


@lru_cache(maxsize=16)
def largest_primes(k: int) -> tuple[int, ...]:
    """The k largest primes below :data:`PRIME_CEILING`, largest first, by trial
    division (a pure function, cached: threads counting at once may each find them,
    never share a half-built list)."""
    limit = int(PRIME_CEILING ** 0.5) + 1
    sieve = np.ones(limit + 1, dtype=bool)
    sieve[:2] = False
    for i in range(2, int(limit ** 0.5) + 1):
        if sieve[i]:
            sieve[i * i::i] = False
    small = np.flatnonzero(sieve)
    found: list = []
    candidate = PRIME_CEILING - 1
    while len(found) < k:
        if candidate % 2 and not (candidate % small == 0).any():
            found.append(candidate)
        candidate -= 2 if candidate % 2 else 1
    return tuple(found)


def montgomery(value: int, p: int) -> int:
    """``value`` in Montgomery form modulo ``p``: value · R mod p."""
    return value % p * MONTGOMERY_RADIX % p


def montgomery_moduli(primes) -> np.ndarray:
    """What :func:`redc` needs of each prime, as a kernel reads it.

    Returns
    -------
    numpy.ndarray
        3 × k, uint64: the primes p; -1/p mod R; R mod p (1 in Montgomery form).
    """
    r = MONTGOMERY_RADIX
    return np.array([primes, [-pow(p, -1, r) % r for p in primes], [r % p for p in primes]],
                    dtype=np.uint64)


@inline
def redc(t, p, negative_inverse):
    """Montgomery reduction: t / 2**32 mod p, for t < 2**63 and 2**30 < p < 2**31
    (uint64 throughout; ``negative_inverse`` = -1/p mod 2**32): t + m · p < 2**64, and
    the quotient is below 2**32 < 4p."""
    m = ((t & _LOW) * negative_inverse) & _LOW
    u = (t + m * p) >> _SHIFT
    while u >= p:
        u -= p
    return u


def chinese_remainders(residues: np.ndarray, primes: list, denominator: int, ways: int,
                       what: str) -> np.ndarray:
    """The counts S · X = X · L · A / B, from a kernel's residues of X / R.

    Parameters
    ----------
    residues : numpy.ndarray
        One row per prime, one column per count: X / R mod p (uint64).
    primes : list of int
        The primes, as :func:`largest_primes` gives them; their product M exceeds X · L.
    denominator : int
        L, a common denominator that makes X · L whole.
    ways : int
        S. With C = gcd(S, L): A = S / C and B = L / C, coprime, so B divides X · L.
    what : str
        What the counts are, for the error.

    Returns
    -------
    numpy.ndarray
        The counts (Python integers, dtype object). Each distinct Q = X · L / B is found
        once, from its residues X · L / B mod p, checked to be whole, and multiplied by
        A in 32-bit limbs; each becomes a Python integer in one step, from its limbs'
        bytes, and the cells share them.

    Raises
    ------
    BaccEdgeError
        Where a count is not whole (L divides X · L: never).
    """
    common = gcd(ways, denominator)
    divisor, multiplier = denominator // common, ways // common
    modulus = prod(primes)
    n_q, n_a = -(-modulus.bit_length() // 32), -(-multiplier.bit_length() // 32)
    factors = np.array([montgomery(denominator * pow(divisor, -1, p), p) for p in primes],
                       dtype=np.uint64)
    inverses = np.array([[pow(q, -1, p) if j < i else 0 for j, q in enumerate(primes)]
                         for i, p in enumerate(primes)], dtype=np.uint64)
    index = np.empty(residues.shape[1], dtype=np.int64)
    out = np.zeros((residues.shape[1], n_q + n_a), dtype=np.uint64)
    found = _put_together(residues, np.array(primes, dtype=np.uint64), factors, inverses,
                          _limbs((modulus - 1) // divisor, n_q), _limbs(multiplier, n_a),
                          index, out)
    if found < 0:
        raise BaccEdgeError(f"{what} are not whole")
    data = out[:found].astype("<u4").view(f"V{4 * (n_q + n_a)}").ravel().tolist()
    values = np.fromiter(map(int.from_bytes, data, itertools.repeat("little")),
                         dtype=object, count=found)
    return values[index]


def _limbs(value: int, n: int) -> np.ndarray:
    """``value`` in ``n`` base-2**32 limbs, lowest first (uint64, for the kernel)."""
    return np.array([value >> (32 * i) & 0xFFFFFFFF for i in range(n)], dtype=np.uint64)


@kernel
def _put_together(residues, primes, factors, inverses, bound, multiplier, index, out):
    """Put the numbers Q · A back together from their residues, in base-2**32 limbs
    (uint64 arrays, each limb below 2**32, lowest first): Q is the number below M =
    Π ``primes`` with Q ≡ ``residues[i, cell]`` · ``factors[i]`` modulo each prime p_i
    (Garner's mixed-radix digits, ``inverses[i, j]`` = 1/p_j mod p_i for j < i; every
    prime below 2**31, so every product below 2**62), A is ``multiplier``.

    A table holds few distinct counts among many cells, and equal residues are equal
    numbers (and unequal ones unequal), so each distinct column of residues is put
    together once, found through a hash table: ``index[cell]`` = u, ``out[u]`` = its
    Q · A (``bound.size`` + ``multiplier.size`` limbs, zeroed by the caller, one row
    per cell at most). Returns the number of distinct values.

    The caller divides by B through ``factors`` (the residues of 1/B): Q · B is then
    the number the residues stand for exactly when B divides it, which is when
    Q · B < M, Q <= ``bound`` = (M - 1) // B (as many limbs as M). Returns -1 where a
    Q exceeds it (not whole)."""
    k, n = residues.shape
    n_q, n_a = bound.size, multiplier.size
    bits = 1
    while (1 << bits) < 2 * n:
        bits += 1
    slots = np.full(1 << bits, -1, dtype=np.int64)  # a distinct value's first cell
    shift, mask = np.uint64(64 - bits), np.uint64((1 << bits) - 1)
    digits = np.empty(k, dtype=np.uint64)
    q = np.empty(n_q, dtype=np.uint64)
    found = 0
    for cell in range(n):
        h = np.uint64(0)
        for i in range(k):
            h = (h ^ residues[i, cell]) * _GOLDEN
        slot = h >> shift
        while slots[slot] >= 0:  # open addressing: the next slot, round the table
            first = slots[slot]
            same = True
            for i in range(k):
                if residues[i, first] != residues[i, cell]:
                    same = False
                    break
            if same:
                break
            slot = (slot + np.uint64(1)) & mask
        if slots[slot] >= 0:
            index[cell] = index[slots[slot]]
            continue
        slots[slot] = cell
        index[cell] = found
        for i in range(k):
            p = primes[i]
            d = residues[i, cell] % p * factors[i] % p
            for j in range(i):
                d = (d + p - digits[j] % p) % p * inverses[i, j] % p
            digits[i] = d
        q[:] = 0
        q[0] = digits[k - 1]
        for i in range(k - 2, -1, -1):  # Horner: Q = d_0 + p_0 (d_1 + p_1 (d_2 + ...))
            carry = digits[i]
            for limb in range(n_q):  # every partial value is below M: no carry out
                t = q[limb] * primes[i] + carry
                q[limb] = t & _LOW
                carry = t >> _SHIFT
        for limb in range(n_q - 1, -1, -1):
            if q[limb] != bound[limb]:
                if q[limb] > bound[limb]:
                    return -1
                break
        for a in range(n_q):  # schoolbook: each step below (2**32 - 1)**2 + 2 (2**32 - 1)
            if q[a] == 0:
                continue
            carry = np.uint64(0)
            for b in range(n_a):
                t = q[a] * multiplier[b] + out[found, a + b] + carry
                out[found, a + b] = t & _LOW
                carry = t >> _SHIFT
            out[found, a + n_a] = carry
        found += 1
    return found


__all__ = ["MONTGOMERY_RADIX", "PRIME_CEILING", "chinese_remainders", "largest_primes",
           "montgomery", "montgomery_moduli", "redc"]
