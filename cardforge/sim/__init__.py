"""The rules validator for trick-taking decks: simulated players, seeded parallel runs, logs,
replays and balance reports.

Library use (what `cardforge simulate` does):

    from cardforge.sim.run import simulate
    result = simulate(deck, players=4, games=2000, seed=1, agents=["heuristic", "random", "random", "random"],
                      jobs=2, log_path=Path("games.jsonl"))
    result.to_json()          # the report dict (`cardforge simulate --json`)
    result.wins(), result.score_histogram(seat), result.hands_histogram, result.figure_sums
    result.acc                # the streaming sums (accumulate.Accumulator): memory flat in the games
    play_outcomes(deck, 4, 0, 10, seed=1)   # per-game GameOutcomes of games 0..9 of the same run

Intervals and tests live in `stats` (wilson, rate_difference, mean_difference, chi2_sf,
seat_fairness, describe); `replay.Replayer().check(game_dict)` replays a logged game through the
engine and raises RuleError at the first step the rules disagree with.
"""
