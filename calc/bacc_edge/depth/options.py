"""A depth run's definition: its settings as one frozen value (:class:`DepthOptions`), and
:func:`prepare`, which reads them with the paytable into the :class:`DepthSpec` a run
deals by (the bets chosen, the counts played, the players and their groups), refusing
everything that can be wrong before any shoe is dealt.

Defining a run deals nothing and starts nothing: the live page and the index sheets
define runs without the machinery that deals them (:mod:`bacc_edge.depth.run`, on Dask
or threads: :mod:`bacc_edge.depth.cluster`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..analysis.bet_report import Tables, report
from ..analysis.card_counting import (Count, DeckRounding, Divisor, Team, paytable_counts,
                                      paytable_teams)
from ..analysis.removal_effects import betting_correlation, effects_of_removal, linear_count
from ..analysis.table_rules import WithMainBet
from ..errors import ArgumentError, OptionError, kind_of
from ..game.cards import RANKS
from ..game.shoe import Shoe
from ..language.loader import as_paytable
from ..util.arguments import names_argument, non_empty
from .shoes import (DealRules, DepthSpec, Group, GroupKind, Player, keep_run_paytable,
                     run_paytable)

MAX_SEED = 2 ** 63 - 1
#: No shoe deals more than 831 rounds (64 decks, the cut card near the end: see
#: :attr:`~bacc_edge.game.dealing.DealRules.most_rounds`); a cutoff above a million is a
#: typo.
MAX_CUTOFF = 1_000_000
#: The most cut cards one run sums up at (``depth --cuts``): each adds a summary and its
#: sums to every batch.
MAX_CUTS = 12
#: Exact values per round are counted in int64 up to 27 decks (1,448 cards, see
#: :func:`~bacc_edge.engine.point_table.needs_python_integers`); above, with Python integers at
#: about 15 s a shoe, so a run of the default 1,000 shoes would take four hours.
MAX_EXACT_DECKS = 27


#: The start of the name of each bet's own count (:func:`own_count_name`).
OWN_COUNT = "own count (eor, level "


def own_count_name(level: int) -> str:
    """The name of each bet's own count (:func:`prepare`), of tags up to ``level``: the
    bet it serves says whose it is."""
    return f"{OWN_COUNT}{level})"


def count_convention(divisor, rounding, exposed_card) -> dict:
    """A true-count convention imposed on every count of a run (or of an index sheet),
    checked: the keywords of :meth:`~bacc_edge.analysis.card_counting.Count.with_convention`
    among those given (None: each count keeps its own)."""
    out = {}
    for name, kind, value in (("divisor", Divisor, divisor), ("rounding", DeckRounding, rounding)):
        if value is not None:
            try:
                out[name] = kind(value)
            except ValueError:
                raise OptionError(f"{name} {value!r} must be one of "
                                  f"{', '.join(k.value for k in kind)}") from None
    if exposed_card is not None:
        if not isinstance(exposed_card, bool):
            raise OptionError(f"exposed_card must be True or False, not {exposed_card!r}")
        out["exposed_card"] = exposed_card
    return out


@dataclass(frozen=True, kw_only=True)
class DepthOptions:
    """A depth run's settings (all but the paytable), checked as they are made: the bets
    chosen (``bet_names``; None: every bet), how shoes are dealt, the counts played and
    each bet's cutoff (``cutoff`` for every bet, else the paytable's ``max_round``).

    The counts: each bet's own count from its effects of removal (``eor_count``, of
    tags up to ``level``; the true count per 52 unseen cards, at the first-order
    break-even), the paytable's ``COUNTS`` (``paytable_counts_too``) and ``counts``.
    ``count_only``: a count study (no perfect player; exact values only where a count
    bets, if ``exact_bets``, by default not); else the depth analysis, every round
    valued exactly. ``screen``: the depth analysis counts a bet on the cards exactly
    only on the rounds a proven bound cannot rule out (:mod:`bacc_edge.depth.screen`):
    the perfect player's decisions and values, and the count players', are the same,
    and the mean edge by round is measured only for the bets counted exactly every
    round.

    ``divisor``, ``rounding`` and ``exposed_card``, when given, are the true-count
    convention of *every* count of the run (each bet's own, the paytable's and
    ``counts``); None keeps each count's own.

    ``with_main``: the table takes a side bet only beside a main bet
    (:class:`~bacc_edge.analysis.table_rules.WithMainBet`): the main bet joins the run
    as its last bet, each player places it beside their side bet, and each is also
    reported with it. ``teams`` (and the paytable's ``TEAMS``, with its ``COUNTS``):
    each team's players and the team, reported as added up round by round; a count
    serving several bets is reported over all of them too.

    ``cuts``: every cut card (cards behind it) the run is also summed up at, none nearer
    the end than ``deal.cut``, to which the shoes are dealt: each bet's perfect player and
    own count at each (:class:`~bacc_edge.depth.summary.AtCutCard`), from the same shoes
    (``depth --cuts``)."""

    bet_names: tuple[str, ...] | None = None
    deal: DealRules = DealRules()
    seed: int = 1
    level: int = 3
    cutoff: int | None = None
    counts: tuple[Count, ...] = ()
    eor_count: bool = True
    paytable_counts_too: bool = True
    count_only: bool = False
    exact_bets: bool | None = None
    screen: bool = False
    divisor: Divisor | None = None
    rounding: DeckRounding | None = None
    exposed_card: bool | None = None
    with_main: WithMainBet | None = None
    teams: tuple[Team, ...] = ()
    cuts: tuple[int, ...] = ()

    def __post_init__(self):
        self._check_dealing()
        self._check_cuts()
        self._read_players()

    def _check_cuts(self) -> None:
        """``cuts``: every cut card (cards behind it) the run is summed up at, each at
        least ``deal.cut`` (the shoes are dealt to it, and a cut card further up ends a
        shoe earlier, on a prefix of the same rounds) and fitting the shoe; at most
        :data:`MAX_CUTS`, each once, kept sorted. Only the depth analysis values every
        round, which the summing up at a cut card reads."""
        cuts, deal = self.cuts, self.deal
        if isinstance(cuts, (str, bytes)) or not isinstance(cuts, (tuple, list)) or any(
                isinstance(c, bool) or not isinstance(c, int) for c in cuts):
            raise ArgumentError(f"cuts {kind_of(cuts)} must be whole numbers of cards behind "
                                f"the cut card, e.g. (14, 26, 52)")
        for c in cuts:
            DealRules(deal.decks, c, deal.end)  # a cut card that does not fit the shoe
            if c < deal.cut:
                raise OptionError(f"cut card {c}: the shoes are dealt to the cut card "
                                  f"{deal.cut} cards from the end, so every cut card summed "
                                  f"up at must lie {deal.cut} or more cards from the end")
        if len(set(cuts)) != len(cuts):
            raise OptionError(f"cut cards {list(cuts)}: give each once")
        if len(cuts) > MAX_CUTS:
            raise OptionError(f"cut cards: at most {MAX_CUTS} in a run, not {len(cuts)}")
        if cuts and self.count_only:
            raise OptionError("cut cards: a count study (count_only=True) values no round "
                              "exactly; summing up at every cut card needs the depth "
                              "analysis")
        object.__setattr__(self, "cuts", tuple(sorted(cuts)))

    def _check_dealing(self) -> None:
        """Refuse dealing rules, a seed, a cutoff or a way of valuing rounds that no run
        can deal by."""
        deal, seed, cutoff = self.deal, self.seed, self.cutoff
        if not isinstance(deal, DealRules):
            raise ArgumentError(f"deal {kind_of(deal)} must be DealRules, e.g. DealRules(decks=8)")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise OptionError(f"seed {seed!r} must be a whole number from 0 to {MAX_SEED}")
        if cutoff is not None and (isinstance(cutoff, bool) or not isinstance(cutoff, int)
                                   or not 1 <= cutoff <= MAX_CUTOFF):
            raise OptionError(f"cutoff {cutoff!r} must be a round number from 1 to "
                              f"{MAX_CUTOFF:,} (no shoe deals more than {MAX_CUTOFF:,} rounds)")
        if self.exact_bets is not None and not self.count_only:
            raise OptionError(f"exact_bets={self.exact_bets!r} says how a count study "
                              f"(count_only=True) measures gains; the depth analysis values "
                              f"every round exactly")
        if not isinstance(self.screen, bool):
            raise OptionError(f"screen {self.screen!r} must be True or False")
        if self.screen and self.count_only:
            raise OptionError("screen=True screens the depth analysis's rounds for its "
                              "perfect player; a count study (count_only=True) has none")
        if (not self.count_only or self.exact_bets) and deal.decks > MAX_EXACT_DECKS:
            raise OptionError(
                f"decks {deal.decks}: exact values are counted on at most {MAX_EXACT_DECKS} "
                f"decks (above, every round is counted with Python integers, about 15 s a "
                f"shoe); a count study with outcome bets (--count-only) deals up to 64 "
                f"(bets on points and pairs; a bet on the cards up to {MAX_EXACT_DECKS})")

    def _read_players(self) -> None:
        """The convention, the teams, the table rule, the bets and the counts, checked,
        each kept in one form: enums, tuples."""
        for name, value in count_convention(self.divisor, self.rounding,
                                            self.exposed_card).items():
            object.__setattr__(self, name, value)
        if not isinstance(self.teams, (list, tuple)) or not all(isinstance(t, Team)
                                                                for t in self.teams):
            raise OptionError(f"teams must be a list of Team, not {self.teams!r}")
        if self.with_main is not None and not isinstance(self.with_main, WithMainBet):
            raise OptionError(f"with_main must be WithMainBet(...), not {self.with_main!r}")
        if self.bet_names is not None:
            object.__setattr__(self, "bet_names", tuple(non_empty(
                names_argument(self.bet_names, "bet_names"), "bet_names",
                "bet's name (None: every bet)")))
        if not isinstance(self.counts, (list, tuple)) or not all(isinstance(c, Count)
                                                                 for c in self.counts):
            raise OptionError(f"counts must be a list of Count, not {self.counts!r}")
        object.__setattr__(self, "counts", tuple(self.counts))
        object.__setattr__(self, "teams", tuple(self.teams))


def depth_options(options: DepthOptions | None, settings: dict, *, who: str) -> DepthOptions:
    """A run's options as a function of the depth API takes them (``who``, as the error
    names it: ``"prepare(paytable, options=...)"``): ``options`` (a
    :class:`DepthOptions`), or, without them, its fields as keywords (``settings``),
    built into one here; both at once are refused, naming the keywords given beside
    the options. Read once, at the top of the call: every layer below takes the
    frozen options."""
    if options is None:
        return DepthOptions(**settings)
    if not isinstance(options, DepthOptions):
        raise ArgumentError(f"options {kind_of(options)} must be DepthOptions(...)")
    if settings:
        raise ArgumentError(f"{who} finds its bets and settings in the options; give them "
                            f"there, not beside them ({', '.join(settings)})")
    return options


def prepare(paytable, bet_names: Sequence[str] | None = None, *,
            options: DepthOptions | None = None, **settings) -> DepthSpec:
    """The run's definition: the paytable (a file's path, or a :class:`Paytable` loaded
    from one) and the run's ``options`` (:class:`DepthOptions`), or, without them, the
    bets named (None: every bet) and the options' other fields as keywords:
    ``prepare(path, ["Tie"], seed=3)`` is ``prepare(path,
    options=DepthOptions(bet_names=["Tie"], seed=3))``.

    Everything that can be wrong is refused here, before any shoe is dealt: among it a
    count whose running count could pass
    :data:`~bacc_edge.analysis.card_counting.RUNNING_COUNT_LIMIT`, an event that can never
    happen (as :func:`~bacc_edge.analysis.bet_report.report` refuses it), two counts of
    one name, and exact values on more than :data:`MAX_EXACT_DECKS` decks."""
    if bet_names is not None:
        settings = {"bet_names": bet_names, **settings}
    options = depth_options(options, settings, who="prepare(paytable, options=...)")
    return _spec(as_paytable(paytable), options)


def _spec(paytable, options: DepthOptions) -> DepthSpec:
    """:func:`prepare` once its arguments are read."""
    deal, count_only, with_main = options.deal, options.count_only, options.with_main
    if paytable.source is None:
        raise OptionError("the depth analysis sends its paytable to workers as the file's "
                          "text: give a paytable file")
    listed = paytable_counts(paytable) if options.paytable_counts_too else ()
    teams = (*(paytable_teams(paytable) if options.paytable_counts_too else ()),
             *options.teams)
    if with_main is not None and with_main.name.lower() in {b.name.lower()
                                                           for b in paytable.bets}:
        raise OptionError(f"the paytable defines a bet named {with_main.name!r}, the name "
                          f"of the table's main bet: rename it")
    loaded = paytable
    if options.bet_names is not None:
        paytable = paytable.select(options.bet_names)
    # the bets as the run's game reads them, in this process: the paytable loaded once,
    # its bets compiled once for the definition, the game and the summary
    keep_run_paytable(loaded)
    paytable = run_paytable(paytable.source, str(paytable.path),
                            tuple(b.name for b in paytable.bets), None)
    bets = list(paytable.bets)
    names = [b.name for b in bets]
    full, tables = Shoe.decks(deal.decks), Tables()
    # an event that can never happen is refused; each bet's SD off the top
    sd_off_the_top = [r.sd for r in report(paytable, full, tables=tables)]
    lowered = [n.lower() for n in names]
    others = [(count, tuple(lowered.index(b.lower()) for b in count.bets
                            if b.lower() in lowered) if count.bets else tuple(range(len(bets))))
              for count in (*listed, *options.counts)]
    # the effects of removal of the bets a count is built for or measured against (a bet
    # on the cards recounts its cells once per card removed: only where needed)
    need = range(len(bets)) if options.eor_count else sorted({b for _, served in others
                                                               for b in served})
    effects = dict(zip(need, effects_of_removal([bets[i] for i in need], full,
                                                tableau=paytable.rules, tables=tables)
                       if need else ()))
    chosen = _counts(options, effects, names, others)
    cutoffs = tuple(options.cutoff if options.cutoff is not None else b.max_round
                    for b in bets)
    players, correlations = _players(chosen, effects, cutoffs, count_only)
    counts_chosen = tuple(c for c, _ in chosen)
    groups = _groups(players, counts_chosen, teams, with_main)
    if with_main is not None:  # the main bet, last, placed beside each player's side bet
        main = with_main.bet()
        sd_off_the_top += [r.sd for r in report(main, full, tables=tables)]
        names.append(main.name)
        cutoffs += (None,)
        side = len(players)
        players += [Player(len(bets), p.count, p.cutoff, follows=j)
                    for j, p in enumerate(players[:side])]
        correlations += [None] * side
    exact_bets = not count_only if options.exact_bets is None else options.exact_bets
    return DepthSpec(paytable.source, str(paytable.path), tuple(names), deal, options.seed,
                     counts_chosen, tuple(players), cutoffs, paytable.rules,
                     exact_every_round=not count_only, exact_bets=bool(exact_bets),
                     screened=options.screen,
                     correlations=tuple(correlations), with_main=with_main,
                     groups=groups, sd_off_the_top=tuple(sd_off_the_top),
                     cuts=options.cuts, own_counts=options.eor_count)


def _counts(options: DepthOptions, effects: dict, names: list[str],
            others: list[tuple[Count, tuple[int, ...]]]) -> list[tuple[Count, tuple[int, ...]]]:
    """The counts of the run, each with the bets it serves: each bet's own (from its
    ``effects`` of removal), then ``others`` (the paytable's and the options'), under the
    options' convention and checked: two of one name, a count given that serves none of
    the bets chosen, a running count that could pass its limit, refused."""
    deal, level = options.deal, options.level
    chosen: list[tuple[Count, tuple[int, ...]]] = []
    if options.eor_count:
        for i, fx in effects.items():
            own = linear_count(fx, level)
            if own is not None and own.positive_at_true_count is not None:
                chosen.append((Count(own_count_name(level), tuple(own.tags[r] for r in RANKS),
                                     own.positive_at_true_count, bets=(names[i],),
                                     divisor=Divisor.UNSEEN, rounding=DeckRounding.EXACT),
                               (i,)))
    named = {c.name.lower() for c, _ in chosen}
    for count, _ in others:
        if count.name.lower() in named:
            raise OptionError(f"two counts are named {count.name!r}: give each count of a "
                              f"run its own name")
        named.add(count.name.lower())
    for count, served in others:
        if count in options.counts and count.bets and not served:
            raise OptionError(f"count {count.name!r} serves {', '.join(count.bets)}, none "
                              f"of the bets chosen")
        if served:
            chosen.append((count, served))
    chosen = [(c.with_convention(divisor=options.divisor, rounding=options.rounding,
                                 exposed_card=options.exposed_card), served)
              for c, served in chosen]
    given = {c.name.lower() for c in options.counts}
    for count, _ in chosen:
        count.check_running(deal.cards)
        if count.name.lower() in given:  # a paytable's table may be written for more decks
            count.check_reach(seen=deal.most_seen, rounds=deal.most_rounds,
                              shoe=f"{deal.decks}-deck shoes cut {deal.cut} from the end "
                                   f"({deal.end.value})")
    return chosen


def _players(chosen: list[tuple[Count, tuple[int, ...]]], effects: dict,
             cutoffs: tuple[int | None, ...], count_only: bool
             ) -> tuple[list[Player], list[float | None]]:
    """Per bet, its players (the perfect player but in a count study, then each count
    serving it), each without the bet's cutoff and, where it has one, with it; and each
    player's betting correlation (None for the perfect player)."""
    players, correlations = [], []
    for b, cutoff in enumerate(cutoffs):
        who = [None] if not count_only else []
        who += [c for c, (_, served) in enumerate(chosen) if b in served]
        for c in who:
            for cut in (None, cutoff) if cutoff is not None else (None,):
                players.append(Player(b, c, cut))
                correlations.append(None if c is None else
                                    _correlation(effects[b], chosen[c][0]))
    if not players:
        raise OptionError("a count study needs a count for at least one bet: give "
                          "--count and --trigger, or a paytable with COUNTS")
    return players, correlations


def _groups(players: list[Player], counts: Sequence[Count], teams: Sequence[Team],
            with_main: WithMainBet | None) -> tuple[Group, ...]:
    """The players a run adds up round by round: each player with the main bet beside
    them (``with_main``: player j's main bet is player ``len(players) + j``), each count
    over the bets it serves (when several), each team's players and each team (with
    their main bets, when the table demands them). Counts and teams take the players
    with no cutoff."""
    side = len(players)
    out = []
    if with_main is not None:
        out += [Group(f"{'perfect player' if p.count is None else counts[p.count].name}"
                      f"{'' if p.cutoff is None else f', closes after round {p.cutoff}'}, "
                      f"{with_main.text()}", GroupKind.WITH_MAIN, (j, side + j), bet=p.bet)
                for j, p in enumerate(players)]

    def played(names: Sequence[str]) -> tuple[int, ...]:
        """The players of the counts named, with no cutoff, and one main bet a count:
        its bets are placed on the same rounds at the same stake, so one main bet of
        the table's least (or the stake over its share) stands beside all of them."""
        wanted = {n.lower() for n in names}
        chosen = [j for j, p in enumerate(players) if p.count is not None
                  and p.cutoff is None and counts[p.count].name.lower() in wanted]
        mains = {players[j].count: side + j for j in reversed(chosen)}
        return tuple(chosen + (sorted(mains.values()) if with_main is not None else []))

    for c, count in enumerate(counts):
        served = {p.bet for p in players if p.count == c}
        if len(served) > 1:
            out.append(Group(f"{count.name}, on its {len(served)} bets", GroupKind.COUNT,
                             played([count.name])))
    known = {c.name.lower() for c in counts}
    team_of = {}  # a count is one player's: of one team too
    for team in teams:
        every = []
        for player, names in team.players.items():
            for name in names:
                other = team_of.setdefault(name.lower(), team.name)
                if other != team.name:
                    raise OptionError(f"count {name!r} is played in team {other!r} and in "
                                      f"team {team.name!r}; a count is one player's")
            missing = [n for n in names if n.lower() not in known]
            if missing:
                raise OptionError(f"team {team.name!r}: {player} plays {missing[0]!r}, which "
                                  f"is no count of this run (its counts: "
                                  f"{', '.join(repr(c.name) for c in counts)})")
            members = played(names)
            if not members:
                raise OptionError(f"team {team.name!r}: {player}'s counts bet on none of "
                                  f"the bets chosen")
            out.append(Group(f"{team.name}: {player}", GroupKind.TEAM_PLAYER, members,
                             team=team.name))
            every += members
        out.append(Group(team.name, GroupKind.TEAM, tuple(sorted(every)), team=team.name))
    return tuple(out)


def _correlation(effects, count: Count) -> float | None:
    """The count's betting correlation with the bet; None (undefined) for a count whose
    tags are all equal, which tracks only how deep the shoe is."""
    if len(set(count.tags)) < 2:
        return None
    return betting_correlation(effects, count.tags)


__all__ = ["MAX_CUTOFF", "MAX_EXACT_DECKS", "MAX_SEED", "DepthOptions", "count_convention",
           "depth_options", "own_count_name", "prepare"]
