"""What the tables say about bets: reports and checks, effects of removal, card counts, commission, deck comparison, solving pays."""
