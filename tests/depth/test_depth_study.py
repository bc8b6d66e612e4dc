"""``depth_study`` reads a run's options once, at the top: given as one
:class:`DepthOptions` (as the command gives them) or as its fields by keyword (as
``prepare`` takes them), the run defined is the same."""

from bacc_edge.depth import run
from bacc_edge.depth.options import DepthOptions, prepare
from bacc_edge.depth.shoes import DealRules
from conftest import ROOT

PUNTO = ROOT / "paytables" / "punto_banco.py"


def test_the_options_by_keyword_define_the_run_the_options_object_does(monkeypatch):
    defined = []
    monkeypatch.setattr(run, "run_depth", lambda spec, *args, **kwargs: defined.append(spec))
    monkeypatch.setattr(run, "summarize", lambda spec, tally, bankroll: None)
    settings = dict(bet_names=["Player"], deal=DealRules(2, 10), seed=7, cutoff=12,
                    eor_count=False, counts=())
    run.depth_study(PUNTO, shoes=1, your_count=dict(tags="8=1", trigger=1), **settings)
    run.depth_study(PUNTO, DepthOptions(**settings), shoes=1,
                    your_count=dict(tags="8=1", trigger=1))
    by_keywords, by_options = defined
    assert by_keywords == by_options
    assert by_keywords.seed == 7 and by_keywords.bets == ("Player",)
    assert by_keywords.cutoffs == (12,)
    assert by_keywords == prepare(PUNTO, options=DepthOptions(
        **{**settings, "counts": by_keywords.counts}))
