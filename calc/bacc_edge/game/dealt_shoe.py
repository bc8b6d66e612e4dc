"""A shoe dealt by hand, card by card, as the live page enters it: the shown first card,
the burn, the coups by the paytable's tableau, the cut card and the end of the shoe,
with undo and redo without limit.

The shoe is dealt as :mod:`bacc_edge.game.dealing` says (the rules the depth analysis
deals by): the first card is shown and as many more burned unseen as its value (10 for
tens and court cards); a house that shows its burned cards has them entered as such
(they are then seen, but still the burn); then coups, each card going to the position
the tableau gives it (:func:`~bacc_edge.game.coup.coup_order`), until the end rule says
the shoe is over (:meth:`~bacc_edge.game.dealing.DealRules.shoe_over`). Cards are read
by the one card grammar (:func:`~bacc_edge.game.cards.parse_cards`) and taken out of the
shoe by :meth:`~bacc_edge.game.shoe.Shoe.remove`: a card the shoe no longer holds, or a
malformed one, is refused with its message, and a refused entry changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from ..errors import ArgumentError, BaccEdgeError, ShoeError, kind_of
from .cards import POINTS, RANKS, SUITS_PER_RANK, card_name, parse_cards
from .coup import COUP_CARDS, coup_order, coup_plan
from .dealing import SHOWN_CARDS, DealRules, burn_count
from .shoe import Shoe
from .tableau import STANDARD, Tableau


class DealError(BaccEdgeError):
    """A card entered where the shoe cannot take it: the wrong moment (a burned card
    after the first coup, a card after the end of the shoe) or a card it no longer
    holds. The message says why and what to do."""


class Role(StrEnum):
    """What a card entered is: the shown first card, a burned card shown face up, or a
    card of a coup."""

    EXPOSED = "exposed"
    BURN = "burn"
    COUP = "coup"


@dataclass(frozen=True)
class Entry:
    """One card entered: its role, its rank (index into RANKS) and suit (index into
    SUITS, None where it was entered without one)."""

    role: Role
    rank: int
    suit: int | None

    @property
    def name(self) -> str:
        return card_name(self.rank, self.suit)


@dataclass(frozen=True)
class Coup:
    """One coup as far as it is dealt: its round (from 1), its cards (entries) and the
    positions they went to, the place of its first card in the shoe, the index of its
    first entry, and whether it is complete."""

    round: int
    cards: tuple[Entry, ...]
    positions: tuple[str, ...]
    start: int
    first_entry: int
    complete: bool
    next_position: str | None

    @property
    def end(self) -> int:
        """The place after its last card."""
        return self.start + len(self.cards)

    def hand(self, side: str) -> tuple[Entry, ...]:
        """The cards of the player's (``"P"``) or banker's (``"B"``) hand."""
        return tuple(c for c, p in zip(self.cards, self.positions) if p[0] == side)

    def points(self, side: str) -> int:
        return sum(POINTS[c.rank] for c in self.hand(side)) % 10


@dataclass(frozen=True)
class Layout:
    """Where every card entered stands: the shown card, the burn (how many, and those
    shown), the coups, the place of the next card in the shoe (places count from 0, the
    shown card first), the round whose coup brought the cut card out (None while it is
    in), and whether the shoe is over."""

    exposed: Entry | None = None
    burned: int = 0
    burned_seen: tuple[Entry, ...] = ()
    coups: tuple[Coup, ...] = ()
    place: int = 0
    cut_round: int | None = None
    over: bool = False

    @property
    def complete_coups(self) -> tuple[Coup, ...]:
        return tuple(c for c in self.coups if c.complete)


class DealtShoe:
    """The cards of one shoe as they were entered (:attr:`entries`), by ``rules`` (decks,
    cut card, end rule) and ``tableau``; :attr:`unseen` the shoe less every card seen.
    :meth:`enter` takes cards, :meth:`undo` and :meth:`redo` step back and forth
    without limit (entering a card after an undo forgets what could be redone)."""

    def __init__(self, rules: DealRules = DealRules(), tableau: Tableau = STANDARD):
        if not isinstance(rules, DealRules):
            raise ArgumentError(f"rules {kind_of(rules)} must be DealRules, e.g. "
                                f"DealRules(decks=8)")
        self.rules = rules
        self.tableau = tableau
        self._plan = coup_plan(tableau)
        self.full = Shoe.decks(rules.decks)
        self.entries: list[Entry] = []
        self.redo_stack: list[Entry] = []
        #: after each prefix of the entries, the unseen shoe and the layout: undo is a
        #: step back, never a recount
        self._states: list[tuple[Shoe | LastCards, Layout]] = [(self.full, Layout())]

    # -- reading ------------------------------------------------------------------
    @property
    def unseen(self) -> Shoe | LastCards:
        """The cards not seen: the full shoe less the shown card, the burned cards shown
        and the coups' cards (burned cards not shown stay in it); the last few, fewer
        than a coup can need, as :class:`LastCards`."""
        return self._states[-1][0]

    def unseen_before(self, entries: int) -> Shoe | LastCards:
        """The unseen shoe when only the first ``entries`` cards had been entered."""
        return self._states[entries][0]

    @property
    def layout(self) -> Layout:
        return self._states[-1][1]

    @property
    def next_role(self) -> Role | None:
        """What the next card entered will be: the shown card, a coup's card (a burned
        card shown is entered as such, :meth:`enter`'s ``burn``), None when the shoe is
        over."""
        layout = self.layout
        if layout.exposed is None:
            return Role.EXPOSED
        return None if layout.over else Role.COUP

    # -- changing -----------------------------------------------------------------
    def enter(self, *, exposed: str | None = None, burn: str | None = None,
              cards: str | None = None) -> int:
        """Enter cards, in this order: the shown first card (``exposed``), burned cards
        shown face up (``burn``), then coups' cards in dealing order (``cards``), each
        as card names (``"K♠ 5h"``). All or nothing: a card refused refuses the whole
        entry. Returns how many cards were entered."""
        new: list[Entry] = []
        for key, role, text in (("exposed", Role.EXPOSED, exposed), ("burn", Role.BURN, burn),
                                ("cards", Role.COUP, cards)):
            if text is None:
                continue
            if not isinstance(text, str):
                raise DealError(f"{key} {text!r:.60} must be card names in a string, "
                                f"e.g. 'K♠ 5h'")
            parsed = parse_cards(text)
            if role is Role.EXPOSED and len(parsed) != 1:
                raise DealError(f"exposed {text!r:.60}: the shown first card is one card")
            new += [Entry(role, rank, suit) for rank, suit in parsed]
        if not new:
            raise DealError("no card entered: give exposed, burn or cards, e.g. "
                            "{\"cards\": \"K♠ 5h\"}")
        states = list(self._states)
        for entry in new:
            states.append(self._step(states[-1], entry, len(states) - 1))
        self._states = states
        self.entries += new
        self.redo_stack.clear()
        return len(new)

    def snapshot(self) -> tuple:
        """What :meth:`restore` needs to bring the shoe back to now."""
        return list(self.entries), list(self._states), list(self.redo_stack)

    def restore(self, snapshot: tuple) -> None:
        entries, states, redo = snapshot
        self.entries, self._states, self.redo_stack = list(entries), list(states), list(redo)

    def undo(self) -> Entry:
        """Take back the last card entered (it can be redone)."""
        if not self.entries:
            raise DealError("nothing to undo: no card has been entered in this shoe")
        entry = self.entries.pop()
        self._states.pop()
        self.redo_stack.append(entry)
        return entry

    def redo(self) -> Entry:
        """Enter again the last card undone."""
        if not self.redo_stack:
            raise DealError("nothing to redo")
        entry = self.redo_stack[-1]
        self._states.append(self._step(self._states[-1], entry, len(self.entries)))
        self.entries.append(self.redo_stack.pop())
        return entry

    def _step(self, state: tuple[Shoe | LastCards, Layout], entry: Entry,
              index: int) -> tuple[Shoe | LastCards, Layout]:
        """The unseen shoe and layout once ``entry`` is entered after ``state`` as entry
        number ``index`` (from 0); refused where the shoe cannot take it now."""
        shoe, layout = state
        name = entry.name
        if entry.role is Role.EXPOSED:
            if layout.exposed is not None:
                raise DealError(f"the shown first card {name!r}: this shoe's is "
                                f"{layout.exposed.name} already (undo it to change it)")
            burned = burn_count(entry.rank * SUITS_PER_RANK)
            return self._remove(shoe, entry), Layout(entry, burned, place=SHOWN_CARDS + burned)
        if layout.exposed is None:
            raise DealError(f"card {name!r}: enter the shoe's shown first card first "
                            f"(exposed)")
        if entry.role is Role.BURN:
            if layout.coups:
                raise DealError(f"burned card {name!r}: the burn is over, the first coup "
                                f"is being dealt")
            if len(layout.burned_seen) >= layout.burned:
                raise DealError(f"burned card {name!r}: the shown {layout.exposed.name} "
                                f"burns {layout.burned} cards, and {layout.burned} are "
                                f"entered")
            return self._remove(shoe, entry), replace(
                layout, burned_seen=layout.burned_seen + (entry,))
        if layout.over:
            raise DealError(f"card {name!r}: the shoe is over after round "
                            f"{layout.coups[-1].round}: {self._why_over(layout)}; start a "
                            f"new shoe")
        shoe = self._remove(shoe, entry)
        coups = list(layout.coups)
        if coups and not coups[-1].complete:
            coup = coups.pop()
            cards, start, first = coup.cards + (entry,), coup.start, coup.first_entry
        else:
            cards, start, first = (entry,), layout.place, index
        order, whole = coup_order(self._plan, [POINTS[c.rank] for c in cards])
        done = whole and len(order) == len(cards)
        coup = Coup(len(coups) + 1, cards, order[:len(cards)], start, first, done,
                    None if done else order[len(cards)])
        coups.append(coup)
        cut_round, over = layout.cut_round, False
        if done:
            if cut_round is None and coup.end > self.rules.cut_at:
                cut_round = coup.round
            over = self.rules.shoe_over([(c.start, c.end) for c in coups])
        return shoe, replace(layout, coups=tuple(coups), place=layout.place + 1,
                             cut_round=cut_round, over=over)

    def _why_over(self, layout: Layout) -> str:
        """Why the shoe of ``layout`` deals no more coup, in words."""
        if layout.cut_round is None:  # the cut card still in (or none: --cut 0)
            left = self.rules.cards - layout.place
            return (f"{left} card{'s are' if left != 1 else ' is'} left in the shoe, fewer "
                    f"than a coup can need ({COUP_CARDS})")
        return (f"the cut card came out in round {layout.cut_round}, and by the "
                f"{self.rules.end.value} rule {self.rules.end.meaning}")

    def _remove(self, shoe: Shoe | LastCards, entry: Entry) -> Shoe | LastCards:
        """``shoe`` less the card of ``entry``; the last cards, fewer than a coup's, as
        :class:`LastCards`. A card the cards not seen no longer hold is refused, saying
        how many the shoe held and how many are entered."""
        if isinstance(shoe, Shoe) and shoe.cards <= COUP_CARDS:
            shoe = LastCards(shoe.ranks, shoe.suits, shoe.suitless)
        try:
            if isinstance(shoe, LastCards):
                return shoe.remove(entry)
            return shoe.remove(entry.name)
        except ShoeError:
            pass
        name, r, s = entry.name, entry.rank, entry.suit
        full = self.full
        held = full.ranks[r] if s is None else full.suits[r][s]
        entered = held - (shoe.ranks[r] if s is None else shoe.suits[r][s])
        without = shoe.suitless[r]
        decks = self.rules.decks
        if entered == held and (s is None or not without):
            told = "it is entered" if held == 1 else f"all {held} are entered"
        else:
            told = f"{entered} {'is' if entered == 1 else 'are'} entered"
        if s is not None and without:
            told += (f", and {without} {RANKS[r]} without "
                     f"{'its' if without == 1 else 'their'} suit")
        raise DealError(f"card {name!r}: no {name} is left among the cards not yet seen "
                        f"(the {decks}-deck shoe held {held}; {told})")


@dataclass(frozen=True)
class LastCards:
    """The cards not seen once fewer are left than a coup can need: a :class:`Shoe`
    holds at least a coup's six cards, and the last coup of a shoe may take the
    unseen cards below that. Counted as a Shoe counts them (13 × 4 by suit, the cards
    entered without a suit apart); no coup is valued on them."""

    ranks: tuple[int, ...]
    suits: tuple[tuple[int, ...], ...]
    suitless: tuple[int, ...]

    @property
    def cards(self) -> int:
        return sum(self.ranks)

    def remove(self, entry: Entry) -> "LastCards":
        """Less the card of ``entry``, refused as :meth:`Shoe.remove` refuses it."""
        ranks, suitless = list(self.ranks), list(self.suitless)
        suits = [list(row) for row in self.suits]
        r, name = entry.rank, entry.name
        held = ranks[r] > 0 and (entry.suit is None or suits[r][entry.suit] > 0)
        ranks[r] -= 1
        if entry.suit is None:
            suitless[r] += 1
        else:
            suits[r][entry.suit] -= 1
        if not held or sum(suits[r]) < suitless[r]:
            raise ShoeError(f"cannot remove {name!r}: no {name} is left")
        return LastCards(tuple(ranks), tuple(map(tuple, suits)), tuple(suitless))


__all__ = ["Coup", "DealError", "DealtShoe", "Entry", "LastCards", "Layout", "Role"]
