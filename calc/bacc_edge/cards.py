"""Card ranks, suits and point values: the one place that says what a card is worth."""

from __future__ import annotations

from .errors import ShoeError

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("♠", "♥", "♦", "♣")
#: A card's baccarat points: ace one, two to nine face value, tens and court cards nothing.
POINTS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)
#: A hand counts 0-9: the sum of its cards' points, tens dropped.
POINT_VALUES = 10


def hand_total(*points: int) -> int:
    """The points of a hand holding cards of these point values: their sum, tens dropped
    (numbers, or numpy arrays of them card by card)."""
    return sum(points) % POINT_VALUES

_SUIT_ALIASES = {
    "♠": 0, "s": 0, "♤": 0,
    "♥": 1, "h": 1, "♡": 1,
    "♦": 2, "d": 2, "♢": 2,
    "♣": 3, "c": 3, "♧": 3,
}
_RANK_ALIASES = {name: i for i, name in enumerate(RANKS)}
_RANK_ALIASES.update({"T": 9, "1": 0, "ACE": 0, "JACK": 10, "QUEEN": 11, "KING": 12})


class CardNameError(ShoeError):
    """A card name that is not a rank, optionally followed by a suit."""


def parse_card(name: str) -> tuple[int, int | None]:
    """Read one card name such as ``"K♠"``, ``"10h"`` or ``"5"``.

    Returns the rank index into :data:`RANKS` and the suit index into :data:`SUITS`,
    or ``None`` for the suit when the name gives none.
    """
    text = name.strip()
    if not text:
        raise CardNameError("an empty card name")
    suit = None
    last = text[-1].lower()
    if last in _SUIT_ALIASES and len(text) > 1:
        suit = _SUIT_ALIASES[last]
        text = text[:-1]
    rank = _RANK_ALIASES.get(text.upper())
    if rank is None:
        raise CardNameError(
            f"card {name!r} is not a card: ranks are {' '.join(RANKS)}, "
            f"optionally followed by a suit ♠ ♥ ♦ ♣ (or s h d c)"
        )
    return rank, suit


def parse_cards(text: str) -> list[tuple[int, int | None]]:
    """Read a list of card names separated by spaces or commas, e.g. ``"5 5 K♠ 10h"``."""
    return [parse_card(tok) for tok in text.replace(",", " ").split()]


def card_name(rank: int, suit: int | None = None) -> str:
    """The printed name of a card, e.g. ``K♠``; a rank alone where the suit is unknown."""
    return RANKS[rank] + ("" if suit is None else SUITS[suit])


#: Card colours, and the colour of each suit in :data:`SUITS` (♠ ♣ black, ♥ ♦ red).
COLOURS = ("black", "red")
SUIT_COLOURS = (0, 1, 1, 0)
_SUIT_WORDS = {"SPADE": 0, "SPADES": 0, "HEART": 1, "HEARTS": 1, "DIAMOND": 2, "DIAMONDS": 2,
               "CLUB": 3, "CLUBS": 3}
_COLOUR_ALIASES = {"black": 0, "red": 1, "b": 0, "r": 1}


def parse_rank(name) -> int:
    """A rank as people write it (``"K"``, ``"10"``, ``"T"``, ``"A"``) → its index into
    :data:`RANKS`."""
    rank = _RANK_ALIASES.get(str(name).strip().upper()) if isinstance(name, (str, int)) else None
    if rank is None or isinstance(name, bool):
        raise CardNameError(f"rank {name!r} is not a rank: ranks are {' '.join(RANKS)}")
    return rank


def parse_suit(name) -> int:
    """A suit as people write it (``"♦"``, ``"d"``, ``"diamonds"``) → its index into
    :data:`SUITS`."""
    text = name.strip() if isinstance(name, str) else None
    suit = None
    if text:
        suit = _SUIT_ALIASES.get(text.lower(), _SUIT_WORDS.get(text.upper()))
    if suit is None:
        raise CardNameError(f"suit {name!r} is not a suit: suits are ♠ ♥ ♦ ♣ (or s h d c, "
                            f"spades hearts diamonds clubs)")
    return suit


def parse_colour(name) -> int:
    """A colour (``"red"``/``"black"``) → its index into :data:`COLOURS`."""
    colour = _COLOUR_ALIASES.get(name.strip().lower()) if isinstance(name, str) else None
    if colour is None:
        raise CardNameError(f"colour {name!r} is not a colour: colours are red and black")
    return colour
