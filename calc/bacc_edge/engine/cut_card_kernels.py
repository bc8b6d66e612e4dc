"""Engine part of "every cut card from one run": how many rounds each dealt shoe would
have dealt had its cut card been placed further from the end.

Where the cut card lies changes only when the shoe ends, not the cards dealt before
(the value of a bet before a coup depends on the cards seen, not on the cut card). A
shoe dealt with its cut card nearest the end therefore holds, as a prefix of its
rounds, the shoe dealt with any cut card further up: the rounds the end-of-shoe rule
(:func:`~bacc_edge.game.dealing.after_coup`, compiled here) lets a coup start in.
"""

from __future__ import annotations

from ..game.dealing import after_coup
from .jit import inline, kernel

#: The end-of-shoe rule (:func:`~bacc_edge.game.dealing.after_coup`), compiled here.
_after_coup = inline(after_coup)


@kernel
def rounds_at_cuts(start, rounds, n_cards, end_rule, cuts, out):
    """Per cut (cards behind the cut card, each at least the dealt shoes' own) and shoe,
    the rounds the shoe deals: ``out[c, s]``. ``start[s, r]`` is the place of round r's
    first card (a coup's cards follow one another, so round r ends where r + 1 begins),
    ``rounds[s]`` the rounds the shoe dealt; ``end_rule`` the rule's code."""
    for c in range(cuts.shape[0]):
        cut_at = n_cards - cuts[c]
        for s in range(rounds.shape[0]):
            dealt = rounds[s]
            last = False
            for r in range(rounds[s] - 1):
                over, last = _after_coup(end_rule, cut_at, start[s, r], start[s, r + 1], last)
                if over:
                    dealt = r + 1
                    break
            out[c, s] = dealt
