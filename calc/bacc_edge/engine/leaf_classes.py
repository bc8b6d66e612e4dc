"""A streamed layout's later shoes dealt again with each leaf's class read off a tape, no
cell settled.

A streamed count (:mod:`~bacc_edge.engine.streamed_count`) deals every card sequence of
its layout and hands each batch of the cells it reaches to be settled through the bets
(their features made, their conditions tested): on random bets of 10**8 leaves the
settling is more than half of every shoe's time (random bet 4 of seed 1, one thread:
4.7 of 9.0 s), and the cells are too many to keep. Yet the cell a leaf reaches, and so
the class it settles in, does not depend on the shoe, only its weight does; and where
the count kernel skips no branch (a card or coup the shoe lacks dealt at weight 0), it
deals the leaves in one order on every shoe. So the first shoe is dealt so, a part of
the coups at a time, each leaf's cell number and weight written down, the part's cells
classed by the caller and its weights summed by class: that shoe's count, and the
part's *tape*, its leaves' classes in order, a byte a leaf (two past 256 classes)
(:func:`leaf_classes`). Every later shoe is dealt again part by part, each leaf's weight
added to the class its tape gives (:func:`count_by_tape`): no cell number made or
settled.

Made only where that order holds on every shoe the layout counts and pays, and where the
tape fits (:func:`tape_fits`): the layout's cards hold every fine class and point value
its cells read (a layout planned on a few cards' kinds would be dealt whole, at weight 0,
where a count skips the kinds its shoes never hold), suits are not renamed (the renamed
deal depends on the shoe's symmetry), its coups are not counted in groups (a group's
leaves are weighed otherwise), and its leaves, a byte or two each, within
:data:`TAPE_BYTES`. A later shoe's part whose leaves do not
end where its tape does is refused, never counted wrong.
"""

from __future__ import annotations

import threading
from math import ceil
from typing import NamedTuple

import numpy as np

from ..errors import BaccEdgeError
from ..game.shoe import Shoe
from ..util.progress import Progress, Steps
from . import card_kernels
from .card_enumeration import (PART_CELLS, coup_slices, coup_work, coups_between, enumeration,
                               grouped_steps, no_residues)
from .card_multisets import PART_LEAVES
from .card_replay import held_kinds
from .class_multisets import Classify
from .card_table import CardLayout, card_shoe
from .count_threads import count_threads, run_parts
from .outcome_table import sum_by_class

#: The most bytes a tape may take (a byte a leaf where its classes are at most 256, two
#: past that): random bet 4 of seed 1, 1.2e8 leaves, 113 MB.
TAPE_BYTES = 256 << 20
#: The most classes a tape holds (two bytes a leaf).
MOST_CLASSES = 1 << 16
#: Bytes a thread's part takes while its tape is made, a leaf: its cell number, weight
#: and class.
MAKING_BYTES = 24

#: An empty tape's classes, and empty cells and weights: the arrays of a
#: :class:`~bacc_edge.engine.card_kernels.LeafTape` not in use (a tape read, or leaves
#: written down).
_NO_CLASSES, _NOTHING = np.zeros(0, dtype=np.uint8), np.zeros(0, dtype=np.int64)


class Tape(NamedTuple):
    """A layout's leaves' classes: the coups ``edges[k]:edges[k + 1]`` are part k, and
    ``classes[k]`` its leaves' classes in the order the count kernel deals them."""

    edges: np.ndarray
    classes: tuple


def _class_type(n_classes: int) -> np.dtype:
    return np.dtype(np.uint8 if n_classes <= 1 << 8 else np.uint16)


def tape_bytes(tape: Tape) -> int:
    """The bytes ``tape`` holds."""
    return tape.edges.nbytes + sum(part.nbytes for part in tape.classes)


def tape_fits(layout: CardLayout, n_classes: int, sequences: float) -> bool:
    """Whether a :class:`Tape` of ``layout``'s leaves (about ``sequences``: its plan's
    estimate), classed ``n_classes`` ways, is made (see the module)."""
    held_fine, held_values = held_kinds(layout)
    return (not layout.detail.relabel and bool(held_fine.all() and held_values.all())
            and n_classes <= MOST_CLASSES
            and not grouped_steps(layout.detail, layout.tableau, sequences)
            and sequences * _class_type(n_classes).itemsize <= TAPE_BYTES)


def leaf_classes(layout: CardLayout, classify: Classify, n_classes: int, sequences: float,
                 shoe: Shoe, *, on_progress: Progress | None = None
                 ) -> tuple[Tape | None, np.ndarray]:
    """``shoe``'s deals per class of ``classify`` (of ``layout``'s cells, ``n_classes``
    ways), exactly, and the :class:`Tape` of ``layout``'s leaves so classed, made as the
    shoe is dealt, a part of the coups at a time, on as many threads as a count of them
    deals on (see the module); the tape None where its leaves pass :data:`TAPE_BYTES`
    (the shoe is counted all the same). ``sequences``: the plan's estimate, which sets
    the parts; ``on_progress`` hears of each. The shoe's suits are known and its
    six-card deals below 2**63 (the caller's checks)."""
    cells, block_stride = enumeration(layout.detail, layout.tableau)
    cards = card_shoe(shoe, layout.detail)
    kind = _class_type(n_classes)
    room = [TAPE_BYTES // kind.itemsize]
    parts = list(enumerate(coup_slices(cells, max(1, ceil(sequences / PART_LEAVES)))))
    made: list = [None] * len(parts)
    keeping = threading.Lock()
    threads = count_threads(sequences, MAKING_BYTES * PART_LEAVES)
    totals = [np.zeros(n_classes, dtype=np.int64) for _ in range(threads)]

    def taped(part, out) -> int:
        k, (_, _, coups) = part
        keys, weights = _dealt(coups, block_stride, cards)
        tape = np.empty(len(keys), dtype=kind)
        for i in range(0, len(keys), PART_CELLS):
            lines = np.asarray(classify(keys[i:i + PART_CELLS]), dtype=np.int64)
            out += sum_by_class(weights[i:i + PART_CELLS], lines, np.zeros_like(out))
            tape[i:i + PART_CELLS] = lines
        with keeping:
            room[0] -= len(tape)
            if room[0] >= 0:
                made[k] = tape
            else:  # past TAPE_BYTES: the shoe counted, no tape kept
                made[:] = [None] * len(made)
        return 0

    run_parts(parts, taped, totals, Steps(on_progress, len(parts)))
    edges = np.array([start for _, (start, _, _) in parts] + [len(cells.coups)],
                     dtype=np.int64)
    tape = Tape(edges, tuple(made)) if room[0] >= 0 else None
    return tape, np.sum(totals, axis=0)


def _dealt(coups, block_stride, cards: card_kernels.CardShoe) -> tuple[np.ndarray, np.ndarray]:
    """The leaves of ``coups`` dealt on ``cards`` skipping no branch, in order: their cell
    numbers and weights; room made by the coups' work
    (:func:`~bacc_edge.engine.card_enumeration.coup_work`: as many leaves, or more where
    a block's cards are dealt in one order), and dealt again at the size found where
    that was too few."""
    room = int(coup_work(coups).sum()) + 1
    nothing = np.zeros(0, dtype=np.int64)
    while True:
        keys, weights = np.empty(room, dtype=np.int64), np.empty(room, dtype=np.int64)
        at = np.zeros(1, dtype=np.int64)
        card_kernels.count_cells(coups, block_stride, cards, 0, nothing, None, None,
                                 no_residues(), None, None, None,
                                 card_kernels.LeafTape(_NO_CLASSES, keys, weights, at))
        written = int(at[0])
        if written <= room:
            return keys[:written], weights[:written]
        room = written


def count_by_tape(tape: Tape, layout: CardLayout, shoe: Shoe, n_classes: int, *,
                  on_progress: Progress | None = None) -> np.ndarray:
    """``shoe``'s deals per class of ``tape`` (made by :func:`leaf_classes` for
    ``layout``), exactly: every card sequence dealt again, part by part, its weight
    added to its leaf's class, on as many threads as a count of them deals on. The
    shoe's suits are known and its six-card deals below 2**63 (the caller's checks).
    Refuses, naming the layout, a part whose leaves do not meet its tape's."""
    cards = card_shoe(shoe, layout.detail)
    cells, block_stride = enumeration(layout.detail, layout.tableau)
    leaves = sum(len(part) for part in tape.classes)
    threads = count_threads(leaves, 8 * n_classes, summed=True)
    outs = [np.zeros(n_classes, dtype=np.int64) for _ in range(threads)]

    def dealt(k, out) -> int:
        classes = tape.classes[k]
        at = np.zeros(1, dtype=np.int64)
        card_kernels.count_cells(coups_between(cells, tape.edges[k], tape.edges[k + 1]),
                                 block_stride, cards, 0, out, None, None, no_residues(), None,
                                 None, None,
                                 card_kernels.LeafTape(classes, _NOTHING, _NOTHING, at))
        return 0 if at[0] == len(classes) else -1

    if run_parts(range(len(tape.classes)), dealt, outs,
                 Steps(on_progress, len(tape.classes))) < 0:
        raise BaccEdgeError(f"{shoe.label}: the leaves of {layout.describe()} did not meet "
                            f"their tape's")
    return np.sum(outs, axis=0)


__all__ = ["MAKING_BYTES", "MOST_CLASSES", "TAPE_BYTES", "Tape", "count_by_tape", "leaf_classes",
           "tape_bytes", "tape_fits"]
