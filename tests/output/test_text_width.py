"""Every text output fits 100 columns (a terminal's, a code block's on the docs site): a
table too wide is cut into narrower ones, long prose goes under it, wrapped, never into
a cell. Each command's text output, on the shipped paytables, stdout and stderr alike."""

import pytest
from click.testing import CliRunner

from bacc_edge.cli import main
from conftest import ROOT

PAYTABLES = ROOT / "paytables"

#: Each command's text output as the README and the docs show it, on shipped paytables;
#: the depth count study deals enough shoes that a published figure is a finding (its
#: long words under the table).
COMMANDS = [
    ["report", *sorted(str(p) for p in PAYTABLES.glob("*.py"))],
    ["report", "shipped:big_tiger", "--check"],
    ["report", "shipped:punto_banco", "--decks", "1-8,inf"],
    ["eor", "shipped:live_dealer"],
    ["commission", "--stake", "13", "--chip", "1"],
    ["shipped"],
    ["known-card", "shipped:punto_banco"],
    ["shoe-shopping", "shipped:punto_banco", "--shoes", "50"],
    ["chemin-de-fer"],
    ["solve", "shipped:big_tiger", "--edge", "5%", "--decks", "6-8", "--solve",
     "Big Tiger:Banker wins on a three-card 6"],
    ["index", "shipped:big_tiger", "--shoes", "100"],
    ["depth", "shipped:wizard_lucky6", "--count-only", "--no-eor-count", "--cut", "16",
     "--shoes", "300000", "--check"],
    ["depth", "shipped:big_tiger", "--shoes", "20", "--count", "8=+2,9=+2", "--trigger",
     "4"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda args: " ".join(args[:2]))
def test_every_line_of_a_text_output_fits_100_columns(args, tmp_path):
    state = ["--state", str(tmp_path / "state")] if args[0] == "depth" else []
    result = CliRunner().invoke(main, [*args, *state], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip()
    if args[:2] == ["depth", "shipped:wizard_lucky6"]:  # the finding, under its table
        assert "finding [1]" in result.stdout
    wide = [line for line in (result.stdout + result.stderr).splitlines() if len(line) > 100]
    assert not wide, f"{len(wide)} lines over 100 columns, the widest {max(map(len, wide))}:\n" \
                     + "\n".join(wide[:3])
