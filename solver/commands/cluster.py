"""Matches and batch analysis on a Dask cluster (`--cluster SCHEDULER` or `--cluster local:N`;
docs/cluster.md). Optional extra `cluster` (dask.distributed).

The work is cut into chunks (a few games, a few positions) sent to the workers; each worker
loads the kernels it needs once (the first chunk that needs them compiles or loads them from
numba's cache) and keeps them for every later chunk, since a worker is one long-lived process.
A chunk runs exactly the code of a local run (solver.commands.match.play_numbered, solver.engines.registry's
run_engine), so seeded engines give the same games and the same analyses as locally; only
the times differ. Results are taken in order, so a match's stop (Ctrl-C, or an SPRT that has
decided) falls after the same game as it would locally, and the outstanding chunks are
cancelled then.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Callable, Iterator

from solver.errors import CalderaError, shown

CLUSTER_INSTALL = 'pip install ".[cluster]"'
CHUNKS_PER_WORKER = 2  # chunks in flight per worker: one running, one queued behind it
GREETING_S = 5  # a Dask scheduler greets a new connection at once; silence this long is something else
GREETING_MAX_BYTES = 1 << 20  # a scheduler's greeting (its handshake) is a few hundred bytes

_LOADED: set = set()  # (game, engine, kernel) loaded in this process (a worker keeps its kernels)


@contextmanager
def cluster_client(spec: str | None) -> Iterator:
    """A dask.distributed Client for `spec`: 'local:N' starts a local cluster of N worker
    processes (one thread each) for the duration; anything else is a scheduler address; None
    (no --cluster) gives None, the work then runs in this process."""
    if spec is None:
        yield None
        return
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as error:
        raise CalderaError(f"--cluster needs dask.distributed (import failed: {error}); "
                           f"install it with: {CLUSTER_INSTALL}") from None
    kind, _, count = spec.partition(":")
    if kind == "local":
        if not re.fullmatch(r"[0-9]{1,3}", count) or not 1 <= int(count) <= 256:  # ASCII digits, never thousands
            raise CalderaError(f"--cluster {shown(spec)}: write local:N with N workers from 1 to 256, e.g. local:2")
        with LocalCluster(n_workers=int(count), threads_per_worker=1, processes=True, dashboard_address=None,
                          silence_logs=40) as cluster, Client(cluster) as client:
            try:
                yield client
            finally:
                _quiet_shutdown(client)
        return
    check_is_scheduler(spec)
    try:
        client = Client(spec, timeout="10s")
    except (OSError, TimeoutError, ValueError) as error:
        raise CalderaError(f"--cluster {spec}: cannot reach the scheduler ({error}); give its address, "
                           "e.g. tcp://10.0.0.5:8786, or local:N") from None
    with client:
        yield client


def _silence_dask() -> None:
    """Log nothing more from dask here (its scheduler and client, or a worker) or from the event loop under it."""
    import logging

    for name in ("distributed", "tornado", "asyncio"):
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _quiet_shutdown(client) -> None:
    """Before a local cluster closes, once its work is done: the workers' last heartbeats and sends
    race the close and log CommClosedError tracebacks on stderr (dask/distributed issue 7192),
    which tell the user nothing."""
    try:
        client.run(_silence_dask)
    except Exception:  # a worker already gone has nothing left to say
        pass
    _silence_dask()


def check_is_scheduler(spec: str) -> None:
    """Refuse, in one line, a tcp:// address where no Dask scheduler answers: nothing listening,
    a server that stays silent, or one whose first words are not a scheduler's greeting. Dask's
    client would wait forever on the silent one and read an HTTP answer as a frame length of
    exabytes (a MemoryError); a scheduler speaks first, so a probe that only listens settles it."""
    import socket
    import struct

    scheme, _, location = spec.rpartition("://")
    host, _, port = location.rpartition(":")
    if scheme not in ("", "tcp") or not port.isdigit() or not host:
        return  # another transport (tls://, ws://...) or no port: Dask checks it
    host = host.strip("[]")
    about = f"--cluster {spec}"
    try:
        with socket.create_connection((host, int(port)), timeout=GREETING_S) as probe:
            greeting = b""
            while len(greeting) < 8:
                piece = probe.recv(64)
                if not piece:
                    break
                greeting += piece
    except TimeoutError:
        raise CalderaError(f"{about}: something listens there but said nothing in {GREETING_S} s, where a Dask "
                           "scheduler greets at once: not a Dask scheduler (give its address, e.g. "
                           "tcp://10.0.0.5:8786, or local:N)") from None
    except OSError as error:
        raise CalderaError(f"{about}: cannot reach the scheduler ({error.strerror or error}); give its address, "
                           "e.g. tcp://10.0.0.5:8786, or local:N") from None
    if len(greeting) < 8:
        raise CalderaError(f"{about}: the server there closed the connection without a word: not a Dask scheduler")
    (size,) = struct.unpack("Q", greeting[:8])  # the frame length, as dask/comm/tcp.py reads it
    if not 0 < size <= GREETING_MAX_BYTES:
        said = shown(greeting.decode("ascii", errors="replace"))
        raise CalderaError(f"{about}: the server there began with {said!r}, not a Dask scheduler's greeting "
                           "(give a scheduler's address, e.g. tcp://10.0.0.5:8786, or local:N)")


def workers(client) -> int:
    """The number of workers the scheduler has now (at least 1)."""
    return max(1, len(client.scheduler_info().get("workers", {})))


def ensure_loaded(game, engines: tuple[str, ...], state) -> None:
    """Load (compile or read from cache) what `engines` run on `state`'s kernel, once per process."""
    from solver.commands.warmup import prepare

    kernel = game.kernel(game.to_kernel(state))
    missing = tuple(engine for engine in engines if (game.name, engine, kernel) not in _LOADED)
    if missing:
        prepare(game, missing, state, notice=lambda message: None)
        _LOADED.update((game.name, engine, kernel) for engine in missing)


def in_order(client, function: Callable, chunks: list, *args) -> Iterator:
    """Run function(chunk, *args) on the cluster for each chunk, at most CHUNKS_PER_WORKER per
    worker in flight, yielding each chunk's result in the order of `chunks`. Closing the
    generator (a stop) cancels the chunks still outstanding."""
    from dask.distributed import as_completed

    window = CHUNKS_PER_WORKER * workers(client)
    futures, done, submitted, wanted = {}, {}, 0, 0
    queue = as_completed()

    def submit() -> None:
        nonlocal submitted
        future = client.submit(function, chunks[submitted], *args, pure=False)
        futures[future] = submitted
        queue.add(future)
        submitted += 1

    try:
        while submitted < min(window, len(chunks)):
            submit()
        for future in queue:
            done[futures.pop(future)] = future.result()
            if submitted < len(chunks):
                submit()
            while wanted in done:
                yield done.pop(wanted)
                wanted += 1
    finally:
        client.cancel(list(futures))


# ----------------------------------------------------------------------------------------------
# Matches


def match_chunk(numbers: list[int], game_name: str, start, spec_a, spec_b, random_plies: int, seed: int,
                decisions: bool = False) -> list:
    """On a worker: play the match games `numbers`; [(GameRecord, (tally A, tally B), its engine
    decisions)], each decision (seat, legal moves, analysis) where `decisions` asks for them."""
    from solver.commands.match import EngineTally, play_numbered
    from solver.games.registry import game as game_record

    game = game_record(game_name)
    ensure_loaded(game, ("perft", spec_a.name, spec_b.name), start)
    root = game.to_kernel(start)
    kernel = game.kernel(root)
    players = game.player_count(start)
    played = []
    for number in numbers:
        tallies, made = (EngineTally(), EngineTally()), []
        record = play_numbered(game, root, kernel, spec_a, spec_b, number, random_plies, seed, players, tallies,
                               on_move=(lambda *decision: made.append(decision)) if decisions else None)
        played.append((record, tallies, made))
    return played


def match_player(client) -> Callable:
    """play_match (solver/commands/match.py) without a cluster client, else the cluster's (cluster_match)."""
    if client is None:
        from solver.commands.match import play_match

        return play_match
    return cluster_match(client)


def cluster_match(client, chunk: int | None = None):
    """A function with play_match's arguments (solver/commands/match.py) that plays the games on the
    cluster of `client`, `chunk` games a chunk (default: a whole group of seats, at least 2)."""
    from solver.commands.match import MatchResult, match_players
    from solver.engines.registry import check_engine

    def play(game, start, spec_a, spec_b, games: int = 20, random_plies: int = 2, seed: int = 0,
             on_game=None, should_stop=None, on_move=None) -> MatchResult:
        players = match_players(game, start)
        for spec in (spec_a, spec_b):
            check_engine(game, spec.name, start)
        result = MatchResult(spec_a, spec_b, games, random_plies, seed, game=game.name, seats=game.seats,
                             players=players, score_name=game.score_name)
        size = chunk or players * max(1, 2 // players)
        chunks = [list(range(first, min(first + size, games))) for first in range(0, games, size)]
        results = in_order(client, match_chunk, chunks, game.name, start, spec_a, spec_b, random_plies, seed,
                           on_move is not None)
        try:
            for played in results:
                for record, tallies, decisions in played:
                    if should_stop is not None and should_stop():
                        result.interrupted = True
                        return result
                    result.records.append(record)
                    for total, part in zip(result.tallies, tallies):
                        total.moves += part.moves
                        total.seconds += part.seconds
                        total.nodes += part.nodes
                    for decision in decisions:  # told here, in game order, as a local match tells them
                        on_move(record.number, *decision)
                    if on_game is not None:
                        on_game(record, result)
        except KeyboardInterrupt:
            result.interrupted = True
        finally:
            results.close()
        return result

    return play


# ----------------------------------------------------------------------------------------------
# Batch analysis


def analyze_chunk(positions: list, game_name: str, spec) -> list[str]:
    """On a worker (or locally): the JSON line of each position's analysis, in order."""
    from solver.api import is_chance_listing
    from solver.engines.registry import run_engine
    from solver.games.registry import game as game_record
    from solver.output.analysis_output import analysis_json, chance_json

    game = game_record(game_name)
    lines = []
    for state in positions:
        if is_chance_listing(game, spec, state):
            lines.append(chance_json(state, spec, game))
            continue
        ensure_loaded(game, (spec.name,), state)
        words = game.to_kernel(state)
        analysis = run_engine(spec, game.kernel(words), words, plies_to_end=game.plies_to_end(state))
        lines.append(analysis_json(state, spec, analysis, game))
    return lines


def read_batch(game, spec, lines) -> list:
    """The positions of a batch file, one a line (blank lines and # comments skipped), each checked
    for the engine; the first bad one is refused in one line naming its line number."""
    from solver.api import checked_spec, load_position
    from solver.engines.registry import ENGINE_RECORDS

    if ENGINE_RECORDS[spec.name].goals:
        raise CalderaError("--batch runs searches; the planner solves one puzzle at a time (caldera analyze GAME PUZZLE)")
    positions = []
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            state, _ = load_position(game, text)
            checked_spec(game, spec, state)
        except CalderaError as error:
            raise CalderaError(f"--batch line {number}: {error}") from None
        positions.append(state)
    if not positions:
        raise CalderaError("--batch: no positions (one per line: notation or a built-in name)")
    return positions


def analyze_batch(game, spec, positions: list, client=None, chunk: int = 5,
                  on_done: Callable[[int], None] | None = None) -> Iterator[str]:
    """The JSON line of each position's analysis, in the input order: locally, or on the cluster
    of `client` in chunks of `chunk` positions; on_done(n) after each n positions."""
    chunks = [positions[i:i + chunk] for i in range(0, len(positions), chunk)]
    results = (analyze_chunk(part, game.name, spec) for part in chunks) if client is None else \
        in_order(client, analyze_chunk, chunks, game.name, spec)
    try:
        for lines in results:
            yield from lines
            if on_done is not None:
                on_done(len(lines))
    finally:
        results.close()
