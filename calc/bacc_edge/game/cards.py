"""Card ranks, suits and point values: the one place that says what a card is worth."""

from __future__ import annotations

from ..errors import ShoeError

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("♠", "♥", "♦", "♣")
CARDS_PER_DECK = len(RANKS) * len(SUITS)
#: Cards of one rank in a deck, one per suit.
SUITS_PER_RANK = len(SUITS)
#: The kinds of card, numbered rank · SUITS_PER_RANK + suit: a deck holds one of each.
CARD_KINDS = CARDS_PER_DECK
#: A card's baccarat points: ace one, two to nine face value, tens and court cards nothing.
POINTS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)
#: A hand counts 0-9: the sum of its cards' points, tens dropped.
POINT_VALUES = 10


def hand_total(*points: int) -> int:
    """The points of a hand holding cards of these point values: their sum, tens dropped
    (numbers, or numpy arrays of them card by card)."""
    return sum(points) % POINT_VALUES

#: The suits as they are written, and nothing else (CARD_FORMS and the README list them).
_SUIT_ALIASES = {"♠": 0, "s": 0, "♥": 1, "h": 1, "♦": 2, "d": 2, "♣": 3, "c": 3}
#: A rank is written as its symbol (``"10"`` or ``"T"`` for ten), in either case; nothing
#: else is a rank, so that no word is half read ("Kings" is not K♠).
_RANK_ALIASES = {name: i for i, name in enumerate(RANKS)}
_RANK_ALIASES["T"] = 9
#: Words people write for a rank, named in the error so the fix is one look away.
_RANK_WORDS = {"ACE": "A", "ONE": "A", "1": "A", "TWO": "2", "THREE": "3", "FOUR": "4",
               "FIVE": "5", "SIX": "6", "SEVEN": "7", "EIGHT": "8", "NINE": "9", "TEN": "10",
               "JACK": "J", "KNAVE": "J", "QUEEN": "Q", "KING": "K"}
CARD_FORMS = ("a rank A 2 3 4 5 6 7 8 9 10 J Q K (or T for 10), optionally followed by one "
              "suit ♠ ♥ ♦ ♣ (or s h d c), e.g. 'K', 'K♠', '10h'")


class CardNameError(ShoeError):
    """A card name that is not a rank, optionally followed by a suit."""


def _hint(text: str) -> str:
    """A pointer to the rank symbol for a word such as ``"Kings"``, ``"sixes"`` or
    ``"ace"``: the word itself, or less a plural's ``s``/``es`` (never any other letter:
    ``"10x"`` and ``"1O"`` are no aces)."""
    word = text.upper()
    plurals = [word[:-n] for n, end in ((1, "S"), (2, "ES")) if word.endswith(end)]
    for candidate in (word, *plurals):
        if candidate in _RANK_WORDS:
            symbol = _RANK_WORDS[candidate]
            return f" (the rank is written {symbol!r})"
    return ""


def parse_card(name: str) -> tuple[int, int | None]:
    """Read one card name such as ``"K♠"``, ``"10h"`` or ``"5"``: exactly a rank symbol,
    or a rank symbol and one suit (:data:`CARD_FORMS`), letters in either case.

    Returns the rank index into :data:`RANKS` and the suit index into :data:`SUITS`,
    or ``None`` for the suit when the name gives none. Anything else is a
    :class:`CardNameError` quoting the name.
    """
    if not isinstance(name, str):
        raise CardNameError(f"card {name!r} ({type(name).__name__}) is not a card name: "
                            f"write {CARD_FORMS}")
    text = name.strip()
    if not text:
        raise CardNameError(f"card {name!r} is not a card: an empty card name; "
                            f"write {CARD_FORMS}")
    rank = _RANK_ALIASES.get(text.upper())
    if rank is not None:
        return rank, None
    rank = _RANK_ALIASES.get(text[:-1].upper())
    suit = _SUIT_ALIASES.get(text[-1].lower())
    if rank is None or suit is None:
        raise CardNameError(f"card {_quoted(name)} is not a card{_hint(text)}: write "
                            f"{CARD_FORMS}")
    return rank, suit


def _quoted(name: str) -> str:
    """A name as an error quotes it: whole, or its start where it is long (a page or a
    script may send a long text; the error need not echo it)."""
    text = repr(name)
    return text if len(text) <= 40 else f"{text[:30]}… ({len(name):,} characters)"


def parse_cards(text: str) -> list[tuple[int, int | None]]:
    """Read a list of card names separated by spaces or commas, e.g. ``"5 5 K♠ 10h"``."""
    return [parse_card(tok) for tok in text.replace(",", " ").split()]


def card_name(rank: int, suit: int | None = None) -> str:
    """The printed name of a card, e.g. ``K♠``; a rank alone where the suit is unknown."""
    return RANKS[rank] + ("" if suit is None else SUITS[suit])


#: Card colours, and the colour of each suit in :data:`SUITS` (♠ ♣ black, ♥ ♦ red).
COLOURS = ("black", "red")
SUIT_COLOURS = (0, 1, 1, 0)
_SUIT_WORDS = {"SPADES": 0, "HEARTS": 1, "DIAMONDS": 2, "CLUBS": 3}
_COLOUR_ALIASES = {"black": 0, "red": 1, "b": 0, "r": 1}


def parse_rank(name) -> int:
    """A rank as people write it (``"K"``, ``"10"``, ``"T"``, ``"A"``) → its index into
    :data:`RANKS`. Only a rank symbol, as text, is a rank: ``"Kings"``, ``"K♠"``, ``1``
    and ``5`` (a number, where ``"5"`` is meant) are refused, naming what to write."""
    if isinstance(name, int) and not isinstance(name, bool):
        symbol = {1: "A", **{n: str(n) for n in range(2, 11)}}.get(name)
        hint = f" (the rank is written {symbol!r})" if symbol else ""
        raise CardNameError(f"rank {name!r} is not a rank{hint}: ranks are written as text, "
                            f"{' '.join(RANKS)} (or T for 10)")
    text = name.strip() if isinstance(name, str) else None
    rank = None if text is None else _RANK_ALIASES.get(text.upper())
    if rank is None:
        raise CardNameError(f"rank {name!r} is not a rank{_hint(text or '')}: ranks are "
                            f"{' '.join(RANKS)} (or T for 10)")
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
