"""--cluster (solver/commands/cluster.py): a real dask.distributed LocalCluster of 2 workers plays a
seeded match and analyses a batch of positions with exactly the local results."""

import json
import random
import socketserver
import subprocess
import sys
import threading

import pytest

from solver.commands.cluster import analyze_batch, cluster_client, cluster_match
from solver.commands.match import play_match
from solver.commands.warmup import NOTICE
from solver.engines.registry import EngineSpec
from solver.games.registry import game
from tests.cli.live_caldera import ROOT
from tests.cli_cases import one_line_error

PENGUINS = game("penguins")


@pytest.fixture(scope="module")
def client():
    """Two local worker processes, shared by the tests of this file (starting them takes seconds)."""
    with cluster_client("local:2") as started:
        yield started


def test_seeded_match_on_the_cluster_is_the_local_match(client):
    """20 games of greedy against random (seeded) from pond: the same moves and results. (The
    same engine, alpha-beta, as the batch below: the workers load one search for both tests.)"""
    start = PENGUINS.resolve_position("pond")
    specs = EngineSpec.parse("greedy"), EngineSpec.parse("random:seed=2")
    local = play_match(PENGUINS, start, *specs, games=20, seed=3)
    remote = cluster_match(client, chunk=3)(PENGUINS, start, *specs, games=20, seed=3)
    assert len(remote.records) == 20 and not remote.interrupted
    assert [(r.moves, r.values, r.a_side) for r in remote.records] == [(r.moves, r.values, r.a_side) for r in local.records]
    assert remote.tallies[0].moves == local.tallies[0].moves


def batch_positions(count: int) -> list:
    """`count` positions met along random games from pond (the reference rules, seed 11)."""
    rng, positions = random.Random(11), []
    while len(positions) < count:
        state = PENGUINS.resolve_position("pond")
        while not PENGUINS.is_over(state) and len(positions) < count:
            positions.append(state)
            state = PENGUINS.successor(state, rng.choice(PENGUINS.legal_moves(state)))
    return positions


def without_times(line: str) -> dict:
    """A JSON line of analyze without its clock readings (they differ from run to run)."""
    data = json.loads(line)
    del data["seconds"], data["nps"]
    return data


def test_batch_analysis_on_the_cluster_is_the_local_one(client):
    """50 positions with alphabeta:depth=2: the same JSON lines, in the same order, bar the times."""
    positions = batch_positions(50)
    spec = EngineSpec.parse("alphabeta:depth=2")
    done = []
    remote = list(analyze_batch(PENGUINS, spec, positions, client, chunk=7, on_done=done.append))
    local = list(analyze_batch(PENGUINS, spec, positions))
    assert len(remote) == 50 and sum(done) == 50
    assert [without_times(line) for line in remote] == [without_times(line) for line in local]
    assert [json.loads(line)["position"] for line in remote] == [PENGUINS.format_position(p) for p in positions]


@pytest.mark.parametrize("args", [["match", "penguins", "random", "random", "--cluster", "local:x"],
                                  ["analyze", "penguins", "--cluster", "local:2"]])
def test_bad_cluster_use_is_one_line(args):
    """A malformed local:N, or --cluster on analyze without --batch, is refused in one line."""
    assert "--cluster" in one_line_error(*args)


def test_sprt_on_the_cluster_stops_where_the_local_one_does(client):
    """An SPRT (greedy against random from pond, elo0=0, elo1=200) decides after the same pairs
    on the cluster as locally, though the cluster had more chunks in flight when it decided."""
    from solver.commands.sprt import Sprt, play_sprt

    start = PENGUINS.resolve_position("pond")
    specs = EngineSpec.parse("greedy"), EngineSpec.parse("random:seed=4")
    local, local_test = play_sprt(PENGUINS, start, *specs, Sprt(0, 200), 200, seed=9)
    remote, remote_test = play_sprt(PENGUINS, start, *specs, Sprt(0, 200), 200, seed=9,
                                    play=cluster_match(client))
    assert local_test.verdict == remote_test.verdict == "H1"
    assert [r.moves for r in remote.records] == [r.moves for r in local.records]
    assert len(local.records) < 200 and not remote.interrupted


def test_balance_on_the_cluster_gives_the_local_figures(client):
    """`caldera balance --cluster`: 4 seeded MCTS games from pond, the engines' per-seat values (the
    lead metrics read them) told back from the workers in game order: the same figures as locally."""
    from solver.commands.balance import balance_position

    start = PENGUINS.resolve_position("pond")
    spec = EngineSpec.parse("mcts:sims=40,seed=5")
    local = balance_position(PENGUINS, start, "pond", spec, spec, 4, 2, 9)
    remote = balance_position(PENGUINS, start, "pond", spec, spec, 4, 2, 9, play=cluster_match(client, chunk=2))
    assert len(remote.traces) == 4 and all(trace.evaluations for trace in remote.traces)
    assert remote.as_json() == local.as_json()


class _NotAScheduler(socketserver.ThreadingTCPServer):
    """A server on 127.0.0.1 (a free port) that is no Dask scheduler: `answer` maps what it reads
    (b"" before reading) to what it writes back; None stays silent until the client leaves."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, answer):
        class Handler(socketserver.BaseRequestHandler):
            def handle(self):
                self.request.settimeout(30)  # bounded: the server never outlives a stuck client for long
                try:
                    reply = answer(b"")
                    while reply is None:
                        read = self.request.recv(4096)
                        if not read:
                            return
                        reply = answer(read)
                    self.request.sendall(reply)
                except OSError:
                    pass

        super().__init__(("127.0.0.1", 0), Handler)

    def __enter__(self):
        threading.Thread(target=self.serve_forever, daemon=True).start()
        return f"tcp://127.0.0.1:{self.server_address[1]}"

    def __exit__(self, *exc):
        self.shutdown()
        self.server_close()


NOT_SCHEDULERS = {
    # an HTTP server answers 400 to whatever it cannot read, and says nothing before it is asked
    "http": (lambda read: None if not read else b"HTTP/1.0 400 Bad Request\r\nContent-Length: 0\r\n\r\n",
             "said nothing in"),
    "silent": (lambda read: None, "said nothing in"),
    "ssh": (lambda read: b"SSH-2.0-OpenSSH_9.6\r\n", "began with 'SSH-2.0-OpenSSH_9.6\\\\r\\\\n'"),
}


@pytest.mark.parametrize("kind", NOT_SCHEDULERS)
def test_an_address_where_no_scheduler_answers_is_one_line(kind):
    """Before: an HTTP server (or any that speaks first, like ssh) gave 'internal error: MemoryError:
    Unable to allocate 3.07 EiB' (its words read as a frame length); a silent one hung."""
    answer, said = NOT_SCHEDULERS[kind]
    with _NotAScheduler(answer) as address:
        done = subprocess.run([sys.executable, "-m", "cli", "match", "penguins", "random", "random", "--games", "2",
                               "--cluster", address], cwd=ROOT, capture_output=True, text=True, timeout=120)
    said_lines = [line for line in done.stderr.splitlines() if line != NOTICE]  # a first run compiles the kernels
    assert (done.returncode, done.stdout, len(said_lines)) == (2, "", 1), done
    assert said_lines[0].startswith(f"caldera: error: --cluster {address}: "), said_lines
    assert said in said_lines[0] and "not a Dask scheduler" in said_lines[0], said_lines


def test_a_real_scheduler_passes_the_probe(client):
    """The probe that refuses those servers lets a real scheduler's address through."""
    from solver.commands.cluster import check_is_scheduler

    check_is_scheduler(client.scheduler.address)


def test_a_local_cluster_match_ends_without_a_traceback():
    """Before: a match on local:2 that succeeded sometimes ended with a CommClosedError traceback from
    the workers' shutdown on stderr (intermittent: three matches, each must be clean)."""
    for _ in range(3):
        done = subprocess.run([sys.executable, "-m", "cli", "match", "penguins", "greedy", "random", "--games", "4",
                               "--cluster", "local:2"], cwd=ROOT, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0 and "4-0-0" in done.stdout, done
        assert "Traceback" not in done.stderr and "Error" not in done.stderr, done.stderr
