"""The paytable language: conditions on the coup and its cards, pays, bets and events, loading a paytable."""
