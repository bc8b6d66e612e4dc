"""Cards as the dealt-shoe kernels number them, for the plain-Python dealers of the tests:
card ``rank * 4 + suit`` (A = rank 0, suits ♠ ♥ ♦ ♣), and a shoe's rows (copies of each rank
and suit) as its physical cards; small suit-asymmetric shoes drawn as such rows."""

from hypothesis import strategies as st
from reference import coup_length


def physical(rows):
    """The physical cards of a shoe given as rows[rank][suit] copies: (rank, suit) pairs."""
    return [(r, s) for r in range(13) for s in range(4) for _ in range(rows[r][s])]


def small_suited_shoes(ranks, most, *, patterns_differ=False):
    """Suit-asymmetric shoes of 7-9 cards over two to four of ``ranks`` (rank indices, A =
    0), as rows[rank][suit], at most ``most`` copies of a card; ``patterns_differ``: two
    of the ranks at least held in different suits."""
    def rows(drawn):
        chosen, counts = drawn
        out = [[0] * 4 for _ in range(13)]
        for i, r in enumerate(chosen):
            out[r] = [counts[4 * i + s] for s in range(4)]
        return out

    def fits(r):
        return 7 <= sum(map(sum, r)) <= 9 and (
            not patterns_differ or len({tuple(row) for row in r if sum(row)}) > 1)

    return st.tuples(
        st.lists(st.sampled_from(ranks), min_size=2, max_size=4, unique=True),
        st.lists(st.integers(0, most), min_size=16, max_size=16),
    ).map(rows).filter(fits)


def points(card):
    rank = card // 4
    return (rank + 1) % 10 if rank < 9 else 0


def colour(card):
    return 1 if card % 4 in (1, 2) else 0  # ♥ ♦ red, ♠ ♣ black


def coup_of(cards, pos):
    """The coup dealt from ``cards[pos]``: (player's cards, banker's cards, cards dealt),
    by the prose rules (reference.coup_length) and the dealing order P B P B."""
    n = coup_length(cards, pos)
    c = cards[pos:pos + n]
    player, banker = [c[0], c[2]], [c[1], c[3]]
    pt = (points(c[0]) + points(c[2])) % 10
    natural = pt >= 8 or (points(c[1]) + points(c[3])) % 10 >= 8
    player_drew = not natural and pt <= 5
    if player_drew:
        player.append(c[4])
        if n == 6:
            banker.append(c[5])
    elif n == 5:
        banker.append(c[4])
    return player, banker, n


def hand_points(hand):
    return sum(points(c) for c in hand) % 10
