"""The contract every game's record keeps (solver/games/game_record.py): capabilities that make
sense, engines that fit them, functions that exist, positions that load. Parametrized over the
registry, so a new game is held to it without a test written for it (docs/adding-a-game.md)."""

import importlib

import pytest

from kernels import dispatch, kernel_module
from solver.engines.registry import ENGINE_RECORDS as NEEDS, check_engine, position_engines, suits
from solver.errors import CalderaError
from solver.games import registry
from solver.games.game_record import Goals


def lazy_targets(value):
    """Every (module, name) a record's lazily imported functions point at."""
    if hasattr(value, "target"):
        yield value.target
    elif isinstance(value, Goals):
        for part in vars(value).values():
            yield from lazy_targets(part)


def test_capabilities_are_consistent(record):
    """Names, seats and player counts agree; the record is the module's GAME."""
    low, high = record.players
    assert record.name in registry.GAME_NAMES and record.title
    assert 1 <= low <= high <= len(record.seats) == len(set(record.seats))
    assert not record.single_agent or record.goals is not None  # one side, towards a goal
    assert record.single_agent or record.single_agent_of is None  # positions of both kinds need both
    assert record.single_agent_of is not None or not record.single_agent or high == 1
    assert record.hint_seconds > 0


def test_engines_fit_the_capabilities(record):
    """Every engine the record lists needs what the game is (solver/engines/registry.py NEEDS), the first
    is the default, and the one check accepts it; an engine that does not fit is refused."""
    assert record.engines and record.default_engine == record.engines[0]
    for engine in record.engines:
        assert engine in NEEDS and suits(record, engine), engine
        check_engine(record, engine)
    for engine in set(NEEDS) - set(record.engines):
        with pytest.raises(CalderaError, match=f"engines for {record.name}: "):
            check_engine(record, engine)


def test_every_named_function_exists(record):
    """Each function a record names lazily imports and is callable (a typo fails here, not at a
    user's first command)."""
    targets = [t for field in vars(record).values() for t in lazy_targets(field)]
    assert targets
    for module, name in targets:
        assert callable(getattr(importlib.import_module(module), name)), (module, name)


def test_kernel_defines_every_operation_its_engines_use(record):
    """The kernel of every warm-up position defines the constants and the operations of perft and
    of every engine the record lists (kernels/dispatch.py), and `determinize` where the game has
    hidden information, before any search compiles."""
    for state in record.warmup_positions():
        words = record.to_kernel(state)
        module = kernel_module(record.kernel_name(words))
        assert len(words) == module.STATE_LEN
        for constant in dispatch.CONSTANTS:
            assert hasattr(module, constant), (module.__name__, constant)
        needed = set(dispatch.PERFT_OPERATIONS)
        for engine in position_engines(record, state):
            needed |= set(dispatch.ENGINE_OPERATIONS.get(engine, ()))
        if record.hidden_information:
            needed |= set(dispatch.HIDDEN_INFORMATION_OPERATIONS)
        for operation in sorted(needed):
            assert callable(getattr(module, operation, None)), (module.__name__, operation)
        if "evaluate" in needed:
            assert len(module.EVAL_WEIGHTS) > 0
        assert not module.HAS_CHANCE or record.chance
        assert module.SEATS >= record.player_count(state)


def test_hidden_information_has_views(record):
    """A game with hidden information shows a position as each seat sees it (--as), and says
    whose view a position is; a game without it has neither."""
    assert (record.view_of is not None) == (record.viewer is not None) == record.hidden_information
    if record.hidden_information:
        state = record.resolve_position(None)
        assert record.viewer(state) is None
        for seat in range(record.player_count(state)):
            assert record.viewer(record.view_of(state, seat)) == seat


def test_default_and_builtin_positions_load(record):
    """The default position and every built-in one load, name the seat to move, and have an engine
    that plays them, the position's own default first; a single-agent position has one player."""
    state = record.resolve_position(None)
    assert record.format_position(state) == record.format_position(record.resolve_position(record.default_position))
    assert record.default_position in record.builtin_positions()
    for name in record.builtin_positions():
        state = record.resolve_position(name)
        assert record.seat_name(state) in record.seats or record.seat_label is not None
        assert record.players[0] <= record.player_count(state) <= record.players[1]
        assert not record.is_single_agent(state) or record.player_count(state) == 1
        assert record.engine_for(state) in position_engines(record, state)
        check_engine(record, record.engine_for(state), state)
        assert record.hint_time(state) > 0


def test_optional_parts_are_complete(record):
    """Scenarios are positions; puzzles are positions by name, and in a game with goals carry a
    goal the game's goal functions read."""
    if record.scenarios is not None:
        for name, description, text in record.scenarios():
            assert name in record.builtin_positions() and description
            record.resolve_position(text)
    if record.puzzles is not None:
        for puzzle in record.puzzles():
            state = record.resolve_position(puzzle.name)
            assert record.format_position(state) == record.format_position(record.resolve_position(puzzle.position))
            if record.goals is not None:
                goal, budget = record.goals.of_position(state, puzzle.name, None, None)
                assert budget == puzzle.budget and record.goals.format(goal) == puzzle.goal
    if record.goals is not None:
        state, goal, budget = record.goals.warmup()
        assert budget >= 0 and record.goals.describe(goal)
