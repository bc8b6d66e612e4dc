"""A dealer of baccara banque written for the tests, sharing no code with the package: it
deals a small shoe's cards in their real order (the three hands' two cards, then the
left player's third card where he draws, the right's where he draws, the banker's) and
returns the whole game exactly: per play of the two players on 5, each table's expected
result when the banker stands wherever he may choose, and per banker cell what his
drawing there adds.

Its own reading of the rules: a natural is 8 or 9; a banker's natural, or both
players', ends the coup; a player's natural (the banker without one) wins his table;
a player draws on 0-4, stands on 6-7 and on 5 as his play says; the banker, seeing his
total and each table's third card, stand or natural, stands or draws once for both.

It counts in whole numbers: a coup that uses k cards of a shoe of N is weighed by its
cards' ways times the ways to deal the nine-card deal's other 9 - k, so that every
figure is over the nine-card deals, N (N - 1) … (N - 8), or N^9 with replacement.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

STOOD, NATURAL = "stood", "natural"
PLAYS = [(False, False), (False, True), (True, False), (True, True)]


def banque_game(values: dict[int, int], replacement: bool = False):
    """``{play: (constants, gains)}`` for the four plays (left draws on 5, right draws on
    5): ``constants`` the two tables' expected results per unit with the banker standing
    at every choice; ``gains`` ``{(banker total, left shown, right shown): (left gain,
    right gain)}``, what his drawing adds there. ``values``: the shoe's cards per point
    value."""
    start = tuple(values.get(v, 0) for v in range(10))
    deals = _ways(sum(start), 9, replacement)
    out = {}
    for play in PLAYS:
        constants, gains = [0, 0], {}
        for (left, hands), w in _first_six(start, replacement).items():
            c, g = _after_six(left, *hands, play, replacement)
            _add(constants, gains, w, c, g)
        out[play] = ([Fraction(c, deals) for c in constants],
                     {cell: (Fraction(a, deals), Fraction(b, deals)) for cell, (a, b) in gains.items()})
    return out


def _ways(n: int, k: int, replacement: bool) -> int:
    """Ordered ways to deal k cards from n."""
    out = 1
    for i in range(k):
        out *= n if replacement else n - i
    return out


def _draw(left, replacement):
    """(ways, value, what is left) for the next card."""
    for v, n in enumerate(left):
        if n:
            yield n, v, left if replacement else left[:v] + (n - 1,) + left[v + 1:]


def _first_six(start, replacement):
    """The ways to reach each (cards left, the three hands' totals) with the six first
    cards, dealt two to each hand in turn."""
    states = {(start, (0, 0, 0)): 1}
    for dealt in range(6):
        after = {}
        for (left, hands), w in states.items():
            for n, v, rest in _draw(left, replacement):
                now = list(hands)
                now[dealt // 2] = (now[dealt // 2] + v) % 10
                key = (rest, tuple(now))
                after[key] = after.get(key, 0) + w * n
        states = after
    return states


def _add(constants, gains, w, c, g):
    constants[0] += w * c[0]
    constants[1] += w * c[1]
    for cell, (a, b) in g.items():
        old = gains.get(cell, (0, 0))
        gains[cell] = (old[0] + w * a, old[1] + w * b)


@lru_cache(maxsize=None)
def _after_six(left, t1, t2, tb, play, replacement):
    """The coup from the third cards on, in ways out of the three further cards' ways."""
    natural = [t1 >= 8, t2 >= 8]
    pad = _ways(sum(left), 3, replacement)
    if tb >= 8 or all(natural):
        return (pad * _sign(t1 - tb), pad * _sign(t2 - tb)), {}
    drawing = [not natural[i] and (t < 5 or (t == 5 and play[i]))
               for i, t in enumerate((t1, t2))]
    return _players_draw(left, (t1, t2), natural, drawing, (), tb, replacement)


def _players_draw(left, points, natural, drawing, shown, tb, replacement):
    """The players' third cards in order (left, then right), then the banker's choice."""
    i = len(shown)
    if i == 2:
        return _banker(left, points, natural, shown, tb, replacement)
    if not drawing[i]:
        return _players_draw(left, points, natural, drawing,
                             shown + (NATURAL if natural[i] else STOOD,), tb, replacement)
    constants, gains = [0, 0], {}
    for n, v, rest in _draw(left, replacement):
        now = list(points)
        now[i] = (now[i] + v) % 10
        c, g = _players_draw(rest, tuple(now), natural, drawing, shown + (v,), tb, replacement)
        _add(constants, gains, n, c, g)
    return constants, gains


def _banker(left, points, natural, shown, tb, replacement):
    """Both tables' results with the banker standing, and what his drawing adds."""
    unused = 3 - sum(isinstance(s, int) for s in shown)  # cards of the deal not yet used

    def result(i, banker_points):
        return 1 if natural[i] else _sign(points[i] - banker_points)

    stand_ways = _ways(sum(left), unused, replacement)
    stands = [stand_ways * result(i, tb) for i in range(2)]
    drawn = [0, 0]
    for n, v, rest in _draw(left, replacement):
        w = n * _ways(sum(rest), unused - 1, replacement)
        for i in range(2):
            drawn[i] += w * result(i, (tb + v) % 10)
    return stands, {(tb,) + shown: (drawn[0] - stands[0], drawn[1] - stands[1])}


def _sign(x):
    return (x > 0) - (x < 0)
