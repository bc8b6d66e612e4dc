"""Turning reports into rows a person reads, and into JSON a script reads."""

from __future__ import annotations

from fractions import Fraction

from .cards import SUITS
from .report import BetResult, FigureCheck
from .shoe import Shoe


def percent(value: Fraction, digits: int = 3) -> str:
    """An exact fraction as a rounded percentage, for display only."""
    return f"{float(value) * 100:.{digits}f}%"


def fraction(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def bet_rows(result: BetResult, *, digits: int = 3, exact: bool = False):
    """(headers, rows) for one bet, laid out like a rule sheet: event, hit rate, pays,
    return, with the player net last."""
    headers = ["Event", "Hit rate", "Pays", "Return"]
    if exact:
        headers += ["Combinations", "Probability (exact)", "Return (exact)"]
    rows = []
    for e in result.events:
        row = [e.label, percent(e.probability, digits), e.pays.text, percent(e.ret, digits)]
        if exact:
            row += [e.combinations, fraction(e.probability), fraction(e.ret)]
        rows.append(row)
    net = ["Player net", percent(Fraction(1), digits), "", percent(result.ev, digits)]
    if exact:
        net += [result.total, "1", fraction(result.ev)]
    rows.append(net)
    return headers, rows


def bet_title(result: BetResult, *, digits: int = 3, exact: bool = False) -> str:
    edge = f"house edge {percent(result.edge, digits)}"
    if exact:
        edge += f" = {fraction(result.edge)}"
    closes = f", closes after round {result.bet.max_round}" if result.bet.max_round else ""
    return f"{result.name} — {result.shoe}: {edge}{closes}"


def bet_stats(result: BetResult, *, digits: int = 3) -> str:
    """The line under a bet's table: volatility, how often it wins, pushes left out."""
    parts = [f"SD {result.sd:.{digits}f} per unit", f"variance {float(result.variance):.{digits}f}",
             f"wins {percent(result.hit_frequency, digits)} of coups"]
    if result.edge_per_resolved_bet is not None:
        parts.append(f"edge per resolved bet {percent(result.edge_per_resolved_bet, digits)}")
    return "; ".join(parts)


def check_rows(checks: list[FigureCheck]):
    headers = ["Bet", "Figure", "Printed", "Computed", "Difference", "Status", "Sheet"]
    rows = []
    for c in checks:
        digits = len(c.printed.text.split(".")[1].rstrip("%")) + 3 if "." in c.printed.text else 3
        what = c.kind if c.label is None else f"{c.kind}: {c.label}" if c.bet else c.label
        rows.append([c.bet or "(whole sheet)", what, c.printed.text, percent(c.computed, digits),
                     f"{float(c.difference) * 100:+.{digits}f}", c.status, c.sheet])
    return headers, rows


def shoe_json(shoe: Shoe) -> dict:
    return {**shoe.describe(), "coups": shoe.coups}


def bet_json(result: BetResult) -> dict:
    """One bet as the ``--fmt json`` object lists it."""
    return {
        "file": result.file,
        "name": result.name,
        "events": [{
            "label": e.label,
            "pays": float(e.pays.net),
            "pays_text": e.pays.text,
            "otherwise": e.otherwise,
            "combinations": e.combinations,
            "probability": float(e.probability),
            "probability_exact": fraction(e.probability),
            "return": float(e.ret),
        } for e in result.events],
        "edge": float(result.edge),
        "edge_exact": fraction(result.edge),
        "variance": float(result.variance),
        "variance_exact": fraction(result.variance),
        "sd": result.sd,
        "hit_frequency": float(result.hit_frequency),
        "edge_per_resolved_bet": (None if result.edge_per_resolved_bet is None
                                  else float(result.edge_per_resolved_bet)),
        "total": result.total,
        "max_round": result.bet.max_round,
        "warnings": list(result.warnings),
    }


def check_json(c: FigureCheck) -> dict:
    return {
        "file": c.file, "bet": c.bet, "kind": c.kind, "label": c.label,
        "printed": c.printed.text, "computed": float(c.computed),
        "difference": float(c.difference), "tolerance": float(c.printed.tolerance),
        "status": c.status, "sheet": c.sheet, "finding": c.finding,
    }


def eor_rows(fx, count, *, digits: int = 4, exact: bool = False):
    """(headers, rows): per rank, the cards in the shoe, the effect and the count tag."""
    headers = ["Rank", "Cards", "Effect of removal (% of stake)", "Tag"]
    if exact:
        headers.append("Effect (exact, per unit)")
    rows = []
    for rank, effect in fx.by_rank.items():
        tag = "" if count is None else f"{count.tags[rank]:+d}"
        row = [rank, fx.rank_counts[rank], f"{float(effect) * 100:+.{digits}f}", tag]
        rows.append(row + [fraction(effect)] if exact else row)
    return headers, rows


def eor_card_rows(fx, *, digits: int = 4):
    """(headers, rows): the effects by rank (rows) and suit (columns)."""
    headers = ["Rank", *SUITS]
    rows = []
    for rank in fx.by_rank:
        row = [rank]
        for suit in SUITS:
            effect = fx.by_card.get(rank + suit)
            row.append("" if effect is None else f"{float(effect) * 100:+.{digits}f}")
        rows.append(row)
    return headers, rows


def eor_summary(fx, count) -> list[str]:
    """The sum check and the count, in words."""
    lines = [f"sum over the shoe's {fx.shoe.cards} cards of their effects: "
             f"{fraction(fx.sum_check)} (exact; dealing an unseen card changes nothing on average)"]
    if count is None:
        lines.append("no linear count: every rank's removal moves this bet alike, so the "
                     "first-order effects are all zero")
        return lines
    tags = " ".join(f"{r}{t:+d}" for r, t in count.tags.items())
    balance = ("balanced" if count.balanced
               else f"unbalanced: the tags of a full shoe sum to {count.imbalance:+d}")
    lines.append(f"level-{count.level} count: {tags}; {balance}; "
                 f"betting correlation {count.betting_correlation:.3f}")
    if count.positive_at_true_count is not None:
        lines.append(f"first-order estimate: the bet favours the player from a true count of "
                     f"{count.positive_at_true_count:+.1f} (running count per 52 cards left; "
                     f"{count.slope_per_true_count * 100:+.4f}% of stake per unit of true count)")
    elif count.balanced:
        lines.append("the count's slope is not positive: no true count makes the bet favourable")
    return lines


def eor_json(fx, count) -> dict:
    return {
        "name": fx.bet.name,
        "ev": float(fx.ev),
        "eor": {r: float(e) for r, e in fx.by_rank.items()},
        "eor_exact": {r: fraction(e) for r, e in fx.by_rank.items()},
        "eor_by_card": None if fx.by_card is None else {k: float(e) for k, e in fx.by_card.items()},
        "sum_check": fraction(fx.sum_check),
        "count": None if count is None else {
            "tags": count.tags, "level": count.level,
            "betting_correlation": count.betting_correlation, "imbalance": count.imbalance,
            "slope_per_true_count": count.slope_per_true_count,
            "positive_at_true_count": count.positive_at_true_count,
        },
    }


PLAYER_COLUMNS = (("perfect", "Perfect player, no cutoff"),
                  ("perfect_cutoff", "Perfect player, with cutoff"),
                  ("count", "Counter, no cutoff"), ("count_cutoff", "Counter, with cutoff"))


def depth_rows(summary: list[dict], *, digits: int = 3):
    """(headers, rows): per bet, its cutoff, how often it favours the player, and the
    units per shoe (95% interval) each player wins."""
    headers = ["Bet", "Closes after", "Favourable rounds",
               *[f"{label} (units/shoe)" for _, label in PLAYER_COLUMNS], "Cutoff removes"]
    rows = []
    for bet in summary:
        removed = bet["cutoff_removes"]
        rows.append([bet["name"], bet["cutoff"] or "never",
                     f"{bet['favourable_share'] * 100:.2f}%",
                     *[bet["players"][key].text(digits) for key, _ in PLAYER_COLUMNS],
                     "" if removed is None else f"{removed * 100:.1f}%"])
    return headers, rows


def depth_round_rows(summary: list[dict], width: int = 10):
    """(headers, rows): per bet, the share of rounds favouring the player, by rounds of
    the shoe in bins of ``width``."""
    last = max((r["round"] for bet in summary for r in bet["by_round"]), default=0)
    bins = [(lo, min(lo + width - 1, last)) for lo in range(1, last + 1, width)]
    headers = ["Bet", *[f"{lo}-{hi}" for lo, hi in bins]]
    rows = []
    for bet in summary:
        row = [bet["name"]]
        for lo, hi in bins:
            inside = [r for r in bet["by_round"] if lo <= r["round"] <= hi]
            shoes = sum(r["shoes"] for r in inside)
            share = sum(r["favourable"] * r["shoes"] for r in inside) / shoes if shoes else 0
            row.append(f"{share * 100:.1f}%")
        rows.append(row)
    return headers, rows


def depth_json(spec, shoes: int, summary: list[dict]) -> dict:
    return {
        "paytable": spec.filename,
        "deal": {"decks": spec.deal.decks, "cut": spec.deal.cut, "burn": "first card's value",
                 "seed": spec.seed},
        "shoes": shoes,
        "bets": [{**bet, "players": {k: vars(v) for k, v in bet["players"].items()}}
                 for bet in summary],
    }
