"""The shipped games' list, its content (analysis/; written in output/).

The games shipped with bacc-edge as a list to choose from: each one's name (as
``shipped:NAME`` names it), its kind and the command that runs it, its game, its bets,
and the sources its printed figures come from, as the register of sources shipped with
them (``SOURCES.md``) records them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..language.loader import Paytable, load_paytable, run_file
from ..language.overlay import MultiplierBet
from ..language.shipped import KINDS, SHIPPED, shipped_folder, shipped_games, shipped_path
from ..language.source_register import REGISTER, SourceRecord, source_register
from .card_counting import paytable_counts

#: The command that runs a shipped paytable (a game of a kind names its own).
PAYTABLE_COMMAND = "report"


@dataclass(frozen=True)
class ShippedPaytable:
    """One shipped game: ``name`` (``three_card_win``, or ``streaks/banker_streak`` for
    a game of one of the kinds), its file, its ``GAME`` (None where a paytable names
    none), its bets' names in its order, the sources its printed figures cite, each as
    the register records it (a source the register does not record: its key alone),
    and its ``kind`` ("" for a paytable, else its subfolder, ``streaks``)."""

    name: str
    path: Path
    game: str | None
    bets: tuple[str, ...]
    sources: tuple[SourceRecord, ...]
    kind: str = ""

    @property
    def form(self) -> str:
        """How a command names it: ``shipped:three_card_win``."""
        return SHIPPED + self.name

    @property
    def command(self) -> str:
        """The command that runs it: ``report`` for a paytable (``bacc-edge
        shipped:NAME``), its kind's (``streak``) for the others."""
        return KINDS[self.kind].command if self.kind else PAYTABLE_COMMAND


def cited_sources(paytable: Paytable) -> tuple[str, ...]:
    """The keys of the sources a paytable's printed figures cite, each once, in the order
    first cited: its bets' published figures, its figures that span bets, its counts'
    published studies, and its multiplier bets' published returns."""
    keys = [b.published.sheet for b in paytable.bets if b.published is not None]
    keys += [f.sheet for f in paytable.figures]
    keys += [c.published.source for c in paytable_counts(paytable) if c.published is not None]
    keys += [r.source for m in paytable.defined.get("MULTIPLIER_BETS", ())
             if isinstance(m, MultiplierBet) for r in m.published]
    return tuple(dict.fromkeys(keys))


def list_shipped() -> tuple[ShippedPaytable, ...]:
    """Every shipped game: the paytables by name, then each kind's games."""
    register = source_register(shipped_folder() / REGISTER)
    return tuple(_shipped(name, register) for name in shipped_games())


def _shipped(name: str, register: dict[str, SourceRecord]) -> ShippedPaytable:
    kind, path = name.rpartition("/")[0], shipped_path(name)
    if not kind:
        paytable = load_paytable(path)
        return ShippedPaytable(name, path, paytable.game, tuple(b.name for b in paytable.bets),
                               _sources(paytable, register))
    _, defined = run_file(path)  # a file of decisions defines no BETS: not a paytable
    bets = tuple(item.name for item in defined[KINDS[kind].defines])
    sources = _sources(load_paytable(path), register) if "BETS" in defined else ()
    return ShippedPaytable(name, path, defined.get("GAME"), bets, sources, kind)


def _sources(paytable: Paytable, register: dict[str, SourceRecord]) -> tuple[SourceRecord, ...]:
    return tuple(register.get(key, SourceRecord(key, ())) for key in cited_sources(paytable))


__all__ = ["PAYTABLE_COMMAND", "ShippedPaytable", "cited_sources", "list_shipped"]
