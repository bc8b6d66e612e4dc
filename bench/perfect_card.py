"""How fast the perfect player runs: ``depth --screen`` on every shipped bet on the cards
(issue 31 §2), on two cores.

``perfect_card_figures`` times, in one process with a pool of :data:`WORKERS` worker
processes, the depth analysis's batches of one shoe (what ``bacc-edge depth --bet B
--no-eor-count --screen --batch 1`` hands its workers: ``deal_batch``) for each shipped
bet on the cards alone, screened: the perfect player and nothing else. Lucky 8 on the
player is timed screened and unscreened side by side (what the same shoes cost before
the screen), and so is punto banco's Banker, whose ratio shows a bet on points loses
nothing to the screen: the two in turn, round by round, so that the machine's busy
spells fall on both alike. Each bet is warmed up first (its game built, the kernels
loaded, in both workers), then dealt in rounds of one task a worker, the tasks doubling
in shoes until a round takes a second, until :data:`BUDGET_S` seconds or
:data:`MOST_SHOES` shoes: its rate is the shoes dealt over the seconds the rounds took.
On a shared machine these rates move with its load; the share of Lucky 8's rounds the
screen counts exactly (``perfect_card_rounds_counted``, :data:`COUNTED_SHOES` shoes) does
not. This checkout only: an older one has no screen.
"""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

import numpy as np

from bacc_edge.depth.options import prepare
from bacc_edge.depth.screen import ScreenedValues
from bacc_edge.depth.shoes import deal_batch, game, unseen_by_round

#: Worker processes (the issue's two cores), seconds and most shoes a bet is timed on.
WORKERS, BUDGET_S, MOST_SHOES = 2, 8.0, 2000
#: The bet whose rate the issue sets a target for, timed unscreened too.
LUCKY_8 = ("lucky_8", "Lucky 8, player")
#: Shoes dealt to count the rounds the screen counts exactly (rounds_counted).
COUNTED_SHOES = 20
#: The bet on points whose screened and unscreened rates are compared.
POINT_BET = ("punto_banco", "Banker")


def _spec(path: str, bet: str, screened: bool):
    """The depth analysis of ``bet`` alone, the perfect player only (no count)."""
    spec = prepare(path, [bet], eor_count=False, paytable_counts_too=False)
    return replace(spec, screened=screened)


def _deal(spec, first: int, count: int) -> int:
    """A worker's task: deal and value shoes first … first + count - 1."""
    deal_batch(spec, first, count)
    return count


def shoes_per_s(pool, specs: list, *, budget_s: float = BUDGET_S, most: int = MOST_SHOES,
                workers: int = WORKERS) -> list[tuple[float, int]]:
    """Per spec of ``specs``, (shoes a second, shoes timed) on ``pool``: each warmed up
    by one task a worker, then rounds of one task a worker, the specs in turn (the order
    flipping each round, so that a busy spell falls on each alike), each spec's tasks
    doubling in shoes until its round takes a second (see the module)."""
    for spec in specs:
        list(pool.map(_deal, [spec] * workers, range(workers), [1] * workers))
    first, chunk = [workers] * len(specs), [1] * len(specs)
    shoes, seconds = [0] * len(specs), [0.0] * len(specs)
    turn = 0
    while min(seconds) < budget_s and min(shoes) < most:
        turn += 1
        for i in (range(len(specs)) if turn % 2 else reversed(range(len(specs)))):
            t0 = time.perf_counter()
            done = sum(pool.map(_deal, [specs[i]] * workers,
                                range(first[i], first[i] + workers * chunk[i], chunk[i]),
                                [chunk[i]] * workers))
            took = time.perf_counter() - t0
            first[i], shoes[i], seconds[i] = first[i] + done, shoes[i] + done, seconds[i] + took
            if took < 1.0:
                chunk[i] *= 2
    return [(n / t, n) for n, t in zip(shoes, seconds)]


def rounds_counted(spec, shoes: int = COUNTED_SHOES) -> dict:
    """Of the rounds of ``shoes`` shoes of ``spec`` (one bet, screened), the share the
    screen counts exactly and the share that favour the player: what the screen saves,
    whatever the machine."""
    g = game(spec)
    rounds, start, _, _, _, cards = g.deal_shoes(spec.seed, 0, shoes, keep_cards=True)
    unseen = [unseen_by_round(cards[s], start[s], int(rounds[s])) for s in range(shoes)]
    evs, _ = ScreenedValues(g.values, spec.tableau, cheap_s=0).moments(
        unseen, [np.zeros(len(u), dtype=bool) for u in unseen],
        np.bincount(cards[0], minlength=unseen[0].shape[1]))
    return {"shoes": shoes, "rounds": len(evs), "counted": float(np.mean(~np.isnan(evs[:, 0]))),
            "favourable": float(np.mean(evs[:, 0] > 0))}


def perfect_card_figures(folder: Path, card_bets: dict[str, list[str]], *,
                         only: list[str] | None = None, progress=None) -> dict:
    """The figures (see the module): ``perfect_card_shoes_per_s`` {bet: shoes/s},
    screened, every bet on the cards of ``card_bets`` ({paytable stem in ``folder``:
    its bets on the cards}; ``only``: these bets alone); beside it
    ``perfect_card_unscreened_shoes_per_s`` {Lucky 8 player: …}, and
    ``perfect_point_shoes_per_s`` {screened, unscreened, ratio} of punto banco's Banker;
    ``perfect_card_sizes``: the shoes each was timed on, the workers, the budget."""
    bets = [(stem, name) for stem, names in card_bets.items() for name in names
            if only is None or name in only]
    rates, sizes = {}, {}
    # one bet alone, or a bet screened and unscreened side by side
    units = [[(stem, name, True)] for stem, name in bets if (stem, name) != LUCKY_8]
    units += [[(*LUCKY_8, True), (*LUCKY_8, False)], [(*POINT_BET, True), (*POINT_BET, False)]]
    with ProcessPoolExecutor(WORKERS) as pool:
        for unit in units:
            specs = [_spec(str(folder / f"{stem}.py"), name, screened)
                     for stem, name, screened in unit]
            for (_, name, screened), (rate, shoes) in zip(unit, shoes_per_s(pool, specs)):
                rates[(name, screened)] = rate
                sizes[f"{name}{'' if screened else ' (unscreened)'}"] = shoes
            if progress is not None:
                progress(f"perfect player {unit[0][1]}")
    point = (rates[(POINT_BET[1], True)], rates[(POINT_BET[1], False)])
    counted = rounds_counted(_spec(str(folder / f"{LUCKY_8[0]}.py"), LUCKY_8[1], True))
    return {
        "perfect_card_shoes_per_s": {name: rates[(name, True)] for _, name in bets},
        "perfect_card_unscreened_shoes_per_s": {LUCKY_8[1]: rates[(LUCKY_8[1], False)]},
        "perfect_point_shoes_per_s": {"bet": POINT_BET[1], "screened": point[0],
                                      "unscreened": point[1], "ratio": point[0] / point[1]},
        "perfect_card_rounds_counted": {LUCKY_8[1]: counted},
        "perfect_card_sizes": {"workers": WORKERS, "budget_s": BUDGET_S, "shoes": sizes},
    }


def perfect_card_rows(figures: dict) -> list[tuple[str, str]]:
    """The table's rows of :func:`perfect_card_figures`' figures."""
    per_s = figures["perfect_card_shoes_per_s"]
    rows = [(f"perfect player, depth --screen, {name}, {WORKERS} workers",
             f"{rate:,.1f} shoes/s") for name, rate in per_s.items()]
    before = figures["perfect_card_unscreened_shoes_per_s"]
    rows += [(f"perfect player, {name}, unscreened, {WORKERS} workers",
              f"{rate:,.2f} shoes/s ({per_s.get(name, float('nan')) / rate:,.1f}× screened)")
             for name, rate in before.items()]
    for name, c in figures.get("perfect_card_rounds_counted", {}).items():
        rows.append((f"perfect player, {name}, screened: rounds counted exactly "
                     f"({c['shoes']} shoes, {c['rounds']:,} rounds)",
                     f"{c['counted']:.1%} (favouring the player: {c['favourable']:.1%})"))
    point = figures["perfect_point_shoes_per_s"]
    rows.append((f"perfect player, {point['bet']} (on points), screened / unscreened",
                 f"{point['screened']:,.0f} / {point['unscreened']:,.0f} shoes/s: "
                 f"{point['ratio']:.2f}×"))
    return rows
