"""Alpha-beta's kept transposition table (solver/engines/alphabeta/alphabeta_search.py KEPT_TABLE):
a finished search gives its table back emptied slot by slot, the next search of that size takes
the same arrays, and a search on a kept table finds exactly what one on a fresh table finds."""

from __future__ import annotations

import numpy as np
import pytest

from solver.engines.alphabeta import alphabeta_search as search
from solver.games.registry import game

PENGUINS = game("penguins")


def words_of(name: str) -> np.ndarray:
    """The kernel array of a built-in penguins position."""
    return PENGUINS.to_kernel(PENGUINS.resolve_position(name))


def analyse(name: str, **options):
    """Alpha-beta on a built-in penguins position: (nodes, depth, each line's moves and score)."""
    words = words_of(name)
    result = search.alphabeta_analysis(PENGUINS.kernel(words), words, **options)
    return result.nodes, result.depth, [(line.pv, line.score) for line in result.lines]


@pytest.fixture
def kept(monkeypatch):
    """A kept table of its own for the test, empty at first."""
    table = search._KeptTable()
    monkeypatch.setattr(search, "KEPT_TABLE", table)
    return table


SEARCHES = [  # a position searched again finds the entries a table left filled would still hold
    ("pond", {"depth": 4}),
    ("pond", {"depth": 4}),
    ("tiles5-01", {"depth": 3}),
    ("tiles5-01", {"solve": True}),  # a tile board, searched by parts
    ("plain5-01", {"solve": True}),
    ("start", {"depth": 3, "multipv": 2}),
    ("tiles7-03", {"solve": True, "parts": False}),
]


@pytest.mark.parametrize("threads", [1, 2])
def test_a_finished_search_gives_its_table_back_empty(kept, threads):
    """The search takes the kept table and gives it back with every slot it filled emptied (a
    16 MB table: room in each thread's log for all it fills, lazy SMP's helper included)."""
    keys, data = kept.take(16)
    kept.give_back(keys, data, [])
    for name, options in SEARCHES:
        analyse(name, hash_mb=16, threads=threads, **options)
        again = kept.take(16)
        assert again[0] is keys and again[1] is data, name
        assert not keys.any() and not data.any(), f"{name}: slots left filled"
        kept.give_back(keys, data, [])


def test_a_search_on_the_kept_table_finds_what_one_on_a_fresh_table_finds(monkeypatch, kept):
    """Nodes, depth, lines and scores of each search after the others are those of the same search
    with a table of its own."""
    after_others = [analyse(name, hash_mb=1, **options) for name, options in SEARCHES]
    alone = []
    for name, options in SEARCHES:
        monkeypatch.setattr(search, "KEPT_TABLE", search._KeptTable())
        alone.append(analyse(name, hash_mb=1, **options))
    assert after_others == alone


def test_a_table_fuller_than_its_log_is_let_go(kept):
    """A search that filled more slots than a thread's log holds (a 1 MB table: 65,536 entries,
    8,192 logged) leaves no table to keep; the next search takes a fresh empty one."""
    keys, data = kept.take(1)
    kept.give_back(keys, data, [])
    nodes, *_ = analyse("pond", hash_mb=1, depth=6)
    assert nodes > 50_000
    fresh = kept.take(1)
    assert fresh[0] is not keys and not fresh[0].any() and not fresh[1].any()
