"""The live shoe page (``bacc-edge track``): a shoe dealt by hand (:mod:`.dealt_shoe`),
valued card by card (:mod:`.values`, :mod:`.track`), served with its JSON API
(:mod:`.server`, the only module that imports the web framework)."""
