"""A designer's script against the public names, as docs/notebooks/designer.ipynb uses
them, for mypy to read (tests/surface/test_typing.py): never run, only type-checked."""

from fractions import Fraction

from bacc_edge import (Bet, BetResult, DeckComparison, Event, RemovalEffects, Results, Shoe,
                       Solution, Solve, banker, compare_decks, effects_of_removal,
                       linear_count, pays, report, solve, solve_bet, tie)

tiger = Bet("Tiger", [Event("Banker wins with 6", banker.wins & (banker.points == 6), "12:1"),
                      Event("Tie", tie, pays(8))])

results: Results[BetResult] = report(tiger, Shoe.decks(8))
(result,) = results
edge: Fraction = result.edge
sd: float = result.sd
shares: list[Fraction] = [line.probability for line in result.events]
shown: str | None = result._repr_html_()
frame = results.to_pandas()

comparisons: Results[DeckComparison] = compare_decks(tiger, "1-8,inf")
edges: tuple[Fraction, ...] = comparisons[0].edges

effects: Results[RemovalEffects] = effects_of_removal([tiger], Shoe.decks(8))
by_rank: dict[str, Fraction] = effects[0].by_rank
count = linear_count(effects[0])
tags: dict[str, int] | None = None if count is None else count.tags

unknown = Bet("Tiger", [Event("Banker wins with 6", banker.wins & (banker.points == 6),
                              Solve("x")), Event("Tie", tie, 8)])
solution: Solution = solve_bet(unknown, "5%", shoes="6-8")
value: Fraction | None = solution.value
solutions: Results[Solution] = solve([unknown], "5%", decks=[6, 8])
