"""The game: cards, shoes, the tableau, the coup's dealing order, how a shoe is dealt."""
