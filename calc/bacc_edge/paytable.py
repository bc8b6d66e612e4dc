"""The old path ``bacc_edge.paytable``, kept for paytables written against it: the names of
:mod:`bacc_edge.language.bet`."""

from .language.bet import *  # noqa: F401,F403
