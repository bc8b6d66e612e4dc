"""The generated reports (``bacc-edge results PAYTABLES_DIR RESULTS_DIR``).

One markdown report per paytable (8 decks, exact counts, then every bet on 1-8 decks
and the infinite deck side by side), each paytable's math report (HTML and Markdown,
in ``math_reports/``), and an index listing every printed figure beside the computed
one. The output depends only on the code and the
paytables, so a stale ``results/`` shows up as a difference.

Every file written ends in a stamp that only bacc-edge writes
(:mod:`~bacc_edge.output.generated_stamp`), and a file there is replaced only where it
bears its stamp, unchanged: never the user's own file, whatever its title, nor one of
ours edited since. The files are files bacc-edge keeps
(:func:`~bacc_edge.util.safe_write.write_owned`): never written through a link, nor
over a file of several names; and one run at a time writes a folder (a lock file in it),
a second is refused.
"""

from __future__ import annotations

import os
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Callable
from urllib.parse import quote

from . import render
from ..util.arguments import callable_argument
from .deck_comparison import decks_output
from ..analysis.deck_comparison import STANDARD_DECKS, compare_decks
from .formats import markdown_fence, markdown_text, table
from ..language.loader import Paytable, load_paytable
from .generated_stamp import is_stamped, stamped
from .math_report import FORMATS, build_math_report, report_date
from ..util.progress import Progress, Steps
from ..analysis.bet_report import Tables, check, report
from ..game.tableau import STANDARD
from ..util.safe_write import FileLock, LockedError, OutputError, OverwriteError, check_output, \
    read_owned, refuse_link, write_owned
from ..game.shoe import Shoe


def paytable_markdown(paytable: Paytable, tables: Tables) -> str:
    """One paytable's report: its docstring, then every bet's table on 8 decks. The
    paytable's text (names, labels, the docstring) is escaped as Markdown (see
    :func:`bacc_edge.output.formats.markdown_text`)."""
    md = markdown_text
    shoe = Shoe.decks(8)
    doc = paytable.docstring
    lines = [f"# {md(paytable.path.stem)}", "", *([markdown_fence(doc), ""] if doc else []),
             f"Shoe: {shoe}; every deal of a coup counted ({shoe.coups:,} ordered six-card "
             f"deals).", ""]
    if paytable.rules != STANDARD:
        lines += [f"Tableau: {md(paytable.rules.name)} (D draws, S stands; the columns are the "
                  f"player's third card):", "", markdown_fence(paytable.rules.text, ""), ""]
    for result in report(paytable, shoe, tables=tables):
        headers, rows = render.bet_rows(result, exact=True)
        lines += [f"## {md(result.name)}", "", md(render.bet_title(result, exact=True)), "",
                  table(rows, headers, "github"), render.bet_stats(result), ""]
    comparisons = compare_decks(paytable, STANDARD_DECKS, tables=tables)
    lines += ["## Every deck count", "",
              "Each bet on full shoes of 1 to 8 decks and on the infinite deck (cards dealt "
              "with replacement), exactly; `bacc-edge PAYTABLE --decks 1-8,inf` prints this "
              "table.", "", decks_output(comparisons, "github").rstrip(), ""]
    lines += [f"The full math report: [HTML]({_link(f'{MATH_DIR}/{paytable.path.stem}.html')}), "
              f"[Markdown]({_link(f'{MATH_DIR}/{paytable.path.stem}.md')}).", ""]
    return "\n".join(lines).rstrip() + "\n"


def _link(path: str) -> str:
    """A relative link's target: a file name with spaces or brackets percent-encoded,
    so that it stays one link."""
    return quote(path)


def index_markdown(paytables: list[Paytable], tables: Tables) -> str:
    """The index: a link to every report, and every printed figure beside the computed
    one."""
    md = markdown_text
    paths = [pt.path for pt in paytables]
    lines = [*INDEX_START.splitlines(),
             "Each report gives every bet on a full 8-deck shoe with exact counts.", ""]
    lines += [f"- [{md(p.stem)}]({_link(f'{p.stem}.md')}) (math report: "
              f"[HTML]({_link(f'{MATH_DIR}/{p.stem}.html')}), "
              f"[Markdown]({_link(f'{MATH_DIR}/{p.stem}.md')}))" for p in paths]
    lines += ["", "## Every printed figure beside the computed one", "",
              "A figure is reproduced when it lies within half a unit of its last printed "
              "digit. A *finding* is a printed figure that cannot be reproduced, with the "
              "reason recorded in the paytable.", ""]
    for path, paytable in zip(paths, paytables):
        checks = check(paytable, tables=tables)
        if not checks:
            lines += [f"### {md(path.stem)}", "", "No figures printed for these bets.", ""]
            continue
        headers, rows = render.check_rows(checks)
        lines += [f"### {md(path.stem)}", "", table(rows, headers, "github")]
        for c in checks:
            if c.finding:
                lines += [f"- **{c.status}** — " + md(f"{c.bet or 'whole sheet'}, "
                                                      f"{c.label or c.measure}: {c.finding}")]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


#: The folder, inside the results folder, of every paytable's math report.
MATH_DIR = "math_reports"

#: How the index starts.
INDEX_START = ("# Results\n\nGenerated by `make results` from the paytables in "
               "`paytables/`: do not edit.\n")
#: The lock file of a results folder being written, which only one run may write at once.
LOCK_NAME = ".bacc-edge-results.lock"


def _refuse_a_file_not_ours(target: Path, inputs: list) -> None:
    """Refuse to replace a file in the results folder that bacc-edge did not write, or
    that was edited since: one without its stamp (see
    :mod:`~bacc_edge.output.generated_stamp`), such as the user's own README.md; and
    refuse, as every file bacc-edge keeps, a symlink or a file of several names."""
    check_output(target, inputs=inputs, follow_links=False)
    found = read_owned(target)
    if found is not None and not is_stamped(found[0]):
        raise OverwriteError(f"{str(target)!r}: exists and is not a file bacc-edge wrote, or was "
                             f"edited since (its last line is not bacc-edge's stamp of its "
                             f"text); bacc-edge never replaces a file it did not write: move "
                             f"it, or name another results folder")


def _write_report(target: Path, text: str, inputs: list) -> Path:
    """Write one report, stamped, checked again just before it replaces what is there."""
    _refuse_a_file_not_ours(target, inputs)
    write_owned(target, stamped(text), inputs=inputs, private=False)
    return target


@contextmanager
def _results_folder(results_dir: Path):
    """The results folder, made where it is not, held by its lock for the block: a
    second run into the same folder is refused. Where the block fails, the folders it
    made are removed again if nothing was written in them."""
    made = [d for d in (results_dir, results_dir / MATH_DIR) if not os.path.lexists(d)]
    results_dir.mkdir(parents=True, exist_ok=True)
    try:
        try:
            lock = FileLock(results_dir / LOCK_NAME, str(results_dir))
        except LockedError as err:
            who = "" if err.holder is None else f" (process {err.holder})"
            raise OutputError(f"{str(results_dir)!r}: another bacc-edge results{who} is "
                              f"writing this folder now; wait for it to finish, or name "
                              f"another results folder") from None
        with lock:
            yield
    except BaseException:
        for folder in reversed(made):
            with suppress(OSError):  # not empty: what was written stays, whole
                folder.rmdir()
        raise


def write_results(paytables_dir: Path, results_dir: Path, *, date=None,
                  on_progress: Progress | None = None,
                  on_slow: Callable[[str], None] | None = None) -> list[Path]:
    """Write every report, every math report (HTML and Markdown, in MATH_DIR) and the
    index; returns the files written. Every output is checked before any counting, and
    again as it is written (none may be a file a report reads, a paytable or its
    register of sources, however linked, or a ``.py`` file, a symlink or a file of
    several names, nor a file there without bacc-edge's stamp, such as the user's
    README.md; the results folder may not be the paytables folder) and written whole,
    through a temporary file renamed into place (see :mod:`bacc_edge.util.safe_write`).
    A second run into a folder being written is refused.
    ``date``: the math reports' date (see :func:`~bacc_edge.output.math_report.report_date`:
    else ``SOURCE_DATE_EPOCH``, else today); each names its paytable as
    ``FOLDER/FILE.py``, the paytables folder by its name, as run from the folder that
    holds it, so that the reports do not depend on where the folders are.
    ``on_progress(done, total)``: each paytable's report and math report (see
    :mod:`bacc_edge.util.progress`); ``on_slow``: as :func:`~bacc_edge.language.loader.load_paytable`
    takes it."""
    for name, call in (("on_progress", on_progress), ("on_slow", on_slow)):
        callable_argument(call, name)
    files = sorted(Path(paytables_dir).glob("*.py"))
    clash = [p for p in files if p.stem.lower() == "readme"]
    if clash:  # its report would be the index's name, README.md: one would be lost
        raise OutputError(f"{str(clash[0])!r}: a paytable named README would have its report "
                          f"written over by the index, README.md; rename it")
    results_dir = Path(results_dir)
    if os.path.realpath(results_dir) == os.path.realpath(paytables_dir):
        raise OverwriteError(f"{str(results_dir)!r}: is the paytables folder "
                             f"{str(paytables_dir)!r}; the results would be written among "
                             f"the paytables: name another folder")
    report_date(date)  # a bad date refused before any counting
    paytables = [load_paytable(p, on_slow=on_slow) for p in files]
    # every file a report reads: the paytables, their register of sources, what they opened
    inputs = [f for paytable in paytables for f in paytable.inputs]
    step = Steps(on_progress, 2 * len(paytables))
    math_dir = results_dir / MATH_DIR
    reports = [results_dir / f"{p.stem}.md" for p in files]
    math_reports = [math_dir / f"{p.stem}{suffix}" for p in files for suffix in (".html", ".md")]
    index = results_dir / "README.md"
    with _results_folder(results_dir):
        refuse_link(math_dir, str(math_dir))  # never a folder elsewhere
        targets = [*reports, *math_reports, index]
        for target in filter(os.path.lexists, targets):  # before any folder is made
            _refuse_a_file_not_ours(target, inputs)
        math_dir.mkdir(exist_ok=True)
        for target in targets:
            check_output(target, inputs=inputs, follow_links=False)
        tables = Tables()
        written = []
        for target, paytable in zip(reports, paytables):
            written.append(_write_report(target, paytable_markdown(paytable, tables), inputs))
            step()
        for paytable, pair in zip(paytables, zip(math_reports[::2], math_reports[1::2])):
            built = build_math_report(
                paytable, tables=tables, date=date,
                command_path=f"{Path(paytables_dir).resolve().name}/{paytable.path.name}")
            written += [_write_report(target, FORMATS[target.suffix](built), inputs)
                        for target in pair]
            step()
        return [*written, _write_report(index, index_markdown(paytables, tables), inputs)]
