"""The shipped paytables' list, its content (analysis/; written in output/).

The paytables shipped with bacc-edge as a list to choose from: each one's name (as
``shipped:NAME`` names it), its game, its bets, and the sources its printed figures come
from, as the register of sources beside it (``SOURCES.md``) records them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..language.loader import Paytable, load_paytable
from ..language.shipped import SHIPPED, shipped_names, shipped_path
from ..language.source_register import SourceRecord, source_register
from .card_counting import paytable_counts


@dataclass(frozen=True)
class ShippedPaytable:
    """One shipped paytable: ``name`` (``three_card_win``), its file, its ``GAME`` (None
    where it names none), its bets' names in its order, and the sources its printed
    figures cite, each as the register records it (a source the register does not
    record: its key alone)."""

    name: str
    path: Path
    game: str | None
    bets: tuple[str, ...]
    sources: tuple[SourceRecord, ...]

    @property
    def form(self) -> str:
        """How a command names it: ``shipped:three_card_win``."""
        return SHIPPED + self.name


def cited_sources(paytable: Paytable) -> tuple[str, ...]:
    """The keys of the sources a paytable's printed figures cite, each once, in the order
    first cited: its bets' published figures, its figures that span bets, its counts'
    published studies."""
    keys = [b.published.sheet for b in paytable.bets if b.published is not None]
    keys += [f.sheet for f in paytable.figures]
    keys += [c.published.source for c in paytable_counts(paytable) if c.published is not None]
    return tuple(dict.fromkeys(keys))


def list_shipped() -> tuple[ShippedPaytable, ...]:
    """Every shipped paytable, by name."""
    return tuple(_shipped(name) for name in shipped_names())


def _shipped(name: str) -> ShippedPaytable:
    paytable = load_paytable(shipped_path(name))
    register = source_register(paytable.path)
    return ShippedPaytable(name, paytable.path, paytable.game,
                           tuple(b.name for b in paytable.bets),
                           tuple(register.get(key, SourceRecord(key, ()))
                                 for key in cited_sources(paytable)))


__all__ = ["ShippedPaytable", "cited_sources", "list_shipped"]
