"""Real shoes dealt, counted and valued round by round, on Dask, with their state folder."""
