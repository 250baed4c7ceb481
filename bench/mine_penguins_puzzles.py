"""Mine the built-in penguins puzzles from seeded self-play and write
solver/games/penguins/data/penguins_puzzles.json.

Games are played by alpha-beta at depth 2 against itself from a few boards per set (plain: no
terrain tiles; tiles: storms and holes, freezing and radiation), after a random opening of
OPENING_PLIES plies seeded by the game's number, so the same command writes the same file.
Every position of a game's last LAST_PLIES plies with A to move in the play phase and at least
MIN_MOVES legal moves goes to the exact solver (`analyze --solve`: alpha-beta proving forced
results) for two lines: a puzzle is a position whose shortest forced win for A is N plies (N =
1, 3, 5 or 7) while the best other first move does not win within N plies, proven within
MAX_PROOF_NODES nodes (small enough for the test that proves every puzzle again to stay inside
the CI budget). A game gives at most one puzzle per N; mining stops once every set has
`--per-group` puzzles of every N. Then the deep groups (DEEP_PLIES: wins in 9 on tile boards),
from their own games (game k on the set's board k modulo the boards): a position whose shortest
forced win is exactly N, the best other first move no win within N, proven within
DEEP_PROOF_NODES nodes; the positions of the first groups are not taken again.

    python bench/mine_penguins_puzzles.py                  # every group anew (8 per set and N: 72)
    python bench/mine_penguins_puzzles.py --deep-only      # the shipped file: its N <= 7 kept, N = 9 mined
    python bench/mine_penguins_puzzles.py --per-group 2 --out /tmp/few.json

The boards avoid the penguin nest, rivers and mutant seaweed (rules whose move lists are still
changing: effect orders, orbits, storm throws onto seaweed), so a puzzle keeps its meaning.
tests/penguins/test_penguins_puzzles.py proves every puzzle again, move by move.
"""

from __future__ import annotations

import argparse
import json
from itertools import count

from rich.console import Console
from rich.progress import Progress

from solver.commands.match import play_game, random_opening
from solver.engines.alphabeta.alphabeta_search import alphabeta_analysis
from solver.engines.registry import EngineSpec
from solver.games.penguins.penguins_puzzles import DATA_FILE, DEEP_PLIES, PLIES, SETS, set_plies
from solver.games.registry import game

PENGUINS = game("penguins")
BOARDS = {
    "plain": ("6x6 6/6/6/6/6/6 - A setup 16/16 3+1/3+1 0",
              "6x6 6/6/2I3/3I2/6/6 - A setup 16/16 3+1/3+1 0",  # pond
              "5x5 5/5/5/5/5 - A setup 12/12 3+1/3+1 0 eggs=12"),
    "tiles": ("6x6 6/1I4/6/6/4I1/6 ha1,sf2,sc5,hf6 A setup 16/16 3+1/3+1 0",  # gullrock's storms, holes, no seagull
              "6x6 6/6/3I2/6/6/6 fb2,xe5 A setup 16/16 3+1/3+1 0",  # frostbite
              "5x5 5/1I3/5/3I1/5 ha1,sc2,fd2,xb4,he5 A setup 12/12 3+1/3+1 0 eggs=12"),
}
SELF_PLAY = EngineSpec("alphabeta", {"depth": 2})
OPENING_PLIES = 4  # the two rival eggs and one move each
LAST_PLIES = 16  # positions searched per game, its last ones: a short forced win comes near the end
HASH_MB = 8
# A proof may take at most this many nodes (the two-line search): tests/penguins/test_penguins_puzzles.py
# proves every puzzle again, first move by first move, within the CI budget.
MAX_PROOF_NODES = 50_000
# The same for a deep puzzle (N = 9), whose proof is also a performance check: every one proven by
# `caldera analyze --solve` within 10 s (docs/PERFORMANCE.md).
DEEP_PROOF_NODES = 400_000
MIN_MOVES = 4  # a puzzle is a choice: at least this many legal first moves


def forced_win(state, plies: tuple[int, ...] = PLIES, max_nodes: int = MAX_PROOF_NODES
               ) -> tuple[int, tuple[int, ...]] | None:
    """(N, the winning line) when A, to move in `state`, wins in N plies (one of `plies`, and no
    sooner) by one first move only, proven within `max_nodes` nodes; else None. The solver's second
    line (the best other first move, searched to the same depth) must be no forced win."""
    words = PENGUINS.to_kernel(state)
    analysis = alphabeta_analysis(PENGUINS.kernel_name(words), words, depth=max(plies), nodes=max_nodes,
                                  solve=True, multipv=2, hash_mb=HASH_MB)
    best = analysis.best
    if analysis.stopped != "solved" or best.score.kind != "win" or best.score.plies not in plies:
        return None
    if len(analysis.lines) > 1 and analysis.lines[1].score.kind == "win":
        return None
    return best.score.plies, best.pv


def line_text(state, moves: tuple[int, ...]) -> str:
    """The moves of a line from `state`, in move notation."""
    words = []
    for move in moves:
        words.append(PENGUINS.format_move(state, move))
        state = PENGUINS.successor(state, move)
    return " ".join(words)


def game_puzzles(board: str, number: int, plies: tuple[int, ...] = PLIES, max_nodes: int = MAX_PROOF_NODES
                 ) -> dict[int, dict]:
    """The puzzles of self-play game `number` from `board`, by N (one of `plies`, proven within
    `max_nodes` nodes): the first position of the game for each N."""
    start = PENGUINS.resolve_position(board)
    words = PENGUINS.to_kernel(start)
    opening = random_opening(PENGUINS.kernel_name(words), words, OPENING_PLIES, number)
    record = play_game(PENGUINS, words, SELF_PLAY, SELF_PLAY, 0, opening, number)
    found, state = {}, start
    for ply, move in enumerate(record.moves):
        if len(found) == len(plies):
            break  # one puzzle of each N: the later positions could give no other
        if (state.to_move == 0 and state.phase == "play" and ply >= len(record.moves) - LAST_PLIES
                and len(PENGUINS.legal_moves(state)) >= MIN_MOVES):
            win = forced_win(state, plies, max_nodes)
            if win is not None and win[0] not in found:
                n, line = win
                found[n] = {"plies": n, "position": PENGUINS.format_position(state),
                            "solution": PENGUINS.format_move(state, line[0]), "line": line_text(state, line),
                            "source": f"game {number} ply {ply} from {board}"}
        state = PENGUINS.successor(state, move)
    return found


def keep_new(groups: dict[tuple[str, int], list[dict]], set_name: str, found: dict[int, dict], per_group: int,
             seen: set[str]) -> None:
    """Add one game's puzzles (by N) to the set's groups that still lack some, none of the
    positions in `seen` (which it adds to)."""
    for plies, puzzle in found.items():
        group = groups[set_name, plies]
        if len(group) < per_group and puzzle["position"] not in seen:
            seen.add(puzzle["position"])
            group.append(puzzle)


def mine(per_group: int, max_games: int, on_game=None, kept: list[dict] | None = None) -> list[dict]:
    """Puzzles for every set and N, `per_group` each, named SETN-KK (e.g. plain3-02); the deep
    groups after the others, from games of their own (mine_deep). With `kept` (a data file's
    entries) its puzzles of PLIES stay as they are and only the deep groups are mined."""
    groups: dict[tuple[str, int], list[dict]] = {(s, n): [] for s in SETS for n in PLIES}
    seen: set[str] = set()
    for entry in kept or ():
        if entry["plies"] in PLIES:
            groups[entry["set"], entry["plies"]].append({k: v for k, v in entry.items() if k not in ("name", "set")})
            seen.add(entry["position"])
    for number in count():
        missing = [s for s in SETS if any(len(groups[s, n]) < per_group for n in PLIES)]
        if not missing or number >= max_games or kept is not None:
            break
        set_name = missing[number % len(missing)]
        boards = BOARDS[set_name]
        keep_new(groups, set_name, game_puzzles(boards[number // len(missing) % len(boards)], number), per_group, seen)
        if on_game is not None:
            on_game(number, sum(len(g) for g in groups.values()))
    for set_name, deep in DEEP_PLIES.items():
        done = sum(len(g) for g in groups.values())
        found = mine_deep(set_name, deep, per_group, max_games, seen,
                          None if on_game is None else lambda number, count, done=done: on_game(number, done + count))
        groups.update(found)
    return [{"name": f"{s}{n}-{k + 1:02d}", "set": s, **puzzle}
            for s in SETS for n in set_plies(s) for k, puzzle in enumerate(groups[s, n])]


def mine_deep(set_name: str, deep: tuple[int, ...], per_group: int, max_games: int, seen: set[str],
              on_game=None) -> dict[tuple[str, int], list[dict]]:
    """`per_group` puzzles of each N in `deep` on the boards of `set_name`, proven within
    DEEP_PROOF_NODES nodes, from self-play game k on the set's board k modulo the boards; none of
    the positions in `seen` (which it adds to)."""
    groups: dict[tuple[str, int], list[dict]] = {(set_name, n): [] for n in deep}
    boards = BOARDS[set_name]
    for number in range(max_games):
        if all(len(group) >= per_group for group in groups.values()):
            break
        keep_new(groups, set_name, game_puzzles(boards[number % len(boards)], number, deep, DEEP_PROOF_NODES),
                 per_group, seen)
        if on_game is not None:
            on_game(number, sum(len(g) for g in groups.values()))
    return groups


def main() -> None:
    """Mine the puzzles and write the data file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-group", type=int, default=8, help="puzzles per set and N (default 8)")
    parser.add_argument("--max-games", type=int, default=2000, help="self-play games at most (default 2000)")
    parser.add_argument("--out", default=str(DATA_FILE), help="the file to write (default: the shipped one)")
    parser.add_argument("--deep-only", action="store_true",
                        help="keep the N <= 7 puzzles of the file to write and mine only the deep groups (N = 9)")
    args = parser.parse_args()
    kept = None
    if args.deep_only:
        with open(args.out, encoding="utf-8") as data:
            kept = json.load(data)["puzzles"]
    total = args.per_group * sum(len(set_plies(s)) for s in SETS)
    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("mining self-play games", total=total)
        def on_game(number: int, done: int) -> None:
            progress.update(task, completed=done)
            progress.console.print(f"game {number}: {done} of {total} puzzles")

        puzzles = mine(args.per_group, args.max_games, on_game=on_game, kept=kept)
    command = "python bench/mine_penguins_puzzles.py" + (" --deep-only" if args.deep_only else "")
    text = json.dumps({"made_by": command, "puzzles": puzzles}, indent=1)
    with open(args.out, "w", encoding="utf-8") as out:
        out.write(text + "\n")
    print(f"wrote {len(puzzles)} puzzles to {args.out}")


if __name__ == "__main__":
    main()
