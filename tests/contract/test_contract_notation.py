"""Notation, for every game of the registry: built-in positions round-trip, a mutated position
either parses to a canonical text or fails naming a field and a column inside it, and every
legal move's text parses back to the same move (the `record` fixture: tests/contract/conftest.py)."""

import random

from solver.errors import CalderaError, NotationError

MUTATIONS = 80
MOVES_CHECKED = 150
NOISE = "x0 9/-.,:+=*A"


def mutations(text: str, rng: random.Random):
    """Strings one edit away from `text`: a character deleted, replaced, inserted or doubled."""
    for _ in range(MUTATIONS):
        i = rng.randrange(len(text))
        kind = rng.randrange(4)
        if kind == 0:
            yield text[:i] + text[i + 1:]
        elif kind == 1:
            yield text[:i] + rng.choice(NOISE) + text[i + 1:]
        elif kind == 2:
            yield text[:i] + rng.choice(NOISE) + text[i:]
        else:
            yield text[:i] + text[i] + text[i:]


def test_builtin_positions_round_trip(record):
    """format(parse(s)) == s for every built-in position, and its name gives the same position."""
    for name, text in record.builtin_positions().items():
        state = record.resolve_position(text)
        assert record.format_position(state) == text, name
        assert record.format_position(record.resolve_position(name)) == text, name


def test_mutated_positions_round_trip_or_name_a_column(record):
    """A string one edit away from a built-in position either parses (and then its canonical
    text parses to itself) or raises a NotationError whose field and column point into it."""
    rng = random.Random(f"notation-{record.name}")
    parsed = refused = 0
    for text in record.builtin_positions().values():
        for mutated in mutations(text, rng):
            try:
                state = record.resolve_position(mutated)
            except NotationError as error:
                refused += 1
                assert error.field and 1 <= error.column <= len(mutated) + 1, (mutated, str(error))
                assert "\n" not in str(error)
                continue
            parsed += 1
            canonical = record.format_position(state)
            assert record.format_position(record.resolve_position(canonical)) == canonical, mutated
    assert refused > 0


def positions_along_play(record, rng: random.Random, plies: int = 12):
    """Every built-in position and the positions of a short random game from each."""
    for text in record.builtin_positions().values():
        state = record.resolve_position(text)
        for _ in range(plies):
            yield state
            outcomes = record.chance_outcomes(state)
            moves = [m for m, _ in outcomes] if outcomes else record.legal_moves(state)
            if not moves:
                break
            state = record.successor(state, rng.choice(moves))


def test_every_legal_move_round_trips(record):
    """parse_move(format_move(m)) == m for the legal moves (and chance outcomes) along random play;
    a move text that is not legal there is a one-line CalderaError."""
    rng = random.Random(f"moves-{record.name}")
    for state in positions_along_play(record, rng):
        outcomes = record.chance_outcomes(state)
        moves = [m for m, _ in outcomes] if outcomes else record.legal_moves(state)
        for move in rng.sample(moves, min(len(moves), MOVES_CHECKED)):
            assert record.parse_move(state, record.format_move(state, move)) == move
        try:
            record.parse_move(state, "nonsense!")
        except CalderaError as error:
            assert "\n" not in str(error)
        else:
            raise AssertionError("'nonsense!' was accepted as a move")
