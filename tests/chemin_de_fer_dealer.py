"""A slow, independent dealer of chemin de fer coups under any pure strategies, for
tests only.

It shares no code with the engine or the solver: it deals point values one card at a
time in the real order (player, banker, player, banker; then the player's third card if
he draws, then the banker's if he draws, the next card in the shoe whoever took the one
before), applies the strategies as functions, and adds up each coup's payoffs as exact
probabilities (the product of the chances of the cards dealt, so a coup of four cards
weighs what four cards do: no unused positions). Use it on small shoes.
"""

from __future__ import annotations

from fractions import Fraction
from math import prod


def point_counts(ranks) -> list[int]:
    """A shoe's 13 rank counts (A … K) as counts of the point values 0-9."""
    out = [0] * 10
    for r, n in enumerate(ranks):
        out[(r + 1) % 10 if r < 9 else 0] += n
    return out


def deal_values(ranks, player_on_5, banker_rule, *, commission=Fraction(0),
                replacement: bool = False) -> tuple[Fraction, Fraction]:
    """The player's and the banker's expected payoffs per unit staked.

    ``player_on_5(u, v)``: whether the player draws on 5 holding point values u <= v;
    ``banker_rule(u, v, third)``: whether the banker holding u <= v (no natural) draws
    against the player's third card's value, or ``None`` when the player stood. The
    player draws on 0-4 and stands on 6-7; naturals (8, 9) end the coup. The player
    wins +1 or loses 1; the banker wins 1 - commission or loses 1; a tie pays nothing."""
    counts = point_counts(ranks)
    cards = sum(counts)
    # sums of weight × payoff, by the number of cards the coup dealt
    player_sum = {4: 0, 5: 0, 6: 0}
    banker_sum = {4: Fraction(0), 5: Fraction(0), 6: Fraction(0)}

    def take(v):
        if not replacement:
            counts[v] -= 1

    def give(v):
        if not replacement:
            counts[v] += 1

    def settle(player_points, banker_points, weight, dealt):
        if player_points > banker_points:
            player_sum[dealt] += weight
            banker_sum[dealt] -= weight
        elif banker_points > player_points:
            player_sum[dealt] -= weight
            banker_sum[dealt] += weight * (1 - commission)

    def available():
        return [(v, counts[v]) for v in range(10) if counts[v] > 0]

    for p1, w1 in available():
        take(p1)
        for b1, w2 in available():
            take(b1)
            for p2, w3 in available():
                take(p2)
                for b2, w4 in available():
                    take(b2)
                    weight = w1 * w2 * w3 * w4
                    pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
                    banker_hand = (min(b1, b2), max(b1, b2))
                    if pt >= 8 or bt >= 8:
                        settle(pt, bt, weight, 4)
                    else:
                        draws = pt < 5 or (pt == 5 and player_on_5(min(p1, p2), max(p1, p2)))
                        if draws:
                            for p3, w5 in available():
                                take(p3)
                                pp = (pt + p3) % 10
                                if banker_rule(*banker_hand, p3):
                                    for b3, w6 in available():
                                        settle(pp, (bt + b3) % 10, weight * w5 * w6, 6)
                                else:
                                    settle(pp, bt, weight * w5, 5)
                                give(p3)
                        elif banker_rule(*banker_hand, None):
                            for b3, w5 in available():
                                settle(pt, (bt + b3) % 10, weight * w5, 5)
                        else:
                            settle(pt, bt, weight, 4)
                    give(b2)
                give(p2)
            give(b1)
        give(p1)

    def chances(dealt):
        return cards ** dealt if replacement else prod(range(cards - dealt + 1, cards + 1))

    return (sum((Fraction(s, chances(d)) for d, s in player_sum.items()), Fraction(0)),
            sum((s / chances(d) for d, s in banker_sum.items()), Fraction(0)))
