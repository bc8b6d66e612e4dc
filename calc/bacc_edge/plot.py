"""A picture of the effects of removal (needs the optional matplotlib)."""

from __future__ import annotations

import math
from pathlib import Path

from .eor import LinearCount, RemovalEffects


def plot_effects(effects: list[RemovalEffects], counts: list[LinearCount | None],
                 path: Path) -> None:
    """One bar chart per bet: the change in expected value (percent of stake) when one
    card of each rank leaves the shoe, each bar labelled with its count tag."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RuntimeError("--plot needs matplotlib: pip install 'bacc-edge[plot]'") from None
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
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
