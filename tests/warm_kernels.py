"""Compile the suite's numba kernels once, before ``make test`` starts its workers.

On a cold kernel cache (every change to the engine's or the game's sources starts a new
one: bacc_edge.engine.jit), each pytest-xdist worker compiles every kernel it needs, and
the two workers mostly need the same ones at the same time: the same minutes of compiling
done twice. This runs a tour of quick tests that, between them, compile every kernel and
type specialisation the suite uses, in two halves at once (one process each, the
kernels of one half mostly apart from the other's); the workers then load them all from
the cache. On a warm cache it takes the tour's few seconds.

The tour was chosen from a cold run's compiles (tests/compiled_kernels.py: the run lists
any kernel compiled after this, with the test that compiled it; add that test here).
A tour test that fails fails this script, so ``make test`` stops: a kernel that does
not compile is never hidden. A test no longer found (renamed, removed) only warns: its
kernels are compiled during the run, and listed at its end.

    python tests/warm_kernels.py     # from make test; exits 1 when a tour test fails
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import time
from pathlib import Path

import numba

import bacc_edge.engine.jit  # noqa: F401 (sets numba's cache folder, read below)

ROOT = Path(__file__).resolve().parent.parent

#: Two halves of about equal compile time. The first: the dealer and the factored card
#: counts of the depth runs (count studies, card-bet rounds, cut cards), the nine-card
#: count, the known card; the second: the point tables, the card counts with a record,
#: a spill buffer or known cells, coup groups, runs and streaks.
TOUR = (
    ("tests/depth/test_count_study_cards.py::"
     "test_count_study_tallies_are_the_hand_dealers[lucky_nines.py-None-deal0-200]",
     "tests/depth/test_count_study_cards.py::"
     "test_count_study_tallies_are_the_hand_dealers[lucky_8.py-None-deal1-250]",
     "tests/depth/test_count_study_cards.py::"
     "test_count_study_tallies_are_the_hand_dealers[contrast_bonus.py-bets2-deal2-300]",
     "tests/depth/test_count_study_cards.py::"
     "test_count_study_tallies_are_the_hand_dealers[big_tiger.py-None-deal4-250]",
     "tests/depth/test_count_tables.py::test_both_engines_bet_and_stake_alike",
     "tests/depth/test_count_tables.py::test_a_table_that_starts_late_never_bets_before_it",
     "tests/depth/test_depth.py::test_the_shuffle_kernel_is_its_plain_python_twin",
     "tests/depth/test_depth_cards_batch.py::"
     "test_the_batched_class_totals_are_the_per_shoe_counts_row_by_row[majestic_match]",
     "tests/depth/test_cut_cards.py::"
     "test_each_cut_card_is_the_run_dealt_with_the_cut_card_there[at-cut]",
     "tests/analysis/test_baccara_banque.py::test_the_nine_card_count_is_a_plain_enumerations",
     "tests/analysis/test_known_card.py::"
     "test_every_position_and_rank_as_the_brute_force_dealer_finds_them[None]"),
    ("tests/analysis/test_streaks.py::"
     "test_the_lengths_paid_the_same_between_two_paid_lengths_are_one_line",
     "tests/analysis/test_analysis.py::"
     "test_effects_too_alike_for_whole_tags_give_no_count_not_a_division_by_zero",
     "tests/analysis/test_calibration.py::test_the_return_polynomial_is_the_reference_mean",
     "tests/engine/test_card_replay.py::test_the_record_is_priced_and_capped",
     "tests/engine/test_card_replay.py::test_a_record_not_as_priced_is_tried_once",
     "tests/engine/test_card_replay.py::test_a_shoe_of_plenty_is_counted_as_its_record_is_made",
     "tests/engine/test_card_sparse.py::test_sparse_counts_match_the_reference",
     "tests/engine/test_card_sparse.py::test_a_cell_not_known_is_counted_again_spilled",
     "tests/engine/test_cells_in_parts.py::"
     "test_a_bet_settled_a_few_cells_at_a_time_counts_as_the_reference",
     "tests/engine/test_coup_groups.py::"
     "test_a_count_made_a_group_of_coups_at_a_time_is_the_reference_count",
     "tests/analysis/test_streaks.py::"
     "test_sampled_paths_estimate_what_every_order_of_a_small_shoe_deals",
     "tests/engine/test_engine.py::test_pair_states_alone_are_the_tables_sums_by_pair_state"),
)

def hash_of(tour) -> str:
    """A short digest of the tour's tests."""
    return hashlib.sha256(repr(tour).encode()).hexdigest()[:12]


#: pytest's exit statuses for a node id not found, and for nothing collected
NOT_FOUND = (4, 5)


def start(half: tuple[str, ...]) -> subprocess.Popen:
    """One half of the tour in its own pytest process, its output kept."""
    return subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             "-p", "no:xdist", *half], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


#: the mark left in the kernel cache folder of these sources where this tour has passed
TOURED = Path(numba.config.CACHE_DIR) / f"toured-{hash_of(TOUR)}"


def main() -> int:
    if TOURED.exists():
        print(f"warm_kernels: the kernels are compiled already ({TOURED})", file=sys.stderr)
        return 0
    began = time.perf_counter()
    runs = [start(half) for half in TOUR]
    failed, took = False, []
    for run in runs:
        output, _ = run.communicate()
        took.append(f"{time.perf_counter() - began:.0f} s")
        if run.returncode in NOT_FOUND:
            print(output + "\nwarm_kernels: a tour test is no longer found (above); its "
                  "kernels are compiled during the run instead", file=sys.stderr)
        elif run.returncode:
            print(output, file=sys.stderr)
            failed = True
    if failed:
        print("warm_kernels: a tour test failed (above); the tests were not started",
              file=sys.stderr)
        return 1
    TOURED.parent.mkdir(parents=True, exist_ok=True)
    TOURED.touch()
    print(f"warm_kernels: the suite's kernels compiled, the tour's halves done in "
          f"{' and '.join(took)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
