"""What bacc-edge streak tells on stderr of the sampled paths' intervals: rough from a
handful of paths, wide where skipped coups spread the paths; silent otherwise."""

import pytest

from bacc_edge.analysis.streaks import StreakValue, ValueKind
from bacc_edge.output.several_coups import interval_notes


def _value(low, high, *, paths=1000, bets=0):
    return StreakValue("B", "8 decks, dealt in turn", ValueKind.SIMULATION, (),
                       (low + high) / 2, low, high, bets=bets, paths=paths)


# planted: WIDE_INTERVAL read as 0.01 points (0.0001): the 0.05-point row noted;
# the paths' count check dropped: the two-path row silent
@pytest.mark.parametrize("value,note", [
    (_value(-0.0943, -0.0938), None),  # 0.05 point wide: narrow
    (_value(0.548, 0.642), "the 95% interval is 9.40 percentage points wide"),
    (_value(-0.0940, -0.0939, paths=2), "an interval from 2 paths is rough; give --paths 30"),
    (_value(-0.2, 0.2, paths=5000, bets=5000), None),  # whole shoes: their own spread
    (_value(-0.1, -0.1, paths=0), None),  # exact
], ids=["narrow", "wide", "two paths", "whole shoes", "exact"])
def test_a_rough_or_wide_interval_is_said_so(value, note):
    notes = interval_notes([value])
    assert notes == [] if note is None else (len(notes) == 1 and note in notes[0])
