"""The live shoe: a shoe dealt by hand and everything the live page shows about it,
as one plain object a server, a script or a test drives (:class:`LiveTrack`).

After every card: each bet's exact value per unit on the cards not seen (what
``bacc-edge PAYTABLE --remove "<cards>"`` prints), each count's running and true count
and whether its trigger is reached, the cards left by rank, each bet's value before
every round so far, and what the perfect player and each count's player would have won
so far. Bets on the cards themselves and the counts take tens of milliseconds to
seconds: :meth:`LiveTrack.work` counts them one piece at a time, on whatever thread
calls it, and the state says what is still pending.

Every change is saved at once to the session file (:mod:`.session`), from which a
track made on it again (:meth:`LiveTrack.resume`) restores the shoe exactly, undone
cards included. A track holds its session's lock (:mod:`.session_lock`) from its start
until :meth:`LiveTrack.close` or the end of its process, so that no two tracks write one
session. What the page shows is written by :mod:`bacc_edge.output.live_page`.
"""

from __future__ import annotations

import os
import secrets
import stat
import threading
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np

from ..analysis.card_counting import DepthBy, TriggerOn
from ..errors import ArgumentError, BaccEdgeError, kind_of
from ..game.cards import RANKS
from ..game.dealing import DealRules
from ..game.dealt_shoe import DealtShoe, Entry, Role
from ..game.shoe import Shoe
from ..language.loader import Paytable, load_paytable
from ..output.live_beyond import meter_json, multiplier_json, run_json
from ..output.live_page import (bet_json, cards_csv, count_json, coup_json, entries_json,
                                next_json, winnings_json)
from ..util.progress import Progress, part
from ..util.safe_write import FileId
from .session import (SavedSession, SessionError, read_session, session_json, session_path,
                      write_session)
from .beyond import LiveBeyond, Unvalued, run_place
from .session_lock import SessionLock
from .values import BetValue, BetValues, CoupSettler, LiveCounts, live_counts

#: What :meth:`LiveTrack.work` counts: the bets on the cards, the counts, and the bets
#: beyond one coup's plain bets (:mod:`.beyond`).
PARTS = ("values", "counts", "beyond")
#: Why a paytable of no plain bets (``BETS``) has no count.
NO_PLAIN_BETS = "no count: the paytable has no bets on one coup (BETS)"
#: How :meth:`DealtShoe.enter` takes a card of each role.
_KEYWORD = {Role.EXPOSED: "exposed", Role.BURN: "burn", Role.COUP: "cards"}


@dataclass
class _Settled:
    """What one player won on one bet so far."""

    bets: int = 0
    units: Fraction = Fraction(0)
    expected: Fraction = Fraction(0)
    unsettled: int = 0
    pending: bool = False

    def json(self) -> dict:
        return winnings_json(self.bets, self.units, None if self.pending else self.expected,
                             self.unsettled)


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
        #: the run bets, progressives and multiplier bets the file defines
        self.beyond = LiveBeyond(paytable)
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
            saved = read_session(path, paytable, name)
            if saved is None:
                self._new_rules(*self._valued(DealRules() if rules is None else rules))
            else:
                self._restore(saved, rules, session, name)
        except BaseException:
            lock.release()
            raise
        self.session, self._session_lock = path, lock

    def _restore(self, saved: SavedSession, rules: DealRules | None, session, name: str) -> None:
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
                raise SessionError(f"{name}: its card {n} ({card}): {err}; it is left as it "
                                   f"is") from None
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
            self._on_disk = write_session(self.session, self.session_data(), self.paytable,
                                          self._on_disk)

    def on_disk(self) -> bool:
        """Whether the session file is still the very file this track last saved or
        resumed (False without a session): what a stop may say. Not so once another file,
        a link, or nothing stands in its place (a save there was refused, or none made
        since)."""
        if self.session is None or self._on_disk is None:
            return False
        try:
            st = os.lstat(self.session)
        except OSError:
            return False
        return stat.S_ISREG(st.st_mode) and FileId.of(st) == self._on_disk

    def session_data(self) -> dict:
        """The session as JSON (:func:`~bacc_edge.live.session.session_json`): the
        rules, the cards entered, the cards undone."""
        with self._lock:
            return session_json(self.paytable, self.rules, self.shoe.entries,
                                self.shoe.redo_stack)

    @classmethod
    def resume(cls, paytable: Paytable, session: Path | str, *,
               on_progress: Progress | None = None) -> "LiveTrack":
        """The shoe the session file holds, exactly as it was left (cards undone can
        still be redone), its lock held: ``LiveTrack(paytable, session=session)`` where
        the file must exist. A file that is no session, holds cards no shoe deals, or
        was tracked with another paytable (:func:`~bacc_edge.live.session.read_session`), is refused naming
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
            if part == "beyond":
                return self.beyond.next_job(self.beyond.keys(self._run_place(),
                                                             self.shoe.unseen))
            if part == "counts":
                if self.counts is not None and self.settler is not None:
                    return None
                paytable, rules = self.paytable, self.rules
                if not paytable.bets:  # a file of run bets only: no bet one coup settles
                    return None if self.counts is not None else lambda: self._set_counts(
                        rules, LiveCounts((), (), NO_PLAIN_BETS), None)
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

    def _set_counts(self, rules: DealRules, counts: LiveCounts, settler: CoupSettler | None):
        with self._lock:
            if self.rules == rules:
                self.counts, self.settler = counts, settler

    def set_meter(self, *, meter: str | None = None, bet: str | None = None) -> None:
        """Enter the meter of progressive ``bet`` (its name; None: the file's one), in
        stakes, written in digits (``"25000.50"``): the page shows its return at that
        meter. The meter is not saved in the session: a track starts at the seed."""
        with self._lock:
            self.beyond.set_meter(meter, bet)
            self.version += 1

    def _run_place(self):
        """Where a run bet is placed now (:func:`~bacc_edge.live.beyond.run_place`):
        before the next coup; while a coup is being entered, before that coup."""
        layout = self.shoe.layout
        if layout.over:
            return None
        coups = layout.coups
        if coups and not coups[-1].complete:
            coup = coups[-1]
            return run_place(self.shoe.unseen_before(coup.first_entry), self.rules,
                             coup.start, coup.round)
        return run_place(self.shoe.unseen, self.rules, layout.place, len(coups) + 1)

    def _beyond_json(self, unseen, valued: bool) -> dict:
        """The run bets, progressives and multiplier bets now (:mod:`.beyond`)."""
        beyond, place = self.beyond, self._run_place()

        def known(key) -> tuple:  # (value, note): the reason where it was refused
            found = beyond.known(key) if key is not None else None
            return (None, found.reason) if isinstance(found, Unvalued) else (found, None)
        runs = [run_json(bet.name, None if place is None else place.round,
                         *known(None if place is None else ("run", i, place)))
                for i, bet in enumerate(beyond.runs)]
        meters = [meter_json(p.name, beyond.meters[p.name], valued,
                             *known(("meter", i, unseen) if valued else None))
                  for i, p in enumerate(beyond.progressives)]
        results, note = known(("multipliers", 0, unseen) if valued else None)
        multiplied = [multiplier_json(bet.name, valued,
                                      None if results is None else results[j], note)
                      for j, bet in enumerate(beyond.multiplied or ())]
        return {"streaks": runs, "meters": meters, "multipliers": multiplied}

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
                "entries": entries_json(shoe),
                "exposed": layout.exposed.name if layout.exposed else None,
                "burned": layout.burned,
                "burned_seen": [e.name for e in layout.burned_seen],
                "next": next_json(shoe),
                "round": next_round,
                "coups": [coup_json(c) for c in coups],
                "place": layout.place,
                "in_shoe": rules.cards - layout.place,
                "cards_left": unseen.cards,
                "ranks_left": dict(zip(RANKS, unseen.ranks)),
                "cut_round": layout.cut_round,
                "shoe_over": layout.over,
                "bets": [bet_json(bet, now[i].ev if i in now else None,
                                  card_bet=i in self.values.card_bets,
                                  next_round=next_round, valued=valued)
                         for i, bet in enumerate(bets)],
                "counts": self._counts_json(levels),
                "counts_pending": self.counts is None,
                "counts_note": self.counts.note if self.counts else "",
                "history": {"rounds": [c.round for c in coups],
                            "values": [[None if i not in v else float(v[i].ev)
                                        for i in range(len(bets))] for v in starts]},
                "players": self._players_json(starts, levels),
                **self._beyond_json(unseen, valued),
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

    def _count_levels(self) -> list[dict[int, tuple[int, float, bool]]]:
        """Per count, its running and true count, whether its trigger is reached and the
        threshold in force (a trigger table's row at that depth), before each coup and
        now: keyed by the entries seen then (a coup's first entry; all of them). The running count comes from the counts' own
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
            out.append(count_json(count, [names[i] for i in serves], *at[now]))
        return out

    def _players_json(self, starts: list[dict[int, BetValue]], levels: list[dict]) -> list[dict]:
        """What the perfect player (one unit on a bet exactly when it favours them, as
        valued before the coup) and each count's player (on the bets it serves when its
        trigger is reached before the coup, one unit or its ramp's stake) would have won,
        by the coups dealt, within each bet's round cutoff."""
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
                        **perfect[b].json()})
        for c, count, b, settled in counted:
            out.append({"player": count.name, "count": c, "bet": bets[b].name,
                        **settled.json()})
        return out

    def csv(self) -> str:
        """The shoe's cards as CSV, one row a card in the order entered
        (:func:`~bacc_edge.output.live_page.cards_csv`)."""
        with self._lock:
            return cards_csv(self.shoe)


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


__all__ = ["PARTS", "LiveTrack", "open_track"]
