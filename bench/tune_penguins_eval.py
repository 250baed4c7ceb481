"""Tune the penguins evaluation weights by self-play (coordinate descent).

Each round tries every weight halved and doubled; a candidate replaces the current weights when
it scores more than --accept against them over --games paired games (alpha-beta at --depth,
openings of --random-plies random plies, colours swapped in each pair).

    python bench/tune_penguins_eval.py --games 40 --depth 2 --rounds 2
    python bench/tune_penguins_eval.py --games 200 --depth 3 --rounds 1 --only hatch_slide,hatch_slides --random-plies 2

--only tries some weights, by name; --start gives the weights to descend from (a weight of 0,
a feature turned off, cannot be moved by halving and doubling).

The result and the run that produced it are recorded in docs/tuning.md; the weights in use are
kernels/penguins/penguins_eval.py EVAL_WEIGHTS.
"""

import argparse

from kernels.penguins.penguins_eval import EVAL_WEIGHTS
from solver.commands.match import play_match
from solver.engines.registry import EngineSpec
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, parse_position
from solver.games.registry import game

NAMES = ("supply", "best_slide", "slides", "penguins", "win_now", "threat", "hatch_slide", "hatch_slides")


def spec(weights, depth):
    """An alpha-beta engine at `depth` with these weights (a small table: many short searches)."""
    return EngineSpec.build("alphabeta", {"depth": depth, "hash": 1, "weights": "/".join(map(str, weights))})


def main():
    """Run the coordinate descent and print every trial."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--accept", type=float, default=0.55)
    parser.add_argument("--position", default="start")
    parser.add_argument("--only", default=",".join(NAMES), help="the weights to try, by name, joined by commas")
    parser.add_argument("--start", default=None, help="weights to start from, joined by '/' (default EVAL_WEIGHTS)")
    args = parser.parse_args()
    start = parse_position(BUILTIN_POSITIONS[args.position])
    current = [int(w) for w in EVAL_WEIGHTS] if args.start is None else [int(w) for w in args.start.split("/")]
    tried = args.only.split(",")
    print(f"start {current}")
    for round_number in range(args.rounds):
        changed = False
        for index, name in enumerate(NAMES):
            if name not in tried:
                continue
            for factor in (0.5, 2.0):
                candidate = list(current)
                candidate[index] = max(1, round(current[index] * factor))
                result = play_match(game("penguins"), start, spec(candidate, args.depth), spec(current, args.depth),
                                    games=args.games, random_plies=args.random_plies, seed=round_number * 100 + index)
                verdict = "accept" if result.score > args.accept else "keep"
                print(f"round {round_number + 1} {name:10} x{factor:<3} {candidate} "
                      f"score {result.score:.3f} ({result.wins}-{result.draws}-{result.losses}) {verdict}", flush=True)
                if verdict == "accept":
                    current, changed = candidate, True
                    break
        if not changed:
            break
    print(f"final {current}")


if __name__ == "__main__":
    main()
