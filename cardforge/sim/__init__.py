"""The rules validator: simulated players, seeded parallel runs, logs, replays and balance reports."""
