"""Full Oros game strength: an MCTS human seat against the AI decks, with a uniformly random seat as the baseline.

Each game starts from `setup(players, deck, seed + game)` (the AI decks filling to 3 seats). The
engine under test plays every human seat; the AI seats play by the rules, each card draw sampled
from the kernel's chance_outcomes probabilities by a generator seeded from (seed, game), so the
k-th draw of game g uses the same random number for every engine ("duplicate" draws). Engines:

    mcts     MCTS (solver/engines/mcts/mcts_search.py) with --sims simulations a decision, one thread, seeded from
             (seed, game, ply), its other settings from --mcts (as `caldera` takes them after
             `mcts:`; the engine's defaults otherwise: PUCT with the scripted player's priors and
             playouts); a decision with one legal ply is played without a search
    policy   the kernel's playout policy alone (playout_move: what MCTS plays out with)
    heuristic  the scripted player (kernels/oros/oros_heuristic.py heuristic_move, the heuristic engine)
    random   a uniformly random legal ply (the baseline)

A game's score is the human seats' share of the win (terminal_values: 1 for a sole win, 1/k of a
win shared by k seats). The summary gives the mean score over the games with its 95% Wilson score
interval (E. B. Wilson, "Probable inference, the law of succession, and statistical inference",
Journal of the American Statistical Association 22 (1927) 209-212; the binomial interval that
stays inside 0..1 and is not empty after 0 or N wins, unlike the normal approximation), against
the fair share players / seats.

    python bench/oros_strength.py --deck friendly --games 200 --sims 10000 --seed 1
    python bench/oros_strength.py --deck aggressive --games 20 --sims 200 --engines mcts random
    python bench/oros_strength.py --deck friendly --games 20 --sims 100 --engines mcts --mcts prior=0,playout=policy
    python bench/oros_strength.py --rate 20000     # MCTS sims/s on setup(2, deck, 0), both playouts

`--rate SIMS` instead measures MCTS simulations per second from the 2-player start (seed 0) with
oros.oros_game_uniform (uniform playouts, the win alone backed up), with this kernel under UCT and
its light playout policy (the engine before issue 30's search), and with the engine's defaults
(PUCT with the scripted player's priors and playouts: SIMS / 20 simulations, about as many
seconds), one after the other in the same run, each after a warm-up; wall and CPU seconds. Figures: docs/strength.md
(matches) and docs/PERFORMANCE.md (rate).
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import numpy as np

from kernels.oros import oros_heuristic as heuristic
from kernels.rng import new_rng, random_below
from solver.commands.match import mix_seed
from kernels import Kernel
from solver.engines.mcts.mcts_search import mcts_analysis, search_settings
from solver.engines.registry import EngineSpec, run_engine
from solver.games.oros import oros_game_binding as binding
from kernels.oros.oros_game_data import PERSONALITIES
from solver.games.oros.oros_full_state import setup

UNIFORM = "oros.oros_game_uniform"
CARD_TAG, SEARCH_TAG = 0xCA4D, 0x5EA4  # mixed into the seeds of the card draws and of the searches
MEMORY_MB = 64  # per search: a full tree keeps simulating without growing


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion `score` observed over `n` trials (z = 1.96: 95%)."""
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(centre - half, 0.0), min(centre + half, 1.0)


class Engine:
    """One way of choosing a human seat's ply: mcts, policy, heuristic or random."""

    def __init__(self, name: str, sims: int, settings: str = ""):
        self.name, self.sims, self.settings = name, sims, settings
        self.kernel = binding.kernel()
        self.moves = np.empty(self.kernel.MAX_MOVES, dtype=np.int64)

    def label(self) -> str:
        """The engine as the report names it."""
        if self.name != "mcts":
            return self.name
        return f"mcts:sims={self.sims}" + (f",{self.settings}" if self.settings else "")

    def choose(self, words: np.ndarray, seed: int) -> int:
        """The engine's ply in the decision `words`, seeded by `seed`."""
        n = self.kernel.legal_moves(words, self.moves)
        if n == 1:
            return int(self.moves[0])
        if self.name == "mcts":
            spec = EngineSpec.parse(f"{self.label()},memory={MEMORY_MB},seed={seed}")
            return int(run_engine(spec, Kernel(str(binding.KERNEL)), words).lines[0].move)
        rng = new_rng(seed)
        if self.name == "policy":
            return int(self.kernel.playout_move(words, self.moves, n, rng))
        if self.name == "heuristic":
            return int(heuristic.heuristic_move(words, self.moves, n, rng))
        return int(self.moves[random_below(rng, n)])


def play_game(engine: Engine, players: int, deck: str, seed: int, game: int) -> dict:
    """One game; its score, plies, decisions of the human seats, the seconds they took and the
    slowest one's (not counting the first decision of a match's first game, which loads the
    engine's compiled code)."""
    k = engine.kernel
    words = binding.to_kernel(setup(players, deck, seed + game))
    out = np.empty_like(words)
    outcomes = np.empty(k.MAX_MOVES, dtype=np.int64)
    probabilities = np.empty(k.MAX_MOVES, dtype=np.float64)
    cards = np.random.default_rng(mix_seed(seed, CARD_TAG, game))
    plies = decisions = 0
    thinking = slowest = processor = 0.0
    while not k.is_over(words):
        if k.is_chance(words):
            n = k.chance_outcomes(words, outcomes, probabilities)
            move = outcomes[cards.choice(n, p=probabilities[:n])]
        else:
            started, cpu = time.perf_counter(), time.process_time()
            move = engine.choose(words, mix_seed(seed, SEARCH_TAG, game, plies))
            took = time.perf_counter() - started
            processor += time.process_time() - cpu
            thinking += took
            if game > 0 or decisions > 0:
                slowest = max(slowest, took)
            decisions += 1
        k.apply(words, np.int64(move), out)
        words, out = out, words
        plies += 1
    values = np.zeros(k.SEATS, dtype=np.float64)
    k.terminal_values(words, values)
    knowledge = [int(k.knowledge(words, who)) for who in range(int(words[binding.layout.SEATS_IN_PLAY]))]
    return {"score": float(values[:players].sum()), "plies": plies, "decisions": decisions, "seconds": thinking, "cpu": processor,
            "slowest": slowest, "knowledge": knowledge}


def run_match(engine: Engine, players: int, deck: str, games: int, seed: int) -> None:
    """Play `games` games, printing each on stderr and the summary on stdout."""
    seats = max(players, 3)
    records = []
    started = time.perf_counter()
    for game in range(games):
        record = play_game(engine, players, deck, seed, game)
        records.append(record)
        total = sum(r["score"] for r in records)
        print(f"{deck} {engine.label()} game {game + 1}/{games}: score {record['score']:.2f}, knowledge "
              f"{'/'.join(map(str, record['knowledge']))}, {record['plies']} plies, {record['decisions']} decisions, "
              f"{record['seconds']:.1f} s; total {total:.1f}", file=sys.stderr, flush=True)
    score = sum(r["score"] for r in records) / games
    low, high = wilson(score, games)
    fair = players / seats
    decisions = sum(r["decisions"] for r in records)
    seconds = sum(r["seconds"] for r in records)
    cpu = sum(r["cpu"] for r in records)
    human = np.mean([r["knowledge"][:players] for r in records])
    ai = np.mean([r["knowledge"][players:] for r in records])
    verdict = "above" if low > fair else "below" if high < fair else "within the interval of"
    print(f"{deck:10} {engine.label():16} {games} games, seed {seed}: score {score:.1%} (95% {low:.1%} to {high:.1%}), "
          f"{verdict} the fair share {fair:.1%}; knowledge human {human:.1f}, AI {ai:.1f}; "
          f"{sum(r['plies'] for r in records) / games:.1f} plies and {decisions / games:.1f} decisions a game, "
          f"{seconds / max(decisions, 1) * 1000:.1f} ms a decision ({cpu / max(decisions, 1) * 1000:.1f} ms of CPU; slowest {max(r['slowest'] for r in records) * 1000:.1f}); "
          f"{time.perf_counter() - started:.0f} s",
          flush=True)


def rate(sims: int, decks: list[str]) -> None:
    """Print MCTS sims/s from setup(2, deck, 0): uniform playouts, UCT with the light policy, and
    the engine's defaults (PUCT, scripted playouts) on a twentieth of the simulations."""
    runs = ((UNIFORM, "uniform", {}, sims), (binding.KERNEL, "uct policy", {}, sims),
            (binding.KERNEL, "puct heuristic", search_settings({}, Kernel(binding.KERNEL)), max(sims // 20, 1)))
    for deck in decks:
        root = binding.to_kernel(setup(2, deck, 0))
        for name, label, settings, count in runs:
            kernel = Kernel(str(name))
            mcts_analysis(kernel, root, 20, None, **settings)  # load (or compile) first
            cpu = time.process_time()
            analysis = mcts_analysis(kernel, root, count, None, **settings)
            cpu = time.process_time() - cpu
            print(f"{deck:10} {str(name):24} {label:15} {count} sims in {analysis.seconds:.2f} s ({cpu:.2f} s CPU): "
                  f"{analysis.nodes / analysis.seconds:,.0f} sims/s ({analysis.nodes / cpu:,.0f} a CPU second)", flush=True)


def main() -> None:
    """Run the matches (or the rate) the options ask for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deck", nargs="+", default=list(PERSONALITIES), choices=PERSONALITIES)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--sims", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=1, choices=[1, 2])
    parser.add_argument("--engines", nargs="+", default=["mcts", "policy", "random"], choices=["mcts", "policy", "heuristic", "random"])
    parser.add_argument("--mcts", default="", metavar="SETTINGS",
                        help="MCTS's other settings, as after `mcts:` (e.g. prior=0,playout=policy: UCT, light playouts)")
    parser.add_argument("--rate", type=int, metavar="SIMS", help="measure MCTS sims/s instead of playing")
    args = parser.parse_args()
    if args.rate:
        rate(args.rate, args.deck)
        return
    for deck in args.deck:
        for name in args.engines:
            run_match(Engine(name, args.sims, args.mcts), args.players, deck, args.games, args.seed)


if __name__ == "__main__":
    main()
