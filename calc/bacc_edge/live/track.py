"""The live shoe: a shoe dealt by hand and everything the live page shows about it,
as one plain object a server, a script or a test drives (:class:`LiveTrack`).

After every card: each bet's exact value per unit on the cards not seen (what
``bacc-edge PAYTABLE --remove "<cards>"`` prints), each count's running and true count
and whether its trigger is reached, the cards left by rank, each bet's value before
every round so far, and what the perfect player and each count's player would have won
so far. Bets on the cards themselves and the counts take tens of milliseconds to
seconds: :meth:`LiveTrack.work` counts them one piece at a time, on whatever thread
calls it, and the state says what is still pending.

Every change is saved at once to the session file (a temporary file, then a rename:
:func:`~bacc_edge.util.safe_write.write_owned`: never through a link, never over a
file put in its place, readable by its owner alone), from which a track made on it
again (:meth:`LiveTrack.resume`) restores the shoe exactly, undone cards included. A
track holds its session's lock (:mod:`.session_lock`) from its start until
:meth:`LiveTrack.close` or the end of its process, so that no two tracks write one
session.
"""

from __future__ import annotations

import json
import math
import os
import secrets
import threading
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np

from ..analysis.card_counting import DepthBy, TriggerOn
from ..errors import ArgumentError, BaccEdgeError, kind_of
from ..game.cards import RANKS, SUITS, parse_cards
from ..game.dealing import DealRules
from ..game.shoe import Shoe
from ..language.loader import Paytable, load_paytable
from ..output.formats import csv_records
from ..util.number_text import fraction, percentage
from ..util.progress import Progress, part
from ..util.safe_write import FileId, OutputError, OverwriteError, check_output, read_owned, \
    write_owned
from ..util.strict_json import JSONError, loads
from .dealt_shoe import Coup, DealError, DealtShoe, Entry, Role
from .session_lock import SessionLock
from .values import BetValue, BetValues, CoupSettler, LiveCounts, live_counts

#: What a session file says it is, and the version of its layout.
SESSION_FORMAT, SESSION_VERSION = "bacc-edge track session", 1
#: Decimal places of the percentages the page shows (those ``bacc-edge`` prints).
DIGITS = 3
#: What :meth:`LiveTrack.work` counts: the bets on the cards, and the counts.
PARTS = ("values", "counts")
#: How :meth:`DealtShoe.enter` takes a card of each role.
_KEYWORD = {Role.EXPOSED: "exposed", Role.BURN: "burn", Role.COUP: "cards"}
#: What a session file leaves as it is when it cannot be resumed.
_LEFT = "it is left as it is"


class SessionError(BaccEdgeError):
    """A session file that cannot be resumed: not a session, or cards that no shoe
    deals. The message names the file; the file is left as it is."""


@dataclass
class _Settled:
    """What one player won on one bet so far."""

    bets: int = 0
    units: Fraction = Fraction(0)
    expected: Fraction = Fraction(0)
    unsettled: int = 0
    pending: bool = False


class LiveTrack:
    """A shoe of ``rules`` (None: ``DealRules()``) dealt by hand, valued for the bets of
    ``paytable`` (a loaded paytable file), saved to ``session`` (None: not saved) after
    every change. A session file that exists is resumed, never started over: the shoe
    it holds, by its own rules (refused where ``rules`` given differ), or refused naming
    the file where it is no session of this paytable, the file left as it is. A track
    with a session holds its lock: a session another track holds is refused
    (:class:`~bacc_edge.live.session_lock.SessionBusyError`); :meth:`close` (or the end
    of the process, or a ``with`` block's) lets it go."""

    def __init__(self, paytable: Paytable, rules: DealRules | None = None, *,
                 session: Path | str | None = None):
        if not isinstance(paytable, Paytable) or paytable.source is None:
            raise ArgumentError(f"paytable {kind_of(paytable)} must be a paytable file loaded "
                                f"by load_paytable(path)")
        if rules is not None and not isinstance(rules, DealRules):
            raise ArgumentError(f"rules {kind_of(rules)} must be DealRules, e.g. "
                                f"DealRules(decks=8)")
        self.paytable = paytable
        self.session: Path | None = None
        self._session_lock: SessionLock | None = None
        #: the file this track last saved or resumed (None: none yet): a save replaces
        #: it and no other
        self._on_disk: FileId | None = None
        self._closed = False
        #: whether the shoe was resumed from its session file
        self.resumed = False
        #: whether the paytable file changed since the session resumed was saved (its
        #: tableau the same): its bets are valued as the file is now
        self.paytable_changed = False
        self._lock = threading.RLock()
        #: the counts and the coups' settlement of the rules they were built for (None:
        #: not yet; :meth:`work` builds them)
        self.counts: LiveCounts | None = None
        self.settler: CoupSettler | None = None
        self._rules_counted: DealRules | None = None
        #: goes up by one at every change of the shoe, so a page knows it is behind;
        #: ``server`` tells this track from one started again (whose version restarts)
        self.version = 0
        self.server = secrets.token_hex(8)
        if session is None:
            self._new_rules(*self._valued(DealRules() if rules is None else rules))
            return
        path = session_path(session, paytable)
        name = f"session {session}"
        lock = SessionLock(path, name)  # before reading: no other track writes it now
        try:
            saved = _read_session(path, paytable, name)
            if saved is None:
                self._new_rules(*self._valued(DealRules() if rules is None else rules))
            else:
                self._restore(saved, rules, session, name)
        except BaseException:
            lock.release()
            raise
        self.session, self._session_lock = path, lock

    def _restore(self, saved: "_Saved", rules: DealRules | None, session, name: str) -> None:
        """The shoe ``saved`` holds, exactly; refused where ``rules`` (given) differ."""
        if rules is not None and saved.rules != rules:
            raise SessionError(f"session {session} holds a shoe of {saved.rules.decks} decks, "
                               f"cut {saved.rules.cut}, {saved.rules.end.value}; the options "
                               f"ask for {rules.decks} decks, cut {rules.cut}, "
                               f"{rules.end.value}: drop them to resume it, or name another "
                               f"--session")
        self._new_rules(*self._valued(saved.rules))
        for n, (role, card) in enumerate(saved.entries, 1):
            try:
                self.shoe.enter(**{_KEYWORD[role]: card})
            except BaccEdgeError as err:
                raise SessionError(f"{name}: its card {n} ({card}): {err}; {_LEFT}") from None
        self.shoe.redo_stack[:] = saved.undone
        self._on_disk, self.resumed = saved.file, True
        self.paytable_changed = saved.paytable_changed

    def close(self) -> None:
        """Let the session go (its lock released): another track may open it. The shoe
        can still be read; a change is refused."""
        self._closed = True
        if self._session_lock is not None:
            self._session_lock.release()

    def __enter__(self) -> "LiveTrack":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _valued(self, rules: DealRules) -> tuple[DealRules, BetValues]:
        """``rules`` and the bets valued on their decks."""
        return rules, BetValues(self.paytable, Shoe.decks(rules.decks))

    def _new_rules(self, rules: DealRules, values: BetValues) -> None:
        """An empty shoe of ``rules``, its bets valued by ``values``."""
        self.shoe = DealtShoe(rules, self.paytable.rules)
        self.values = values
        if self._rules_counted != rules:
            self.counts = self.settler = None
            self._rules_counted = rules

    @property
    def rules(self) -> DealRules:
        return self.shoe.rules

    # -- changes, each saved at once --------------------------------------------------
    def enter(self, *, exposed: str | None = None, burn: str | None = None,
              cards: str | None = None) -> int:
        """Enter cards (see :meth:`DealtShoe.enter`); all or nothing."""
        return self._change(lambda: self.shoe.enter(exposed=exposed, burn=burn, cards=cards))

    def undo(self) -> Entry:
        """Take back the last card entered."""
        return self._change(lambda: self.shoe.undo())

    def redo(self) -> Entry:
        """Enter again the last card undone."""
        return self._change(lambda: self.shoe.redo())

    def new_shoe(self, *, decks: int | None = None, cut: int | None = None,
                 end: str | None = None) -> None:
        """Start a new shoe, by the current shoe's rules where not given (the cards of
        the old shoe are gone: export them first)."""
        old = self.rules
        rules = DealRules(old.decks if decks is None else decks,
                          old.cut if cut is None else cut, old.end if end is None else end)
        values = self.values
        if rules.decks != old.decks:  # a bet these decks cannot value: refused here
            values = BetValues(self.paytable, Shoe.decks(rules.decks))
            _check(values)
        self._change(lambda: self._new_rules(rules, values))

    def _change(self, action):
        """Do ``action`` (a change of the shoe) and save it; where it cannot be saved,
        undo it, so that the shoe shown is always the shoe on disk."""
        with self._lock:
            if self._closed:
                raise SessionError(f"this track is closed (its session "
                                   f"{self.session or ''} let go): open it again to change it")
            before = (self.shoe, self.shoe.snapshot(), self.values, self.counts,
                      self.settler, self._rules_counted)
            result = action()
            try:
                self.save()
            except BaseException:
                (self.shoe, snapshot, self.values, self.counts, self.settler,
                 self._rules_counted) = before
                self.shoe.restore(snapshot)
                raise
            self.version += 1
            return result

    def save(self) -> None:
        """Write the session file (temporary file, then rename), if there is one: over
        the file this track last saved or resumed, or where there is none, and never
        over another put in its place (a link included: refused, the change undone)."""
        if self.session is not None:
            self._on_disk = write_owned(
                self.session, json.dumps(self.session_data(), ensure_ascii=False,
                                         indent=1) + "\n",
                inputs=[self.paytable.path], name=f"session {self.session}",
                replaces=self._on_disk)

    def session_data(self) -> dict:
        """The session as JSON: the rules, the cards entered, the cards undone."""
        with self._lock:
            rules = self.rules
            return {"format": SESSION_FORMAT, "version": SESSION_VERSION,
                    "paytable": os.path.abspath(self.paytable.path),
                    "paytable_sha256": self.paytable.sha256,
                    "tableau": self.paytable.rules.text,
                    "rules": {"decks": rules.decks, "cut": rules.cut, "end": rules.end.value},
                    "entries": [e.as_json() for e in self.shoe.entries],
                    "undone": [e.as_json() for e in self.shoe.redo_stack]}

    @classmethod
    def resume(cls, paytable: Paytable, session: Path | str, *,
               on_progress: Progress | None = None) -> "LiveTrack":
        """The shoe the session file holds, exactly as it was left (cards undone can
        still be redone), its lock held: ``LiveTrack(paytable, session=session)`` where
        the file must exist. A file that is no session, holds cards no shoe deals, or
        was tracked with another paytable (:func:`_paytable_check`), is refused naming
        it, and left as it is. ``on_progress`` as for :meth:`check`."""
        track = cls(paytable, session=session)
        try:
            if not track.resumed:
                raise SessionError(f"session {session}: cannot be read as a session (there "
                                   f"is no such file): name the file a track saved")
            track.check(on_progress)
        except BaseException:
            track.close()
            raise
        return track

    def check(self, on_progress: Progress | None = None) -> None:
        """Value every bet on the full shoe, as ``bacc-edge`` does before any card: an
        event that can never happen, or a bet on the cards on more decks than it is
        counted on, is refused here, at the start, not on the first card.
        ``on_progress(done, total)`` hears of each part counted (seconds for bets on
        the cards)."""
        _check(self.values, on_progress)

    # -- the slow part, counted on the caller's thread ------------------------------
    def pending(self) -> bool:
        """Whether :meth:`work` has something left to count."""
        return any(self._next_job(part) is not None for part in PARTS)

    def work(self, part: str | None = None) -> bool:
        """Count one piece of what is pending, of ``part`` (:data:`PARTS`; None: either):
        ``"values"``, the bets on the cards on the cards not seen now, then before each
        round, the latest first; ``"counts"``, the counts and the coups' settlement, once
        per rules (seconds: a server counts the two parts on two threads, so that no
        card waits for the counts). False when nothing was left."""
        for each in (PARTS if part is None else (part,)):
            job = self._next_job(each)
            if job is not None:
                job()
                return True
        return False

    def _next_job(self, part: str):
        with self._lock:
            if part == "counts":
                if self.counts is not None and self.settler is not None:
                    return None
                paytable, rules = self.paytable, self.rules
                return lambda: self._set_counts(rules, live_counts(paytable, rules),
                                                CoupSettler(paytable, rules))
            values = self.values
            shoes = [self.shoe.unseen] + [self.shoe.unseen_before(c.first_entry)
                                          for c in reversed(self.shoe.layout.coups)]
            for shoe in shoes:
                for each in values.later:
                    if isinstance(shoe, Shoe) and not values.has(shoe, each):
                        return lambda: values.count(shoe, each)
            return None

    def _set_counts(self, rules: DealRules, counts: LiveCounts, settler: CoupSettler):
        with self._lock:
            if self.rules == rules:
                self.counts, self.settler = counts, settler

    def wait(self) -> None:
        """Count everything pending, here and now (a script or a test)."""
        while self.work():
            pass

    # -- what the page shows ------------------------------------------------------------
    def state(self) -> dict:
        """Everything the page shows, as one JSON object (see the README's API)."""
        with self._lock:
            shoe, layout, rules = self.shoe, self.shoe.layout, self.rules
            bets = self.paytable.bets
            unseen = shoe.unseen
            valued = isinstance(unseen, Shoe)  # else fewer cards than a coup can need
            now = self._values(unseen) if valued else {}
            coups = layout.coups
            next_round = (coups[-1].round if coups and not coups[-1].complete
                          else len(coups) + 1)
            starts = [self._values(shoe.unseen_before(c.first_entry)) for c in coups]
            levels = self._count_levels() if self.counts is not None else []
            return {
                "version": self.version,
                "server": self.server,
                "paytable": {"file": str(self.paytable.path),
                             "name": self.paytable.path.stem},
                "session": None if self.session is None else str(self.session),
                "rules": {**rules.describe(), "cards": rules.cards, "cut_at": rules.cut_at},
                "seen": [e.name for e in shoe.entries],
                "entries": self._entries_json(),
                "exposed": layout.exposed.name if layout.exposed else None,
                "burned": layout.burned,
                "burned_seen": [e.name for e in layout.burned_seen],
                "next": self._next_json(),
                "round": next_round,
                "coups": [self._coup_json(c) for c in coups],
                "place": layout.place,
                "in_shoe": rules.cards - layout.place,
                "cards_left": unseen.cards,
                "ranks_left": dict(zip(RANKS, unseen.ranks)),
                "cut_round": layout.cut_round,
                "shoe_over": layout.over,
                "bets": [self._bet_json(i, now.get(i), next_round, valued)
                         for i in range(len(bets))],
                "counts": self._counts_json(levels),
                "counts_pending": self.counts is None,
                "counts_note": self.counts.note if self.counts else "",
                "history": {"rounds": [c.round for c in coups],
                            "values": [[None if i not in v else float(v[i].ev)
                                        for i in range(len(bets))] for v in starts]},
                "players": self._players_json(starts, levels),
                "can_undo": bool(shoe.entries),
                "can_redo": bool(shoe.redo_stack),
                "pending": self.pending(),
                "warnings": sorted({w for v in now.values() for w in v.warnings}),
            }

    def _values(self, shoe) -> dict[int, BetValue]:
        """The values of ``shoe`` known now: the fast bets counted here (where they are
        quick), the others as far as :meth:`work` has counted them."""
        if self.values.inline:
            self.values.fast_values(shoe)
        return self.values.known(shoe)

    def _entries_json(self) -> list[dict]:
        where: dict[int, tuple[Coup, str]] = {}
        for coup in self.shoe.layout.coups:  # a coup's cards are entered one after another
            for k, position in enumerate(coup.positions):
                where[coup.first_entry + k] = (coup, position)
        out = []
        for i, entry in enumerate(self.shoe.entries):
            item = {"card": entry.name, "role": entry.role.value}
            if i in where:
                coup, position = where[i]
                item.update(round=coup.round, position=position)
            out.append(item)
        return out

    def _next_json(self) -> dict | None:
        role = self.shoe.next_role
        if role is None:
            return None
        if role is Role.EXPOSED:
            return {"role": "exposed"}
        layout = self.shoe.layout
        coups = layout.coups
        if coups and not coups[-1].complete:
            return {"role": "coup", "round": coups[-1].round,
                    "position": coups[-1].next_position,
                    "burn_open": False}
        return {"role": "coup", "round": len(coups) + 1, "position": "P1",
                "burn_open": not coups and len(layout.burned_seen) < layout.burned}

    @staticmethod
    def _coup_json(coup: Coup) -> dict:
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

    def _bet_json(self, i: int, value: BetValue | None, next_round: int, valued: bool) -> dict:
        bet = self.paytable.bets[i]
        out = {"name": bet.name, "card_bet": i in self.values.card_bets,
               "max_round": bet.max_round,
               "open": bet.max_round is None or next_round <= bet.max_round,
               "pending": valued and value is None, "ev": None, "ev_exact": None,
               "ev_text": None if valued else "no coup", "favourable": None}
        if value is not None:
            out.update(ev=float(value.ev), ev_exact=fraction(value.ev),
                       ev_text=percentage(value.ev, DIGITS), favourable=value.ev > 0)
        return out

    def _count_levels(self) -> list[dict[int, tuple[int, float, bool]]]:
        """Per count, its running and true count, whether its trigger is reached and the
        threshold in force (a trigger table's row at that depth), before each coup and now: keyed by the entries seen then (a coup's first entry;
        all of them). The running count comes from the counts' own
        :meth:`~bacc_edge.analysis.card_counting.Count.running` on the cards before each
        such point."""
        shoe, layout = self.shoe, self.shoe.layout
        entries = shoe.entries
        places = {c.first_entry: c.start for c in layout.coups}
        places[len(entries)] = layout.place
        rounds = {c.first_entry: c.round for c in layout.coups}
        rounds[len(entries)] = (layout.coups[-1].round + layout.coups[-1].complete
                                if layout.coups else 1)  # the coup under way, or the next
        exposed = entries[0].rank if entries and entries[0].role is Role.EXPOSED else None
        ranks = np.array([e.rank for e in entries], dtype=np.intp)
        counted = np.array([e.role is not Role.EXPOSED for e in entries], dtype=bool)
        unseen = {upto: shoe.unseen_before(upto).cards for upto in places}
        out = []
        for count in self.counts.counts:
            seen = np.where(counted, np.array(count.tags, dtype=np.int64)[ranks], 0)
            before = np.concatenate([[0], np.cumsum(seen)])
            base = count.running([], exposed=exposed)  # initial and the shown card
            levels = {}
            for upto, place in places.items():
                running = int(base + before[upto]) if upto else count.initial
                level = count.true_count(running, unseen=unseen[upto],
                                         in_shoe=self.rules.cards - place)
                seen, round_no = place - layout.burned, rounds[upto]
                depth = round_no if count.table.by is DepthBy.ROUND else seen
                levels[upto] = (running, level, count.reached(
                    running, level, seen=seen, round_no=round_no),
                    count.table.threshold(depth))
            out.append(levels)
        return out

    def _counts_json(self, levels: list[dict]) -> list[dict]:
        if self.counts is None:
            return []
        names = [b.name for b in self.paytable.bets]
        out = []
        now = len(self.shoe.entries)
        for count, serves, at in zip(self.counts.counts, self.counts.serves, levels):
            running, level, reached, threshold = at[now]
            out.append({"name": count.name, "bets": [names[i] for i in serves],
                        "text": count.text(), "tags": dict(zip(RANKS, count.tags)),
                        "trigger": count.describe()["trigger"],
                        "trigger_on": count.trigger_on.value,
                        "divisor": count.divisor.value, "rounding": count.rounding.value,
                        "exposed_card": count.exposed_card, "running": running,
                        "true_count": level, "reached": reached, "strict": count.strict,
                        "threshold": None if math.isinf(threshold) else threshold})
        return out

    def _players_json(self, starts: list[dict[int, BetValue]], levels: list[dict]) -> list[dict]:
        """What the perfect player (one unit on a bet exactly when it favours them, as
        valued before the coup) and each count's player (on the bets it serves when its
        trigger is reached before the coup, one unit or its ramp's stake) would have won, by the coups dealt,
        within each bet's round cutoff."""
        if self.settler is None:
            return []
        bets = self.paytable.bets
        coups = self.shoe.layout.complete_coups
        perfect = [_Settled() for _ in bets]
        counted = [(c, count, b, _Settled())
                   for c, (count, serves) in enumerate(zip(self.counts.counts,
                                                           self.counts.serves))
                   for b in serves]
        for coup, start in zip(coups, starts):
            nets = self.settler.nets(coup)
            for b, bet in enumerate(bets):
                if bet.max_round is not None and coup.round > bet.max_round:
                    continue
                value = start.get(b)
                if value is None:
                    perfect[b].pending = True
                elif value.ev > 0:
                    _place(perfect[b], nets[b], value)
            for c, count, b, settled in counted:
                running, level, reached, _ = levels[c][coup.first_entry]
                if (bets[b].max_round is None or coup.round <= bets[b].max_round) and reached:
                    stake = count.units(level if count.trigger_on is TriggerOn.TRUE
                                        else float(running))  # the ramp's step
                    _place(settled, nets[b], start.get(b), stake)
        out = []
        for b, bet in enumerate(bets):
            out.append({"player": "perfect player", "count": None, "bet": bet.name,
                        **_settled_json(perfect[b])})
        for c, count, b, settled in counted:
            out.append({"player": count.name, "count": c, "bet": bets[b].name,
                        **_settled_json(settled)})
        return out

    def csv(self) -> str:
        """The shoe's cards as CSV, one row a card in the order entered."""
        with self._lock:
            records = []
            for n, (entry, item) in enumerate(zip(self.shoe.entries, self._entries_json()), 1):
                records.append({"number": n, "card": entry.name, "rank": RANKS[entry.rank],
                                "suit": None if entry.suit is None else SUITS[entry.suit],
                                "role": entry.role.value, "round": item.get("round"),
                                "position": item.get("position")})
            return csv_records(records, ["number", "card", "rank", "suit", "role", "round",
                                         "position"])


def _check(values: BetValues, on_progress: Progress | None = None) -> None:
    """Value every bet on the full shoe: refused where ``bacc-edge`` refuses it."""
    parts = values.parts
    if on_progress is not None:
        on_progress(0, len(parts))  # at once: the first count may wait on compiling
    for i, each in enumerate(parts):
        values.count(values.full, each, on_progress=part(on_progress, i, 1, len(parts)))


def _place(settled: _Settled, net: Fraction | None, value: BetValue | None,
           stake: int = 1) -> None:
    """A bet of ``stake`` units: what the coup paid a unit (None: it depends on a suit not
    entered), and its value a unit when placed (None: still being counted)."""
    settled.bets += 1
    if net is None:
        settled.unsettled += 1
    else:
        settled.units += stake * net
    if value is None:
        settled.pending = True
    else:
        settled.expected += stake * value.ev


def _settled_json(s: _Settled) -> dict:
    return {"bets_placed": s.bets, "units": float(s.units), "units_exact": fraction(s.units),
            "expected": None if s.pending else float(s.expected),
            "expected_exact": None if s.pending else fraction(s.expected),
            "unsettled": s.unsettled, "pending": s.pending}


def _one_card(text: str) -> tuple[int, int | None]:
    cards = parse_cards(text) if isinstance(text, str) else []
    if len(cards) != 1:
        raise DealError(f"undone card {text!r} is not one card")
    return cards[0]


def session_path(session, paytable: Paytable | None = None) -> Path:
    """``session`` as the file a track saves to, refused where it cannot be one: not a
    file name, an empty name, a ``.py`` file (someone's code, even one not yet
    written: a session made there could never be resumed), the paytable itself, a
    folder, a symlink or a file of several names (see
    :func:`~bacc_edge.util.safe_write.check_output`)."""
    if not isinstance(session, (str, os.PathLike)):
        raise ArgumentError(f"session {kind_of(session)} must be a file name (a str or "
                            f"Path), e.g. 'shoe.json'")
    if not str(session).strip():
        raise SessionError(f"session {str(session)!r}: the name is empty; give a file name, "
                           f"e.g. bacc-edge-track.json")
    path = Path(session)
    name = f"session {session}"
    real = check_output(path, inputs=[] if paytable is None else [paytable.path], name=name,
                        follow_links=False)
    if real.suffix.lower() == ".py" or path.suffix.lower() == ".py":  # as check_output says
        raise OverwriteError(f"{name}: is the Python file {str(real)!r}; bacc-edge never "
                             f"writes over a .py file: name another file")
    return path


def _paytable_check(data: dict, paytable: Paytable, name: str) -> bool:
    """Refuse a session tracked with another paytable than ``paytable``: one whose
    tableau differs (the cards would make other coups), or another file of other
    content. The same content anywhere is the same paytable; the same file (its path)
    edited, its tableau unchanged, is resumed, its bets valued as it is now: returns
    True then."""
    saved = data.get("paytable")
    if not isinstance(saved, str):
        raise SessionError(f"{name}: a broken session: it does not name its paytable "
                           f"file; {_LEFT}")
    here = os.path.abspath(paytable.path)
    same_file = os.path.realpath(saved) == os.path.realpath(here)
    tableau = data.get("tableau")
    if tableau is not None and tableau != paytable.rules.text:
        if same_file:
            raise SessionError(f"{name}: its coups were dealt by the tableau {saved} had when "
                               f"it was saved, and the file now deals by another (its RULES "
                               f"changed), so its cards would make other coups: restore its "
                               f"RULES to resume it, or name another --session")
        raise SessionError(f"{name}: holds a shoe tracked with {saved}, whose tableau dealt "
                           f"its coups; {here} deals by another (its RULES), so its cards "
                           f"would make other coups: track {saved} to resume it, or name "
                           f"another --session")
    if paytable.sha256 is not None and data.get("paytable_sha256") == paytable.sha256:
        return False
    if same_file:
        return data.get("paytable_sha256") is not None
    raise SessionError(f"{name}: holds a shoe tracked with {saved}; this paytable is {here}: "
                       f"track {saved} to resume it, or name another --session")


@dataclass(frozen=True)
class _Saved:
    """What a session file holds, checked: the shoe's rules, its cards entered (role,
    card name) and undone, whether the paytable changed since (its tableau the same),
    and the file read."""

    rules: DealRules
    entries: list
    undone: list[Entry]
    paytable_changed: bool
    file: FileId


def _read_session(path: Path, paytable: Paytable, name: str) -> _Saved | None:
    """The session saved in ``path`` (None: no file there), read by the strict JSON
    reader (:mod:`bacc_edge.util.strict_json`) and refused in words, naming the file,
    where it is not a session of ``paytable``; the file is left as it is."""
    try:
        found = read_owned(path, name=name)
    except OutputError as err:
        raise SessionError(f"{err}; {_LEFT}") from None
    if found is None:
        return None
    raw, file = found
    try:
        data = loads(raw)
    except JSONError as err:
        raise SessionError(f"{name}: cannot be read as a session: it {err}; {_LEFT}: name "
                           f"another file") from None
    if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
        raise SessionError(f"{name}: not a bacc-edge track session; {_LEFT}: name "
                           f"another file")
    if data.get("version") != SESSION_VERSION:
        raise SessionError(f"{name}: version {data.get('version')!r}, this bacc-edge "
                           f"reads version {SESSION_VERSION}")
    changed = _paytable_check(data, paytable, name)
    rules, entries, undone = _session_content(data, name)
    return _Saved(rules, entries, undone, changed, file)


def _session_content(data: dict, name: str) -> tuple[DealRules, list, list[Entry]]:
    """A session's rules, its cards entered (role, card name) and its cards undone,
    each checked and refused in words where it is not what a session holds."""
    broken = f"{name}: a broken session:"
    rules = data.get("rules")
    if not isinstance(rules, dict):
        raise SessionError(f"{broken} it holds no rules (decks, cut, end); {_LEFT}")
    missing = [key for key in ("decks", "cut", "end") if key not in rules]
    if missing:
        raise SessionError(f"{broken} its rules give no {missing[0]}; {_LEFT}")
    try:
        deal = DealRules(rules["decks"], rules["cut"], rules["end"])
    except BaccEdgeError as err:
        raise SessionError(f"{broken} its rules: {err}; {_LEFT}") from None
    lists = {}
    for key, what in (("entries", "cards entered"), ("undone", "cards undone")):
        items = data.get(key)
        if not isinstance(items, list):
            raise SessionError(f"{broken} it holds no list of its {what} ({key}); {_LEFT}")
        cards = []
        for n, item in enumerate(items, 1):
            if (not isinstance(item, dict) or not isinstance(item.get("card"), str)
                    or "role" not in item):
                raise SessionError(f"{broken} card {n} of its {what} is not a role and a "
                                   f"card name, e.g. {{\"role\": \"coup\", \"card\": "
                                   f"\"K♠\"}}; {_LEFT}")
            roles = {r.value: r for r in Role}
            if item["role"] not in roles:
                raise SessionError(f"{broken} card {n} of its {what} has the role "
                                   f"{str(item['role'])[:40]!r}, which is none of "
                                   f"{', '.join(roles)}; {_LEFT}")
            cards.append((roles[item["role"]], item["card"]))
        lists[key] = cards
    try:
        undone = [Entry(role, *_one_card(card)) for role, card in lists["undone"]]
    except BaccEdgeError as err:
        raise SessionError(f"{broken} {err}; {_LEFT}") from None
    return deal, lists["entries"], undone


def open_track(paytable_path, rules: DealRules, session: Path | str, *,
               rules_given: bool = False,
               on_progress: Progress | None = None) -> tuple[LiveTrack, bool]:
    """The track of ``session``, its lock held: resumed where the file exists, else a
    new shoe of ``rules``, saved at once. ``rules_given``: the rules were chosen by the
    user, so a session of other rules is refused rather than resumed by its own.
    ``on_progress(done, total)`` hears of the bets counted on the full shoe. Returns
    the track and whether it was resumed."""
    paytable = load_paytable(paytable_path)
    own_rules = not rules_given and os.path.lexists(session_path(session, paytable))
    track = LiveTrack(paytable, None if own_rules else rules, session=session)
    try:
        track.check(on_progress)
        if not track.resumed:
            track.save()
    except BaseException:
        track.close()
        raise
    return track, track.resumed


__all__ = ["LiveTrack", "SessionError", "open_track", "session_path"]
