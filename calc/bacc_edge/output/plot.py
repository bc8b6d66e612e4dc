"""Pictures: the effects of removal, and the edge by round of the shoe (they need the
optional matplotlib).

Figures are drawn with matplotlib's object-oriented interface on an Agg canvas of their
own, so drawing one never touches pyplot or switches the backend of a notebook.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Sequence

from ..depth.summary import BetSummary
from ..analysis.removal_effects import LinearCount, RemovalEffects
from ..errors import BaccEdgeError
from ..util.number_text import percentage
from ..util.safe_write import check_output, write_output


class PlotError(BaccEdgeError):
    """A picture that cannot be drawn: matplotlib is not installed, or the file cannot
    be written."""


def check_plot_path(path, inputs: Sequence = ()) -> Path:
    """Refuse, before any work, a picture that could not be written: matplotlib not
    installed, a name without a picture format's ending, a folder that does not exist or
    cannot be written to, or a file that is one of ``inputs`` or a ``.py`` file (see
    :func:`bacc_edge.util.safe_write.check_output`). Returns the path."""
    target = Path(path)
    formats = sorted(_matplotlib()[1].get_supported_filetypes())
    if target.suffix.lower().lstrip(".") not in formats:
        raise PlotError(f"{path}: a picture's name ends in a format matplotlib writes: "
                        f".{', .'.join(formats)} (e.g. eor.png)")
    check_output(target, inputs=inputs)
    return target


def _matplotlib():
    """matplotlib's Figure and Agg canvas, or a PlotError saying how to install it."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotError("drawing needs matplotlib: pip install 'bacc-edge[plot]'") from None
    return Figure, FigureCanvasAgg


def _figure(n_panels: int, width: float, height: float):
    """A figure on its own Agg canvas with a grid of up to three panels a row; returns
    the figure and its panels, those beyond ``n_panels`` hidden."""
    Figure, FigureCanvasAgg = _matplotlib()
    cols = min(3, n_panels)
    rows = math.ceil(n_panels / cols)
    fig = Figure(figsize=(width * cols, height * rows))
    FigureCanvasAgg(fig)
    axes = list(fig.subplots(rows, cols, squeeze=False).flat)
    for ax in axes[n_panels:]:
        ax.axis("off")
    return fig, axes[:n_panels]


def _save(fig, title: str, path: Path, inputs: Sequence) -> None:
    fig.suptitle(title, fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.97))
    check_plot_path(path, inputs)
    try:  # the picture is drawn into a temporary file that is renamed into place
        write_output(path, lambda tmp: fig.savefig(tmp, dpi=110), inputs=inputs)
    except BaccEdgeError:
        raise
    except (OSError, ValueError) as err:  # the disk, or a format matplotlib refuses
        raise PlotError(f"{path}: the picture cannot be written ({err})") from None


def plot_depth(summary: Sequence[BetSummary], title: str, path: Path,
               inputs: Sequence = ()) -> None:
    """Per bet: its mean house edge (where the run measured it: not a screened run's)
    and the share of rounds favouring the player, by round of the shoe, with the round
    after which the table closes it marked. The
    picture never overwrites one of ``inputs`` (the paytable)."""
    fig, axes = _figure(len(summary), 5.2, 3.2)
    for ax, bet in zip(axes, summary):
        shown = [r for r in bet.by_round if r.shoes >= 10]
        rounds = [r.round for r in shown]
        edged = [r for r in shown if r.mean_edge is not None]  # None: a screened run
        ax.plot([r.round for r in edged], [r.mean_edge * 100 for r in edged],
                color="#1f4e79", label="mean house edge, %")
        ax.set_ylabel("house edge, % of stake", fontsize=7, color="#1f4e79")
        share = ax.twinx()
        share.plot(rounds, [r.favourable * 100 for r in shown], color="#b03a2e",
                   label="rounds favouring the player, %")
        share.set_ylabel("rounds favouring the player, %", fontsize=7, color="#b03a2e")
        if bet.cutoff:
            ax.axvline(bet.cutoff, color="black", linestyle="--", linewidth=0.8)
            ax.annotate(f"closes after round {bet.cutoff}", (bet.cutoff, 0.95),
                        xycoords=("data", "axes fraction"), fontsize=7, ha="right")
        ax.set_title(bet.name, fontsize=9)
        ax.set_xlabel("round of the shoe", fontsize=7)
        for a in (ax, share):
            a.tick_params(labelsize=7)
    _save(fig, title, path, inputs)


def plot_effects(effects: Sequence[RemovalEffects], counts: Sequence[LinearCount | None],
                 path: Path, inputs: Sequence = ()) -> None:
    """One bar chart per bet: the change in expected value (percent of stake) when one
    card of each rank leaves the shoe, each bar labelled with its count tag. The
    picture never overwrites one of ``inputs`` (the paytables)."""
    fig, axes = _figure(len(effects), 5.2, 3.4)
    for ax, fx, count in zip(axes, effects, counts):
        ranks = list(fx.by_rank)
        values = [float(fx.by_rank[r]) * 100 for r in ranks]
        colours = ["#2b7a3d" if v > 0 else "#b03a2e" for v in values]
        bars = ax.bar(ranks, values, color=colours)
        if count is not None:
            ax.bar_label(bars, labels=[f"{count.tags[r]:+d}" for r in ranks], fontsize=7)
        ax.axhline(0, color="black", linewidth=0.6)
        ax.set_title(f"{fx.bet.name}\nhouse edge {percentage(-fx.ev)}", fontsize=9)
        ax.set_xlabel("rank removed (green: its removal helps the bettor)", fontsize=7)
        ax.set_ylabel("change in EV per card, % of stake", fontsize=7)
        ax.tick_params(labelsize=7)
    _save(fig, f"Effects of removal, {effects[0].shoe} — bar labels: count tags", path, inputs)
