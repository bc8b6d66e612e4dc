"""The live page's output (``bacc-edge track``): each piece of the JSON state the page
and a script read, and the CSV of the cards entered. How a shoe dealt by hand
(:class:`~bacc_edge.game.dealt_shoe.DealtShoe`), a bet's value, a count and a player's
winnings are written; :meth:`~bacc_edge.live.track.LiveTrack.state` puts the pieces
together. Every value is given as a float and exactly (``"ev_exact": "-31/2000"``), as
the other commands' JSON gives it; a percentage as ``bacc-edge`` prints it.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..analysis.card_counting import Count
from ..game.cards import RANKS, SUITS
from ..game.dealt_shoe import Coup, DealtShoe, Role
from ..language.bet import Bet
from ..util.number_text import fraction, percentage
from .formats import csv_records

#: Decimal places of the percentages the page shows (those ``bacc-edge`` prints).
DIGITS = 3
#: The columns of the cards' CSV, one row a card in the order entered.
CARD_COLUMNS = ("number", "card", "rank", "suit", "role", "round", "position")


def entries_json(shoe: DealtShoe) -> list[dict]:
    """Each card entered: its name and role, and for a card of a coup, its round and
    position."""
    where: dict[int, tuple[Coup, str]] = {}
    for coup in shoe.layout.coups:  # a coup's cards are entered one after another
        for k, position in enumerate(coup.positions):
            where[coup.first_entry + k] = (coup, position)
    out = []
    for i, entry in enumerate(shoe.entries):
        item = {"card": entry.name, "role": entry.role.value}
        if i in where:
            coup, position = where[i]
            item.update(round=coup.round, position=position)
        out.append(item)
    return out


def next_json(shoe: DealtShoe) -> dict | None:
    """What the next card entered is: the shown card, or a coup's card (its round and
    position, and whether a burned card may still be entered instead); None after the
    end of the shoe."""
    role = shoe.next_role
    if role is None:
        return None
    if role is Role.EXPOSED:
        return {"role": "exposed"}
    layout = shoe.layout
    coups = layout.coups
    if coups and not coups[-1].complete:
        return {"role": "coup", "round": coups[-1].round,
                "position": coups[-1].next_position,
                "burn_open": False}
    return {"role": "coup", "round": len(coups) + 1, "position": "P1",
            "burn_open": not coups and len(layout.burned_seen) < layout.burned}


def coup_json(coup: Coup) -> dict:
    """A coup as far as it is dealt: its cards by position, each hand, the card to come;
    once complete, the points and the winner."""
    out = {"round": coup.round, "complete": coup.complete,
           "cards": [{"card": c.name, "position": p}
                     for c, p in zip(coup.cards, coup.positions)],
           "player": [c.name for c in coup.hand("P")],
           "banker": [c.name for c in coup.hand("B")],
           "next": coup.next_position}
    if coup.complete:
        player, banker = coup.points("P"), coup.points("B")
        out.update(player_points=player, banker_points=banker,
                   winner="player" if player > banker else
                   "banker" if banker > player else "tie")
    return out


def bet_json(bet: Bet, ev: Fraction | None, *, card_bet: bool, next_round: int,
             valued: bool) -> dict:
    """A bet on the cards not seen: its value per unit (``ev``; None while it is still
    being counted), whether it is open in the round ``next_round`` (its cutoff), and
    whether it favours the player. ``valued``: whether the cards left can make a coup
    at all (else its value is "no coup")."""
    out = {"name": bet.name, "card_bet": card_bet,
           "max_round": bet.max_round,
           "open": bet.max_round is None or next_round <= bet.max_round,
           "pending": valued and ev is None, "ev": None, "ev_exact": None,
           "ev_text": None if valued else "no coup", "favourable": None}
    if ev is not None:
        out.update(ev=float(ev), ev_exact=fraction(ev),
                   ev_text=percentage(ev, DIGITS), favourable=ev > 0)
    return out


def count_json(count: Count, bets: list[str], running: int, level: float, reached: bool,
               threshold: float) -> dict:
    """A count now: its tags and convention, the ``bets`` it serves, its ``running`` and
    true count (``level``), whether its trigger is ``reached``, and the trigger in force
    (``threshold``: a trigger table's row at this depth; None where none is)."""
    return {"name": count.name, "bets": bets,
            "text": count.text(), "tags": dict(zip(RANKS, count.tags)),
            "trigger": count.describe()["trigger"],
            "trigger_on": count.trigger_on.value,
            "divisor": count.divisor.value, "rounding": count.rounding.value,
            "exposed_card": count.exposed_card, "running": running,
            "true_count": level, "reached": reached, "strict": count.strict,
            "threshold": None if math.isinf(threshold) else threshold}


def winnings_json(bets_placed: int, units: Fraction, expected: Fraction | None,
                  unsettled: int) -> dict:
    """What a player won on one bet so far: the bets placed, the units won (exactly), the
    units expected when they were placed (None: some are still being counted), and the
    bets whose coup's pay depends on a suit not entered (``unsettled``)."""
    return {"bets_placed": bets_placed, "units": float(units), "units_exact": fraction(units),
            "expected": None if expected is None else float(expected),
            "expected_exact": None if expected is None else fraction(expected),
            "unsettled": unsettled, "pending": expected is None}


def cards_csv(shoe: DealtShoe) -> str:
    """The shoe's cards as CSV, one row a card in the order entered
    (:data:`CARD_COLUMNS`)."""
    records = []
    for n, (entry, item) in enumerate(zip(shoe.entries, entries_json(shoe)), 1):
        records.append({"number": n, "card": entry.name, "rank": RANKS[entry.rank],
                        "suit": None if entry.suit is None else SUITS[entry.suit],
                        "role": entry.role.value, "round": item.get("round"),
                        "position": item.get("position")})
    return csv_records(records, CARD_COLUMNS)


__all__ = ["CARD_COLUMNS", "DIGITS", "bet_json", "cards_csv", "count_json", "coup_json",
           "entries_json", "next_json", "winnings_json"]
