"""Every engine of the registry (solver/engines/registry.py), on every game whose record lists it:
each record is complete, and each engine plays a position of each game that lists it, with a small
budget, answering with a legal move (the planner: a plan or its proof that none exists)."""

import pytest

from solver.api import checked_spec, plan, search
from solver.engines.engine_record import EngineRecord
from solver.engines.planner.planner_search import FOUND, NO_PLAN
from solver.engines.registry import ENGINE_RECORDS, ENGINES, EngineError, EngineSpec, check_engine
from solver.games.registry import games
from solver.errors import CalderaError
from solver.limits import RANGES

# The smallest work of each kind of limit an engine declares; memory: the least, so that a
# position too big for the exact solver is turned down at once.
SMALL = {"sims": 64, "depth": 1, "nodes": 2_000, "seed": 1, "memory": 64}


def test_engine_names_are_the_registry_keys():
    """Each record is declared under its own name, and ENGINES lists them all."""
    assert ENGINES == tuple(ENGINE_RECORDS)
    assert all(isinstance(record, EngineRecord) and record.name == name for name, record in ENGINE_RECORDS.items())


@pytest.mark.parametrize("name", ENGINES)
def test_every_setting_is_declared_in_full(name):
    """Each setting has a type, a line of help, and a default of its type (or none); a number has its
    range (solver/limits.py RANGES), and a default inside it."""
    record = ENGINE_RECORDS[name]
    assert record.plays and (record.run is None) == record.goals
    for key, setting in record.settings.items():
        assert setting.help, (name, key)
        assert setting.default is None or isinstance(setting.default, setting.kind), (name, key)
        if setting.kind in (int, float):
            assert setting.range is RANGES[key], (name, key)
            if setting.default is not None:
                assert setting.range.check(key, setting.default) == setting.default, (name, key)


def test_every_engine_is_listed_by_some_game():
    """No engine is registered that no game plays."""
    assert {engine for record in games() for engine in record.engines} == set(ENGINES)


def small_spec(name: str) -> EngineSpec:
    """Engine `name` with the least work its settings allow."""
    settings = {key: value for key, value in SMALL.items() if key in ENGINE_RECORDS[name].settings}
    if "sims" in settings or "depth" in settings:
        settings.pop("nodes", None)
    return EngineSpec.build(name, settings)


def fitting_engines(record, state) -> set[str]:
    """The engines of the record that play `state` (its kind of position and its number of seats)."""
    fitting = set()
    for engine in record.engines:
        try:
            check_engine(record, engine, state)
        except EngineError:
            continue
        fitting.add(engine)
    return fitting


def candidates(record):
    """The game's warm-up positions, then its built-in ones."""
    return [*record.warmup_positions(), *map(record.resolve_position, record.builtin_positions())]


def plays(record, engine: str, state) -> bool:
    """Whether `engine`, with the least work, answers `state` with one of its moves (planning: a plan
    or none); False where its memory cap turns the position down (the exact solver on a big one)."""
    spec = checked_spec(record, small_spec(engine), state)
    if ENGINE_RECORDS[engine].goals:
        start, goal, budget = record.goals.warmup()
        return plan(record, spec, start, goal, budget).outcome in (FOUND, NO_PLAN)
    try:
        analysis = search(record, spec, state, notice=lambda message: None)
    except CalderaError as error:
        if "memory" not in spec.settings or "MB" not in str(error):
            raise
        return False
    legal = set(record.legal_moves(state)) | {move for move, _ in record.chance_outcomes(state)}
    assert analysis.best is not None and analysis.best.move in legal, (engine, analysis)
    return True


def test_every_engine_plays_every_game_it_claims(record):
    """Each engine the game's record lists plays the first of the game's warm-up and built-in
    positions that it fits (and that fits its memory), answering with one of that position's moves."""
    for engine in record.engines:
        fitting = (state for state in candidates(record) if engine in fitting_engines(record, state))
        assert any(plays(record, engine, state) for state in fitting), engine
