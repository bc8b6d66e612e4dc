"""The live shoe page (``bacc-edge track``): a shoe dealt by hand
(:mod:`bacc_edge.game.dealt_shoe`), valued card by card (:mod:`.values`, :mod:`.track`),
saved to its session file (:mod:`.session`, held by one track at a time:
:mod:`.session_lock`), served with its JSON API (:mod:`.server`, the only module that
imports the web framework); what the page shows is written by
:mod:`bacc_edge.output.live_page`."""
