"""Balance sweeps: a grid of in-memory variants of one deck, played with common random numbers and ranked.

The pieces, in the order a sweep uses them (docs/sweeps.md shows the command):

- `keys.py`    a `--set` key path checked against the deck and its schema, and the override it makes
- `grid.py`    `--set KEY=V1,V2` options -> every combination as a `Variant` (settings + override)
- `variants.py` a variant's override merged into the base deck exactly as `extends` merges, then validated
- `play.py`    the adapter between a (variant, seed block) task and the simulator's game-range player
- `executor.py` where tasks run: in this process, or on a Dask cluster (local or at a scheduler address)
- `run.py`     the sweep itself: tasks out, streamed blocks merged back in game order
- `rank.py`    paired bootstrap over games: 95% intervals and the variants that cannot be told from the best
- `report.py`, `chart.py`, `write.py`   terminal table, CSV and JSON; the chart page; the best decks as folders

Dask is imported only by `executor.py`, and only when a cluster is asked for, so no other command pays
for its start-up.
"""
