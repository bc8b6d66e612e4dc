"""Pictures: the effects of removal, and the edge by round of the shoe (they need the
optional matplotlib)."""

from __future__ import annotations

import math
from pathlib import Path

from .eor import LinearCount, RemovalEffects


def _pyplot():
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RuntimeError("--plot needs matplotlib: pip install 'bacc-edge[plot]'") from None
    return plt


def plot_depth(summary: list[dict], title: str, path: Path) -> None:
    """Per bet: its mean house edge and the share of rounds favouring the player, by
    round of the shoe, with the round after which the table closes it marked."""
    plt = _pyplot()
    cols = min(3, len(summary))
    rows = math.ceil(len(summary) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(5.2 * cols, 3.2 * rows), squeeze=False)
    for ax, bet in zip(axes.flat, summary):
        rounds = [r["round"] for r in bet["by_round"] if r["shoes"] >= 10]
        by = {r["round"]: r for r in bet["by_round"]}
        ax.plot(rounds, [by[r]["mean_edge"] * 100 for r in rounds], color="#1f4e79",
                label="mean house edge, %")
        ax.set_ylabel("house edge, % of stake", fontsize=7, color="#1f4e79")
        share = ax.twinx()
        share.plot(rounds, [by[r]["favourable"] * 100 for r in rounds], color="#b03a2e",
                   label="rounds favouring the player, %")
        share.set_ylabel("rounds favouring the player, %", fontsize=7, color="#b03a2e")
        if bet["cutoff"]:
            ax.axvline(bet["cutoff"], color="black", linestyle="--", linewidth=0.8)
            ax.annotate(f"closes after round {bet['cutoff']}", (bet["cutoff"], 0.95),
                        xycoords=("data", "axes fraction"), fontsize=7, ha="right")
        ax.set_title(bet["name"], fontsize=9)
        ax.set_xlabel("round of the shoe", fontsize=7)
        for a in (ax, share):
            a.tick_params(labelsize=7)
    for ax in list(axes.flat)[len(summary):]:
        ax.axis("off")
    fig.suptitle(title, fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.97))
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_effects(effects: list[RemovalEffects], counts: list[LinearCount | None],
                 path: Path) -> None:
    """One bar chart per bet: the change in expected value (percent of stake) when one
    card of each rank leaves the shoe, each bar labelled with its count tag."""
    plt = _pyplot()
    cols = min(3, len(effects))
    rows = math.ceil(len(effects) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(5.2 * cols, 3.4 * rows), squeeze=False)
    for ax, fx, count in zip(axes.flat, effects, counts):
        ranks = list(fx.by_rank)
        values = [float(fx.by_rank[r]) * 100 for r in ranks]
        colours = ["#2b7a3d" if v > 0 else "#b03a2e" for v in values]
        bars = ax.bar(ranks, values, color=colours)
        if count is not None:
            ax.bar_label(bars, labels=[f"{count.tags[r]:+d}" for r in ranks], fontsize=7)
        ax.axhline(0, color="black", linewidth=0.6)
        edge = -float(fx.ev) * 100
        ax.set_title(f"{fx.bet.name}\nhouse edge {edge:.3f}%", fontsize=9)
        ax.set_xlabel("rank removed (green: its removal helps the bettor)", fontsize=7)
        ax.set_ylabel("change in EV per card, % of stake", fontsize=7)
        ax.tick_params(labelsize=7)
    for ax in list(axes.flat)[len(effects):]:
        ax.axis("off")
    shoe = effects[0].shoe
    fig.suptitle(f"Effects of removal, {shoe} — bar labels: count tags", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.97))
    fig.savefig(path, dpi=110)
    plt.close(fig)
