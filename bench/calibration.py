"""Calibration of MCTS's win chance (issue 35): self-play positions, a map fitted on some games and
checked on the others (solver/calibration.py; docs/strength.md, "Calibration").

    PYTHONPATH=. python bench/calibration.py run GAME --games 200 --sims 1000 --seed 1 [--write]
    PYTHONPATH=. python bench/calibration.py plot docs/images/calibration.png

`run` plays GAME's start (or --position) with `mcts:sims=S` against itself (caldera match's
games: openings of --random-plies random decisions shared by a group of one game per seat, seats
rotated, dice from the seed) and keeps at every decision the mover, MCTS's value of its best line
and, at the end, the mover's result (1 a win, 1/k of a win shared by k, 0). The full Oros game is
played by the scripted player (`heuristic`: MCTS never wins against the AI decks, so its own games
have no wins to fit), and every --every-th decision of the seat is searched by MCTS afterwards for
its expected knowledge margin. Groups of even number are the training games, odd the held-out ones:
the map is fitted on the first (Platt scaling of the value's log-odds or isotonic regression,
whichever predicts better from one half of the training games to the other; the full Oros game:
Platt scaling of margin and round) and checked on the second, bins of docs/strength.md printed as a markdown table, raw
value and calibrated chance. --write ships the map with its check in solver/games/<game>/data/.
Positions go to --data as JSON lines (one a game) as they are played; --reuse fits from such
files (several: runs of other seeds) without playing. `plot` draws every shipped map's held-out check (matplotlib: the pictures extra).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

import kernels  # noqa: F401  (before numba)
from solver.api import load_position, search
from solver.calibration import (BINS, LEAST_IN_BIN, CalibrationMap, check_bins, isotonic_knots, load_map,
                                log_odds, logistic, map_path, platt_weights)
from solver.commands.match import play_match, rotation
from solver.engines.registry import EngineSpec
from solver.games.registry import game as get_game

SCRIPTED_GAMES = {"oros"}  # played by the scripted player, judged by MCTS's margin (see the module doc)


def collect(game, start, args) -> list[dict]:
    """Play the games and return one record a game: its group and each judged decision's
    (seat, inputs) with the mover's result."""
    spec = EngineSpec.parse(f"mcts:sims={args.sims}")
    scripted = game.name in SCRIPTED_GAMES
    player = EngineSpec.parse("heuristic") if scripted else spec
    size = rotation(game.player_count(start))
    seen: dict[int, list] = {}

    def on_move(number, seat, legal, analysis):
        if not scripted and len(legal) > 1:
            seen.setdefault(number, []).append((seat, [analysis.best.score.value]))

    records = []
    out = open(args.data[0], "w", encoding="utf-8")
    started = time.perf_counter()

    def on_game(record, result):
        decisions = seen.pop(record.number, [])
        if scripted:
            decisions = judged_decisions(game, start, record.moves, spec, args.every)
        row = {"seed": args.seed, "number": record.number, "group": record.number // size, "values": list(record.values),
               "decisions": [[seat, inputs] for seat, inputs in decisions]}
        records.append(row)
        out.write(json.dumps(row) + "\n")
        out.flush()
        print(f"game {record.number + 1}/{args.games}: {len(decisions)} positions, "
              f"{time.perf_counter() - started:.0f} s", file=sys.stderr)

    play_match(game, start, player, player, games=args.games, random_plies=args.random_plies, seed=args.seed,
               on_game=on_game, on_move=on_move)
    out.close()
    return records


def judged_decisions(game, start, moves, spec: EngineSpec, every: int) -> list:
    """Replay a scripted game: every `every`-th decision of seat 0 (more than one legal move)
    searched by `spec`, as (seat, [margin, round]) of the best line."""
    state, decisions, count = start, [], 0
    for move in moves:
        if not game.is_chance(state) and game.to_move(state) == 0 and len(game.legal_moves(state)) > 1:
            if count % every == 0:
                best = search(game, spec, state).best
                decisions.append((0, [best.margin, float(state.round)]))
            count += 1
        state = game.successor(state, move)
    return decisions


def positions(records: list[dict], part: int, parts: int = 2) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(inputs, results, games) of the games whose group is `part` modulo `parts` (training: 0 of
    2, held-out: 1 of 2; within the training games 0 and 2 of 4 for choosing the method), a game
    told by its seed and number."""
    rows = [(inputs, record["values"][seat], (record["seed"], record["number"])) for record in records
            if record["group"] % parts == part for seat, inputs in record["decisions"]]
    if not rows:
        return np.zeros((0, 1)), np.zeros(0), np.zeros(0, dtype=np.int64)
    inputs, results, games = zip(*rows)
    numbers = {game: index for index, game in enumerate(dict.fromkeys(games))}
    return np.array(inputs, dtype=np.float64), np.array(results, dtype=np.float64), np.array([numbers[g] for g in games])


def fit(method: str, inputs: np.ndarray, results: np.ndarray) -> tuple[tuple[str, ...], tuple, tuple]:
    """(map inputs, weights, knots) of `method` fitted on (inputs, results): "platt" of the
    value's log-odds, "isotonic" of the value, "platt-margin" of margin and round (the full Oros game)."""
    if method == "platt-margin":
        return ("margin", "round"), platt_weights(inputs, results), ()
    if method == "platt":
        return ("log_odds",), platt_weights(np.vectorize(log_odds)(inputs), results), ()
    return ("value",), (), isotonic_knots(inputs[:, 0], results)


def predict(method: str, weights, knots, inputs: np.ndarray) -> np.ndarray:
    """The fitted map's chances of `inputs` (rows as `fit` took them)."""
    if method == "isotonic":
        xs, ys = zip(*knots)
        return np.interp(inputs[:, 0], xs, ys)
    return logistic(weights, inputs if method == "platt-margin" else np.vectorize(log_odds)(inputs))


def chosen_method(records: list[dict]) -> tuple[str, dict]:
    """The map of the value that predicts better across the two halves of the training games
    (groups 0 and 2 modulo 4, each fitted on one half and scored on the other by the Brier score,
    the mean squared error of the chance): isotonic or Platt; with both scores."""
    halves = [positions(records, part, 4) for part in (0, 2)]
    scores = {}
    for method in ("isotonic", "platt"):
        error = 0.0
        for (fit_x, fit_y, _), (score_x, score_y, _) in (halves, halves[::-1]):
            _, weights, knots = fit(method, fit_x, fit_y)
            error += float(((predict(method, weights, knots, score_x) - score_y) ** 2).sum())
        scores[method] = round(error / sum(len(y) for _, y, _ in halves), 5)
    return min(scores, key=scores.get), scores


def table(title: str, bins) -> list[str]:
    """A check's bins as a markdown table."""
    lines = [f"{title}", "", "| bin | n (games) | predicted | observed (95%) | within 5 points |", "|---|---|---|---|---|"]
    for b in bins:
        verdict = {None: f"(n < {LEAST_IN_BIN})", True: "yes", False: "**no**"}[b["passes"]]
        lines.append(f"| {100 * b['low']:.0f}-{100 * b['high']:.0f}% | {b['n']} ({b['games']}) | {100 * b['predicted']:.1f}% | "
                     f"{100 * b['observed']:.1f}% ({100 * b['observed_low']:.1f}-{100 * b['observed_high']:.1f}) | {verdict} |")
    return lines


def run(args) -> None:
    """Play (or reuse), fit, check and print; ship the map with --write."""
    game = get_game(args.game)
    start, _ = load_position(game, args.position)
    if args.reuse:
        records = [json.loads(line) for path in args.data for line in open(path, encoding="utf-8")]
    else:
        records = collect(game, start, args)
    train_x, train_y, _ = positions(records, 0)
    test_x, test_y, test_games = positions(records, 1)
    if not len(train_y) or not len(test_y):
        raise SystemExit("too few games: no training or no held-out positions (play at least two groups)")
    raw = None if game.name in SCRIPTED_GAMES else test_x[:, 0]  # oros: the line's own win share is 0 nearly always
    briers = None
    if game.name in SCRIPTED_GAMES:
        method = "platt-margin"
    elif args.method == "best":
        method, briers = chosen_method(records)
    else:
        method = args.method
    inputs, weights, knots = fit(method, train_x, train_y)
    predicted = predict(method, weights, knots, test_x)
    method = method.split("-")[0]
    check = check_bins(predicted, test_y, test_games)
    fitted = {"command": " ".join(["python bench/calibration.py", *sys.argv[1:]]),
              "engine": f"mcts:sims={args.sims}", "player": "heuristic" if game.name in SCRIPTED_GAMES else "the same",
              "position": game.format_position(start), "games": len(records), "seeds": sorted({r["seed"] for r in records}),
              "training_positions": len(train_y), "held_out_positions": len(test_y), "brier_scores": briers}
    fitted_map = CalibrationMap(game.name, method, inputs, game.player_count(start), knots, weights, fitted, check)
    print(f"{game.name}: {len(records)} games, {len(train_y)} training and {len(test_y)} held-out positions; "
          + (f"Brier scores across the training halves {briers}; " if briers else "")
          +
          f"map {method} on {', '.join(inputs)}" + (f": weights {', '.join(f'{w:.4g}' for w in weights)}" if weights else
                                                   f": {len(knots)} knots"))
    if raw is not None:
        print("\n".join(table("\nHeld-out, raw MCTS value:", check_bins(np.clip(raw, 0, 1), test_y, test_games))))
    print("\n".join(table("\nHeld-out, calibrated chance:", check)))
    if args.write:
        path = map_path(game.name)
        path.parent.mkdir(exist_ok=True)
        path.write_text(map_text(fitted_map), encoding="utf-8")
        print(f"wrote {path}")


def map_text(fitted_map: CalibrationMap) -> str:
    """The map's file: one key a line, a list's items (knots, bins) one a line."""
    def value(v):
        if isinstance(v, list) and v:
            return "[\n  " + ",\n  ".join(json.dumps(item) for item in v) + "\n ]"
        return json.dumps(v)
    return "{\n" + ",\n".join(f" {json.dumps(k)}: {value(v)}" for k, v in fitted_map.as_json().items()) + "\n}\n"


def plot(args) -> None:
    """Every shipped map's held-out check: observed result (95% interval) against predicted chance."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games = [name for name in ("penguins", "island", "meerkats", "hop", "oros") if load_map(name) is not None]
    figure, axes = plt.subplots(1, len(games), figsize=(3.2 * len(games), 3.4), squeeze=False)
    for axis, name in zip(axes[0], games):
        bins = load_map(name).check
        held = [b for b in bins if b["n"] >= LEAST_IN_BIN]
        axis.plot([0, 1], [0, 1], color="grey", linewidth=0.8)
        axis.fill_between([0, 1], [-0.05, 0.95], [0.05, 1.05], color="grey", alpha=0.15, linewidth=0)
        for group, colour in ((held, "tab:blue"), ([b for b in bins if b["n"] < LEAST_IN_BIN], "tab:orange")):
            axis.errorbar([b["predicted"] for b in group], [b["observed"] for b in group],
                          yerr=[[b["observed"] - b["observed_low"] for b in group],
                                [b["observed_high"] - b["observed"] for b in group]],
                          fmt="o", color=colour, markersize=4, capsize=2)
        axis.set(title=name, xlim=(0, 1), ylim=(0, 1), xlabel="predicted chance")
    axes[0][0].set_ylabel("observed result (95%)")
    figure.suptitle(f"held-out self-play positions, {BINS} bins (orange: fewer than {LEAST_IN_BIN} positions)", fontsize=9)
    figure.tight_layout()
    figure.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")


def main() -> None:
    """Parse the arguments and run the chosen step."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    steps = parser.add_subparsers(dest="step", required=True)
    step = steps.add_parser("run", help="play, fit and check one game")
    step.add_argument("game")
    step.add_argument("--position", default=None)
    step.add_argument("--games", type=int, default=200)
    step.add_argument("--sims", type=int, default=1000)
    step.add_argument("--seed", type=int, default=1)
    step.add_argument("--random-plies", type=int, default=4)
    step.add_argument("--every", type=int, default=4, help="the full Oros game: search every N-th decision")
    step.add_argument("--method", choices=("best", "platt", "isotonic"), default="best",
                      help="the map of the value: Platt scaling of its log-odds, isotonic regression, or "
                           "(best) the one that predicts better across two halves of the training games")
    step.add_argument("--data", nargs="+", default=None,
                      help="positions as JSON lines (default /tmp/calibration-GAME.jsonl); --reuse: one file or more")
    step.add_argument("--reuse", action="store_true", help="fit from --data without playing")
    step.add_argument("--write", action="store_true", help="ship the map in solver/games/<game>/data/")
    step = steps.add_parser("plot", help="draw the shipped maps' held-out checks")
    step.add_argument("out")
    args = parser.parse_args()
    if args.step == "run":
        args.data = args.data or [f"/tmp/calibration-{args.game}.jsonl"]
        run(args)
    else:
        plot(args)


if __name__ == "__main__":
    main()
