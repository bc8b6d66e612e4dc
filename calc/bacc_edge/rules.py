"""The drawing rules of punto banco, written as the tableau printed on the table.

This module is the one source of truth for when a hand draws. The kernels receive the
arrays built here; nothing else in bacc-edge encodes a drawing rule.
"""

from __future__ import annotations

import numpy as np

#: A two-card total of 8 or 9 is a natural: nobody draws.
NATURALS = (8, 9)

#: The player's rule, by the player's two-card total (when neither hand is a natural).
_PLAYER_RULE = """
player   0 1 2 3 4 5 6 7
         D D D D D D S S
"""

#: The banker's tableau, by the banker's two-card total (rows) and the point value of
#: the player's third card (columns), or "stood" when the player stood on 6 or 7.
#: D = banker draws, S = banker stands. Totals 8 and 9 are naturals and never draw.
_BANKER_TABLEAU = """
          0 1 2 3 4 5 6 7 8 9  stood
banker 0  D D D D D D D D D D  D
banker 1  D D D D D D D D D D  D
banker 2  D D D D D D D D D D  D
banker 3  D D D D D D D D S D  D
banker 4  S S D D D D D D S S  D
banker 5  S S S S D D D D S S  D
banker 6  S S S S S S D D S S  S
banker 7  S S S S S S S S S S  S
"""

#: Column of :data:`BANKER_DRAWS` used when the player stood.
PLAYER_STOOD = 10


def _marks(line: str) -> list[int]:
    return [{"D": 1, "S": 0}[m] for m in line.split() if m in ("D", "S")]


def _player_draws() -> np.ndarray:
    marks = _marks(_PLAYER_RULE.strip().splitlines()[1])
    return np.array(marks + [0, 0], dtype=np.int64)  # 8 and 9: naturals


def _banker_draws() -> np.ndarray:
    rows = [_marks(line) for line in _BANKER_TABLEAU.strip().splitlines()[1:]]
    table = np.zeros((10, 11), dtype=np.int64)  # rows 8 and 9: naturals
    table[: len(rows)] = rows
    return table


#: 1 where the player draws, by the player's two-card total 0 … 9.
PLAYER_DRAWS = _player_draws()
#: 1 where the banker draws, indexed [banker two-card total, player's third card or PLAYER_STOOD].
BANKER_DRAWS = _banker_draws()
for _table in (PLAYER_DRAWS, BANKER_DRAWS):
    _table.setflags(write=False)


def player_draws(player_total: int) -> bool:
    """Whether the player draws on this two-card total (no natural on the table)."""
    return bool(PLAYER_DRAWS[player_total])


def banker_draws(banker_total: int, player_third: int | None) -> bool:
    """Whether the banker draws on this two-card total, given the player's third card's
    point value, or ``None`` when the player stood (no natural on the table)."""
    column = PLAYER_STOOD if player_third is None else player_third
    return bool(BANKER_DRAWS[banker_total, column])
