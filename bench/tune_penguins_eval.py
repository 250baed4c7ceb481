"""Tune the penguins evaluation weights by self-play (coordinate descent).

Each round tries every weight halved and doubled; a candidate replaces the current weights when
it scores more than --accept against them over --games paired games (alpha-beta at --depth,
openings of --random-plies random plies, colours swapped in each pair).

    python bench/tune_penguins_eval.py --games 40 --depth 2 --rounds 2
    python bench/tune_penguins_eval.py --games 200 --depth 3 --rounds 1 --only hatch_slide,hatch_slides --random-plies 2
    python bench/tune_penguins_eval.py --position sealbay,gullrock,tunnels --games 96 --depth 2 --rounds 1
    python bench/tune_penguins_eval.py --position sealbay,gullrock,tunnels --games 96 --depth 2 --blind

--position takes one board or several joined by commas (tile scenarios: their positions are
scored by kernels/penguins/penguins_tile_eval.py); the games are split evenly between them.
--only tries some weights, by name; --start gives the weights to descend from (a weight of 0,
a feature turned off, cannot be moved by halving and doubling). --blind tunes nothing: it plays
the --start weights against the same weights on the kernel that scores tile positions as plain
boards (kernels/penguins/penguins_tile_blind.py), which measures the tile evaluation itself.

The result and the run that produced it are recorded in docs/tuning.md; the weights in use are
kernels/penguins/penguins_eval.py EVAL_WEIGHTS.
"""

import argparse

from kernels import Kernel
from kernels.penguins.penguins_eval import EVAL_WEIGHTS
from solver.commands import match
from solver.commands.estimate import mean_interval
from solver.commands.match import elo_from_score, play_match
from solver.engines.registry import EngineSpec
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, parse_position
from solver.games.registry import game

NAMES = ("supply", "best_slide", "slides", "penguins", "win_now", "threat", "hatch_slide", "hatch_slides")
BLIND = Kernel("penguins.penguins_tile_blind")
BLIND_HASH = 2  # the table size (MB) that marks the blind engine's spec: a setting that changes no move


def spec(weights, depth, hash_mb=1):
    """An alpha-beta engine at `depth` with these weights (a small table: many short searches)."""
    return EngineSpec.build("alphabeta", {"depth": depth, "hash": hash_mb, "weights": "/".join(map(str, weights))})


def play_blind(run_engine):
    """`run_engine` with the engine whose table is BLIND_HASH MB searching on the blind kernel
    (the match itself, its rules and its other engine keep the game's kernel)."""
    def run(engine_spec, kernel, root, *args, **kwargs):
        blind = engine_spec.settings.get("hash") == BLIND_HASH and kernel == Kernel("penguins.penguins_kernel")
        return run_engine(engine_spec, BLIND if blind else kernel, root, *args, **kwargs)
    return run


def play(boards, candidate, current, args, seed):
    """(wins, draws, losses) of `candidate` against `current` over --games split between `boards`."""
    wins = draws = losses = 0
    for board in boards:
        result = play_match(game("penguins"), board, candidate, current, games=args.games // len(boards),
                            random_plies=args.random_plies, seed=seed)
        wins, draws, losses = wins + result.wins, draws + result.draws, losses + result.losses
    return wins, draws, losses


def score_text(wins, draws, losses):
    """The score of a W-D-L tally with its 95% interval, its Elo difference and the tally."""
    estimate = mean_interval([1.0] * wins + [0.5] * draws + [0.0] * losses, 0.0, 1.0)
    score = estimate.mean
    elo = f"{elo_from_score(score):+.0f} Elo" if 0 < score < 1 else "no finite Elo"
    return score, f"score {score:.3f} (95% {estimate.low:.3f}-{estimate.high:.3f}, {elo}; {wins}-{draws}-{losses})"


def main():
    """Run the coordinate descent (or the --blind comparison) and print every trial."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--accept", type=float, default=0.55)
    parser.add_argument("--position", default="start", help="a built-in position, or several joined by commas")
    parser.add_argument("--only", default=",".join(NAMES), help="the weights to try, by name, joined by commas")
    parser.add_argument("--start", default=None, help="weights to start from, joined by '/' (default EVAL_WEIGHTS)")
    parser.add_argument("--blind", action="store_true", help="play --start against itself scoring tiles as plain boards")
    args = parser.parse_args()
    boards = [parse_position(BUILTIN_POSITIONS[name]) for name in args.position.split(",")]
    current = [int(w) for w in EVAL_WEIGHTS] if args.start is None else [int(w) for w in args.start.split("/")]
    if args.blind:
        match.run_engine = play_blind(match.run_engine)
        _, text = score_text(*play(boards, spec(current, args.depth), spec(current, args.depth, BLIND_HASH), args, 0))
        print(f"tile evaluation {current} against the blind one: {text}")
        return
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
                score, text = score_text(*play(boards, spec(candidate, args.depth), spec(current, args.depth), args,
                                               round_number * 100 + index))
                verdict = "accept" if score > args.accept else "keep"
                print(f"round {round_number + 1} {name:10} x{factor:<3} {candidate} {text} {verdict}", flush=True)
                if verdict == "accept":
                    current, changed = candidate, True
                    break
        if not changed:
            break
    print(f"final {current}")


if __name__ == "__main__":
    main()
