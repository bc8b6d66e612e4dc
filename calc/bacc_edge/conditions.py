"""The old path ``bacc_edge.conditions``, kept for paytables written against it: the names of
:mod:`bacc_edge.language.point_words`."""

from .language.point_words import *  # noqa: F401,F403
