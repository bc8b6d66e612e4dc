"""The game: cards, shoes, the tableau, the coup's dealing order, how a shoe is dealt, and
a shoe dealt by hand, card by card (the live page's)."""
