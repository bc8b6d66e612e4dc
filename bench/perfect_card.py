"""How fast the perfect player runs: ``depth --screen`` on every shipped bet on the cards
(issue 31 §2), on two cores.

``perfect_card_figures`` times, in one process with a pool of :data:`WORKERS` worker
processes, the depth analysis's batches of one shoe (what ``bacc-edge depth --bet B
--no-eor-count --screen --batch 1`` hands its workers: ``deal_batch``) for each shipped
bet on the cards alone, screened: the perfect player and nothing else. Beside them, in
the same run: Lucky 8 on the player unscreened (what the same shoes cost before the
screen), and punto banco's Banker screened and unscreened, whose ratio shows a bet on
points loses nothing to the screen. Each bet is warmed up first (its game built, the
kernels loaded, in both workers), then dealt in rounds of one task a worker, the tasks
doubling in shoes until a round takes a second, until :data:`BUDGET_S` seconds or
:data:`MOST_SHOES` shoes: its rate is the shoes dealt over the seconds the rounds took.
This checkout only: an older one has no screen.
"""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from bacc_edge.depth.options import prepare
from bacc_edge.depth.shoes import deal_batch

#: Worker processes (the issue's two cores), seconds and most shoes a bet is timed on.
WORKERS, BUDGET_S, MOST_SHOES = 2, 8.0, 2000
#: The bet whose rate the issue sets a target for, timed unscreened too.
LUCKY_8 = ("lucky_8", "Lucky 8, player")
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


def shoes_per_s(pool, spec, *, budget_s: float = BUDGET_S, most: int = MOST_SHOES,
                workers: int = WORKERS) -> tuple[float, int]:
    """(shoes a second, shoes timed) of ``spec`` on ``pool``: warmed up by one task a
    worker, then rounds of one task a worker (see the module)."""
    list(pool.map(_deal, [spec] * workers, range(workers), [1] * workers))
    first, chunk, shoes, seconds = workers, 1, 0, 0.0
    while seconds < budget_s and shoes < most:
        t0 = time.perf_counter()
        done = sum(pool.map(_deal, [spec] * workers,
                            range(first, first + workers * chunk, chunk), [chunk] * workers))
        took = time.perf_counter() - t0
        first, shoes, seconds = first + done, shoes + done, seconds + took
        if took < 1.0:
            chunk *= 2
    return shoes / seconds, shoes


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
    timed = [(stem, name, True) for stem, name in bets]
    timed += [(*LUCKY_8, False), (*POINT_BET, True), (*POINT_BET, False)]
    rates, sizes = {}, {}
    with ProcessPoolExecutor(WORKERS) as pool:
        for stem, name, screened in timed:
            spec = _spec(str(folder / f"{stem}.py"), name, screened)
            rate, shoes = shoes_per_s(pool, spec)
            rates[(name, screened)], sizes[f"{name}{'' if screened else ' (unscreened)'}"] = \
                rate, shoes
            if progress is not None:
                progress(f"perfect player {name}{'' if screened else ', unscreened'}")
    point = (rates[(POINT_BET[1], True)], rates[(POINT_BET[1], False)])
    return {
        "perfect_card_shoes_per_s": {name: rates[(name, True)] for _, name in bets},
        "perfect_card_unscreened_shoes_per_s": {LUCKY_8[1]: rates[(LUCKY_8[1], False)]},
        "perfect_point_shoes_per_s": {"bet": POINT_BET[1], "screened": point[0],
                                      "unscreened": point[1], "ratio": point[0] / point[1]},
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
    point = figures["perfect_point_shoes_per_s"]
    rows.append((f"perfect player, {point['bet']} (on points), screened / unscreened",
                 f"{point['screened']:,.0f} / {point['unscreened']:,.0f} shoes/s: "
                 f"{point['ratio']:.2f}×"))
    return rows
