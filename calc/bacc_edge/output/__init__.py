"""What a person or a script reads: tables, JSON, CSV, plots, the math report, results/."""
