"""Saved batches are tied to the code that dealt them: a run's definition holds the
digest of the sources that deal, count and sum it (``depth.run.dealing_digest``, as the
compiled kernels' folder is named), so a run saved by this code resumes and one saved by
changed code is dealt again, with no version to bump by hand."""

import shutil

from bacc_edge.depth import run
from bacc_edge.depth.options import prepare
from bacc_edge.depth.shoes import DealRules, deal_batch
from conftest import ROOT

PUNTO = ROOT / "paytables" / "punto_banco.py"


def test_a_batch_saved_by_changed_dealing_code_is_dealt_again(tmp_path, monkeypatch):
    dealt = []

    def serial(spec, pending, batch, sizes, scheduler, workers):
        for i in pending:  # dealt here, in this process, each batch noted
            dealt.append(i)
            yield i, deal_batch(spec, i * batch, sizes[i])

    monkeypatch.setattr(run, "deal_batches", serial)
    package = tmp_path / "bacc_edge"  # a copy of the sources, to edit
    shutil.copytree(run.PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(run, "PACKAGE", package)
    spec = prepare(PUNTO, ["Player"], deal=DealRules(2, 10), eor_count=False)
    state = tmp_path / "state"

    def deal_again() -> list[int]:
        dealt.clear()
        run.run_depth(spec, 4, batch=2, state=state)
        return list(dealt)

    assert deal_again() == [0, 1]
    assert deal_again() == []  # saved by this same code: resumed, nothing dealt
    for edited, again in [("output/render.py", []),  # prints, deals nothing
                          ("engine/coup_kernels.py", [0, 1]), ("depth/shoes.py", [0, 1]),
                          ("analysis/card_counting.py", [0, 1])]:
        source = package / edited
        source.write_text(source.read_text(encoding="utf-8") + "\n# edited\n",
                          encoding="utf-8")
        assert deal_again() == again, edited
    assert len(list(state.glob("run-*"))) == 4
