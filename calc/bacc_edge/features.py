"""The features of a finished coup (winner, points, cards dealt, naturals, third cards),
computed in one place for the point-level and the card-level tables.

Both tables keep, per cell, the *parts* of a coup: the two-card totals ``pt``, ``bt``,
the third cards ``x``, ``y`` (point value + 1, 0 when the hand stood: the convention of
every cell index), the final points ``pp``, ``bp`` and whether each hand drew (``dp``,
``db``). :func:`coup_parts` derives them from the totals and thirds, and
:func:`coup_feature` reads any feature of :data:`COUP_FEATURES` off them.
"""

from __future__ import annotations

import numpy as np

from .coup import CoupPlan, Winner

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


__all__ = ["COUP_FEATURES", "PART_RADIX", "coup_feature", "coup_parts"]
