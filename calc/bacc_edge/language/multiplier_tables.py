"""The five bets the live multiplier baccarats share (Lightning, Golden Wealth,
Prosperity Tree …): Player and Banker paid on the winning hand's cards, a Tie on both
hands' cards, each Pair on its two cards, every stake with a fee.

Their rules pages word them alike: a winning Player bet is paid 1:1 times the
multipliers of the Player's matching cards; a winning Banker bet "1:1 times the
multipliers, 95% of the Banker stake returned" (the 5% commission is taken from the
stake, so an unmultiplied win nets 0.95 and an 8x win 7.95); Player and Banker push on
a tie (the fee is kept); the Tie and the Pairs pay a reduced base times the multipliers.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ..errors import PaytableError
from ..util.arguments import near_name
from .bet import Event
from .card_words import CardGroup, all_cards
from .overlay import Multiplied, MultiplierBet, Overlay, PublishedReturn
from .point_words import banker, player, tie

#: The five bets, in the order the games' tables list them.
NAMES = ("Player", "Banker", "Tie", "P Pair", "B Pair")


def multiplier_baccarat(overlay: Overlay, *, fee="20%", tie_pays=5, pair_pays=9,
                        cap=None, advertised: Mapping[str, object] | None = None,
                        published: Mapping[str, Sequence[PublishedReturn]] | None = None
                        ) -> list[MultiplierBet]:
    """The five bets under ``overlay``: ``tie_pays`` and ``pair_pays`` the base pays
    before multipliers, ``cap`` the largest net win a round pays per unit staked (every
    bet; None: no cap), ``advertised`` and ``published`` per bet name."""
    advertised, published = advertised or {}, published or {}
    _check_names(advertised, "advertised")
    _check_names(published, "published")
    pairs = {"P": CardGroup(["P1", "P2"], "player.pair_cards"),
             "B": CardGroup(["B1", "B2"], "banker.pair_cards")}
    events = {
        "Player": [Event("Player wins", player.wins, Multiplied(1, player.hand)),
                   Event("Tie", tie, "push")],
        "Banker": [Event("Banker wins", banker.wins, Multiplied(1, banker.hand, less="5%")),
                   Event("Tie", tie, "push")],
        "Tie": [Event("Tie", tie, Multiplied(tie_pays, all_cards))],
        "P Pair": [Event("Pair", player.pair, Multiplied(pair_pays, pairs["P"]))],
        "B Pair": [Event("Pair", banker.pair, Multiplied(pair_pays, pairs["B"]))],
    }
    return [MultiplierBet(name, events[name], overlay, fee=fee, cap=cap,
                          advertised=advertised.get(name), published=published.get(name, ()))
            for name in NAMES]


def _check_names(per_bet: Mapping, what: str) -> None:
    """Refuse a name in ``per_bet`` that is none of the five bets': a misspelt name
    would drop its figures without a word."""
    for name in per_bet:
        if name not in NAMES:
            near = near_name(name, list(NAMES)) if isinstance(name, str) else None
            hint = f"did you mean {near!r}? " if near else ""
            raise PaytableError(f"multiplier_baccarat {what}: no bet named {name!r}; "
                                f"{hint}the bets: {', '.join(map(repr, NAMES))}")


__all__ = ["NAMES", "multiplier_baccarat"]
