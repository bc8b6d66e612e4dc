"""The features of a finished coup (winner, points, cards dealt, naturals, third cards,
pairs: :data:`FEATURES`), computed in one place for the point-level and the card-level
tables; and the names of the features of its cards (``"P1.rank"``, ``"{P1,P2}.suit"``),
which the words on cards write and the card-level table reads.

Both tables keep, per cell, the *parts* of a coup: the two-card totals ``pt``, ``bt``,
the third cards ``x``, ``y`` (point value + 1, 0 when the hand stood: the convention of
every cell index), the final points ``pp``, ``bp`` and whether each hand drew (``dp``,
``db``). :func:`coup_parts` derives them from the totals and thirds, and
:func:`coup_feature` reads any feature of :data:`COUP_FEATURES` off them.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..game.cards import RANKS, SUITS_PER_RANK
from ..game.coup import BEYOND_HANDS, POSITIONS, CoupPlan, Winner

#: How many values each part of a coup takes.
PART_RADIX = {"pp": 10, "bp": 10, "pt": 10, "bt": 10, "x": 11, "y": 11, "dp": 2, "db": 2}
#: The features of a finished coup, in the order the point-level table lists them, and
#: the parts each reads.
COUP_FEATURES = {
    "winner": ("pp", "bp"), "player_points": ("pp",), "banker_points": ("bp",),
    "player_cards": ("dp",), "banker_cards": ("db",), "player_two_card_total": ("pt",),
    "banker_two_card_total": ("bt",), "player_natural": ("pt",), "banker_natural": ("bt",),
    "player_third": ("x",), "banker_third": ("y",), "margin": ("pp", "bp"),
    "cards_dealt": ("dp", "db"),
}


def coup_parts(pt: np.ndarray, bt: np.ndarray, x: np.ndarray, y: np.ndarray,
               total: np.ndarray) -> dict[str, np.ndarray]:
    """Every part of the coups with two-card totals ``pt``, ``bt`` and third cards
    ``x``, ``y`` (point values, -1 when the hand stood); ``total`` is
    :attr:`CoupPlan.total`."""
    return {"pt": pt, "bt": bt, "x": x + 1, "y": y + 1,
            "pp": np.where(x >= 0, total[pt, np.maximum(x, 0)], pt),
            "bp": np.where(y >= 0, total[bt, np.maximum(y, 0)], bt),
            "dp": (x >= 0).astype(np.int64), "db": (y >= 0).astype(np.int64)}


def coup_feature(name: str, parts: dict, coup: CoupPlan) -> np.ndarray:
    """The feature ``name`` of :data:`COUP_FEATURES`, from the parts it reads."""
    if name == "winner":
        pp, bp = parts["pp"], parts["bp"]
        return np.where(pp > bp, Winner.PLAYER, np.where(bp > pp, Winner.BANKER, Winner.TIE))
    if name == "margin":
        return np.abs(parts["pp"] - parts["bp"])
    if name == "cards_dealt":
        return 4 + parts["dp"] + parts["db"]
    side, _, what = name.partition("_")
    letter = side[0]
    if what == "points":
        return parts[f"{letter}p"]
    if what == "cards":
        return 2 + parts[f"d{letter}"]
    if what == "third":
        return parts["x" if letter == "p" else "y"] - 1
    total = parts[f"{letter}t"]
    if what == "natural":
        return coup.natural[total]
    return total


#: What a bet can ask about a finished coup, and what each feature means: the features
#: of the outcome cells (:class:`~bacc_edge.engine.point_table.CellLayout`).
FEATURES = {
    "winner": "who won: " + ", ".join(f"{w.value} {w.name.lower()}" for w in Winner),
    "player_points": "the player's final points, 0-9",
    "banker_points": "the banker's final points, 0-9",
    "player_cards": "cards in the player's hand, 2 or 3",
    "banker_cards": "cards in the banker's hand, 2 or 3",
    "player_two_card_total": "points of the player's first two cards",
    "banker_two_card_total": "points of the banker's first two cards",
    "player_natural": "1 when the player's first two cards make 8 or 9",
    "banker_natural": "1 when the banker's first two cards make 8 or 9",
    "player_third": "point value of the player's third card, -1 when none",
    "banker_third": "point value of the banker's third card, -1 when none",
    "player_pair": "1 when the player's first two cards share a rank (10-10 yes, 10-J no)",
    "banker_pair": "1 when the banker's first two cards share a rank",
    "player_suited_pair": "1 when the player's first two cards share rank and suit",
    "banker_suited_pair": "1 when the banker's first two cards share rank and suit",
    "margin": "the winning margin in points, 0 on a tie",
    "cards_dealt": "cards dealt in the coup, 4-6",
}
#: The features that tell suits apart (a pair of one rank and suit).
SUIT_FEATURES = ("player_suited_pair", "banker_suited_pair")
#: What a bet on the two hands' pairs alone reads (see
#: :class:`~bacc_edge.engine.point_table.PairLayout`).
PAIR_FEATURES = frozenset({"player_pair", "banker_pair", *SUIT_FEATURES})
assert set(COUP_FEATURES) | PAIR_FEATURES == set(FEATURES)

#: What a card feature reads of a card.
ATTRIBUTES = ("rank", "suit", "colour", "value", "dealt")
#: Features that mark a condition naming one suit or one colour (they break the suits'
#: symmetry: a flush is a flush in any suit, a diamond is not a heart).
NAMED = {"suit": "suit:named", "colour": "colour:named"}
#: A feature that marks a condition relating ranks to each other (pairs, rank counts,
#: straights): every rank must be told apart, not only the ranks named.
RELATED_RANKS = "rank:related"
#: A feature that marks a condition relating suits to each other (a flush, one card's
#: suit against another's): every suit must be told apart, not only the suits named.
RELATED_SUITS = "suit:related"


def named_rank(rank: int) -> str:
    """The feature that marks a condition naming a rank that shares its point value."""
    return f"rank:named:{rank}"


def named_suit(suit: int) -> str:
    """The feature that marks a condition naming one suit (``"suit:named:1"``: ♥): the
    cells need tell that suit apart from the others, not every suit from every other."""
    return f"suit:named:{suit}"


#: Every feature that marks how a condition reads the cards, not a card's attribute.
MARKS = frozenset({*NAMED.values(), RELATED_RANKS, RELATED_SUITS,
                   *(named_rank(r) for r in range(len(RANKS))),
                   *(named_suit(s) for s in range(SUITS_PER_RANK))})


def group_name(positions: Sequence[str]) -> str:
    """How features name a group's cards read in no particular order: ``"{P1,B1,P2,B2}"``."""
    return "{" + ",".join(positions) + "}"


def card_read(name: str) -> tuple[tuple[str, ...], str, bool] | None:
    """What a card feature reads: its positions, its attribute, and whether the positions
    are a group read in no particular order; None for a feature that is no card's. A
    position is a hand's (``"P1"`` … ``"B3"``) or, alone, card 5 or 6 out of the shoe
    (``"C5"``, ``"C6"``)."""
    where, _, attribute = name.rpartition(".")
    grouped = where.startswith("{") and where.endswith("}")
    positions = tuple(where[1:-1].split(",")) if grouped else (where,)
    if attribute not in ATTRIBUTES or not all(
            p in POSITIONS or (p in BEYOND_HANDS and not grouped) for p in positions):
        return None
    return positions, attribute, grouped


def beyond_hands(name: str) -> bool:
    """Whether a feature reads card 5 or 6 out of the shoe, dealt to a hand or not
    (``"C5.rank"``: :data:`~bacc_edge.game.coup.BEYOND_HANDS`)."""
    return name.rpartition(".")[0] in BEYOND_HANDS and card_read(name) is not None


__all__ = ["ATTRIBUTES", "COUP_FEATURES", "FEATURES", "MARKS", "NAMED", "PAIR_FEATURES",
           "PART_RADIX", "RELATED_RANKS", "RELATED_SUITS", "SUIT_FEATURES", "beyond_hands",
           "card_read", "coup_feature", "coup_parts", "group_name", "named_rank", "named_suit"]
