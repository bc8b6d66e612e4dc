"""The old import path of :mod:`bacc_edge.language.pays` (``from bacc_edge.pays import
for_one, percent``), kept so that paytables written against it still load."""

from .language.pays import LOSE, Pays, PaysError, for_one, pays, percent

__all__ = ["LOSE", "Pays", "PaysError", "for_one", "pays", "percent"]
