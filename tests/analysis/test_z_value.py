"""The one z of every interval and range (``intervals.z_value``): the two-sided quantile
of the standard normal, against the quantiles as published, and the 95% z every saved
depth run and study was computed with."""

import pytest

from bacc_edge.analysis.intervals import Z95, z_value
from bacc_edge.errors import ArgumentError

#: Two-sided quantiles of the standard normal, P(|Z| ≤ z) = p, as printed to 12
#: decimals in the table of the normal distribution's quantile function (Wikipedia,
#: "Normal distribution", Quantile function; the same digits as Abramowitz and Stegun,
#: Table 26.5, where they overlap).
PUBLISHED = [(80, 1.281551565545), (90, 1.644853626951), (95, 1.959963984540),
             (98, 2.326347874041), (99, 2.575829303549), (99.5, 2.807033768344),
             (99.8, 3.090232306168), (99.9, 3.290526731492)]


@pytest.mark.parametrize("confidence,z", PUBLISHED)
def test_z_is_the_published_two_sided_quantile(confidence, z):
    assert round(z_value(confidence), 12) == z


def test_the_95_percent_z_is_the_one_the_saved_runs_used():
    # the quantile 1.95996398454005423… written to 16 digits, as scipy's norm.ppf(0.975)
    # prints it: not NormalDist().inv_cdf(0.975) (1.9599639845400536), nor the nearest
    # float (1.9599639845400543); a depth run's JSON was computed with this one
    assert z_value(95) == Z95 == 1.959963984540054


@pytest.mark.parametrize("confidence", [0, 100, -5, True, "95", float("nan")])
def test_a_confidence_outside_0_to_100_is_refused(confidence):
    with pytest.raises(ArgumentError, match="must be a percentage between 0 and 100"):
        z_value(confidence)
