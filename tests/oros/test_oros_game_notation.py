"""The full Oros game's notation (docs/notation.md, section "Oros full game"): the built-in starts,
round trips of positions and plies over seeded random play, and every error naming its field
and column."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from solver.errors import IllegalMove, NotationError
from kernels.oros.oros_game_data import PERSONALITIES
from solver.games.oros.oros_full_plies import Act
from solver.games.oros.oros_full_rules import chance_outcomes, is_chance, is_over, legal_actions, successor
from solver.games.oros.oros_full_state import setup
from solver.games.oros.oros_game_notation import (
    FIELDS,
    format_action,
    format_position,
    full_game_positions,
    parse_action,
    parse_position,
)
from solver.games.oros.oros_puzzles import builtin_positions
from tests.contract.test_contract_notation import mutations
from tests.notation_cases import assert_docs_examples_run, notation_error

# The 1-player start worked out by hand from data/setup.toml, data/abilities.toml and
# data/ai_friendly.toml: the map as shipped; one player (A) and two friendly AIs (B, C); every hat
# at level 1; A's four followers on volcano, study, travel and sanctuary, each AI's four at home;
# no wisdom, no sanctuary; the demigods on space 0, no red space fired; each AI's draw pile the
# whole 8-card deck, no discard yet; round 1, A starts with 3 actions.
MAP = "7x5 2.31*.4./.14.231/32*.14v1.2/1.23.1*4/.41.32."
GAME1 = (f"{MAP} 1:friendly 11111111/11111111/11111111 ..oooo/......hhhh/......hhhh 0 - 0/0/0 - "
         "12345678:-/12345678:- 1 A A3")
LEVEL1_CELLS = ("d1", "b2", "g2", "d3", "a4", "f4", "c5")  # the level-1 tiles of the map, in index order


def test_the_one_player_start_reads_as_worked_out():
    description, state = full_game_positions()["game1"]
    assert state == setup(1, "friendly", 0)
    assert format_position(state) == GAME1
    assert parse_position(GAME1) == state
    assert description == "1 player against 2 friendly AI opponents, A starts"


def test_the_one_player_start_plays_as_written():
    """The forced first placement, then a drift of row 2 by the follower from study, by hand."""
    state = parse_position(GAME1)
    assert sorted(format_action(state, ply) for ply in legal_actions(state)) == sorted(
        f"forced:{source}>{cell}" for source in ("volcano", "study", "travel", "sanctuary") for cell in LEVEL1_CELLS)
    state = successor(state, parse_action(state, "forced:volcano>d1"))
    after = "...oood1/......hhhh/......hhhh 0 - 0/0/0 - 12345678:-/12345678:- 1 A A3"
    assert format_position(state) == f"{MAP} 1:friendly 11111111/11111111/11111111 {after}"
    state = successor(state, parse_action(state, "study>drift:2E1"))
    drifted = "7x5 2.31*.4./1.14.23/32*.14v1.2/1.23.1*4/.41.32."
    after = "o...ood1/......hhhh/......hhhh 0 - 0/0/0 - 12345678:-/12345678:- 1 A A2"
    assert format_position(state) == f"{drifted} 1:friendly 11111111/11111111/11111111 {after}"


def test_builtin_starts_cover_one_to_four_players_and_clash_with_no_oros_name():
    starts = full_game_positions()
    assert {state.ai.count(False) for _, state in starts.values()} == {1, 2, 3, 4}
    assert not set(starts) & set(builtin_positions())
    for name, (description, state) in starts.items():
        text = format_position(state)
        assert parse_position(text) == state and format_position(parse_position(text)) == text
        assert state.personality in description or state.seats == state.ai.count(False), name


# --------------------------------------------------------------------------- random play

GAMES = {1: 2, 2: 2, 3: 1, 4: 1}  # seeded games per player count and AI deck
CHECK_EVERY = 5  # one position in about so many has every ply formatted and parsed back


def random_positions(players: int, personality: str, seed: int):
    """The positions of one seeded random game from the setup, the last one over."""
    rng = random.Random(seed)
    state = setup(players, personality, seed)
    yield state
    while not is_over(state):
        if is_chance(state):
            outcomes = chance_outcomes(state)
            ply = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            ply = rng.choice(legal_actions(state))
        state = successor(state, ply)
        yield state


@pytest.mark.parametrize("personality", PERSONALITIES)
@pytest.mark.parametrize("players", sorted(GAMES))
def test_random_play_round_trips(players, personality):
    """Every position of seeded games round-trips; the plies of the first, the last and one in about
    five (drawn at random: every 5th would see the same ply of each 5-ply round of one player and
    two AIs) all do too."""
    kinds, checked = Counter(), 0
    for game in range(GAMES[players]):
        picker = random.Random(seed(players, personality, game))
        for number, state in enumerate(random_positions(players, personality, seed(players, personality, game))):
            text = format_position(state)
            assert parse_position(text) == state
            assert format_position(parse_position(text)) == text
            if picker.randrange(CHECK_EVERY) and number and not is_over(state):
                continue
            plies = [o for o, _ in chance_outcomes(state)] if is_chance(state) else legal_actions(state)
            tokens = [format_action(state, ply) for ply in plies]
            assert len(set(tokens)) == len(tokens)
            for ply, token in zip(plies, tokens):
                parsed = parse_action(state, token)
                assert (type(parsed), parsed) == (type(ply), ply)  # Stop() == EndTurn() as tuples
                kinds[_kind(token)] += 1
                kinds["nothing"] += token.endswith(":-")
            checked += 1
        assert is_over(state) and text.endswith(" over")
    assert checked >= 20
    assert {"forced", "drift", "volcano", "study", "travel", "end", "nothing"} <= set(kinds)
    assert ("draw" in kinds) == (players < 3)


def seed(players: int, personality: str, game: int) -> int:
    """The seed of a random game: 3 and 4 players have no AI, so each deck gets other games."""
    return 100 * players + 10 * PERSONALITIES.index(personality) + game


def _kind(token: str) -> str:
    """The ply kind a token writes: its target slot, or its keyword."""
    head = token.split(":")[0]
    return head.split(">")[1] if ">" in head else head


# --------------------------------------------------------------------------- position errors


def _field(text: str, field: str, word: str) -> tuple[str, int]:
    """`text` with the word of `field` replaced, and that word's column."""
    words = text.split(" ")
    index = FIELDS.index(field)
    words[index] = word
    return " ".join(words), len(" ".join(words[:index])) + (2 if index else 1)


@pytest.mark.parametrize(("field", "word", "offset", "reason"), [
    ("size", "7y5", 0, "should be WIDTHxHEIGHT"),
    ("rows", MAP.split()[1].replace("4.", "X.", 1), 6, "is not a cell"),
    ("seats", "5:friendly", 0, "outside 1..4"),
    ("seats", "1:grumpy", 2, "is not an AI deck"),
    ("seats", "1", 0, "the players and the AI deck"),
    ("hats", "11111111/11111111", 0, "one per seat (3)"),
    ("hats", "11111171/11111111/11111111", 6, "outside 1..6"),
    ("hats", "1111111/11111111/11111111", 0, "8 levels"),
    ("followers", "..oooo/......hhhh", 0, "one per seat (3)"),
    ("followers", "..ooox/......hhhh/......hhhh", 5, "six slots"),
    ("followers", "..oooo", 0, "one per seat"),
    ("followers", "..oooz9/......hhhh/......hhhh", 5, "six slots"),
    ("followers", "..oooob1/......hhhh/......hhhh", 6, "b1 is sea"),
    ("followers", "..oooox9/......hhhh/......hhhh", 6, "then the cells of followers"),
    ("followers", "..oooos/......hhhh/......hhhh", 0, "one per horizon crossed (0 here)"),
    ("followers", "..oooosss/......hhhh/......hhhh", 6, "the sanctum has 2 seats"),
    ("followers", "ooo.oohh/......hhhh/......hhhh", 6, "more than the empty slots"),
    ("followers", "..oooo/o.....hhh/......hhhh", 7, "no followers on slots"),
    ("wisdom", "0/0", 0, "one per player (1)"),
    ("wisdom", "41", 0, "outside 0..40"),
    ("sanctuaries", "d3sA", 0, "no mountain"),
    ("sanctuaries", "d3xA", 2, "is not a kind"),
    ("sanctuaries", "z3sA", 0, "is not a cell"),
    ("sanctuaries", "d3sAB7", 0, "should be a cell, a kind"),
    ("pyramid", "0/0", 0, "one per seat (3)"),
    ("pyramid", "0/25/0", 2, "outside 0..24"),
    ("pyramid", "3/3/0", 2, "two demigods on space 3"),
    ("fired", "7", 0, "not a red space"),
    ("fired", "6", 0, "no demigod has reached space 6"),
    ("decks", "12345678:-", 0, "one per AI (2)"),
    ("decks", "12345679:-/12345678:-", 7, "outside 1..8"),
    ("decks", "1234567:-/12345678:-", 8, "the whole deck"),
    ("decks", "1234567:7/12345678:-", 8, "not in the draw pile"),
    ("decks", "1234567/12345678:-", 0, "the draw pile's cards"),
    ("round", "31", 0, "outside 1..30"),
    ("start", "B", 0, "should be a player: A"),
    ("turn", "D3", 0, "should be a seat: A B C"),
    ("turn", "A4", 1, "outside 0..3"),
    ("turn", "A3x1", 0, "like A3 or B2e1"),
    ("turn", "A3e9", 3, "outside 1..2"),
    ("turn", "B3w1", 2, "only a player's action"),
    ("turn", "A0", 0, "has passed"),
])
def test_each_broken_field_is_named_with_its_column(field, word, offset, reason):
    text, column = _field(GAME1, field, word)
    error = notation_error(field, column + offset, parse_position, text)
    assert reason in error.message


@pytest.mark.parametrize(("text", "field", "column", "reason"), [
    ("", "size", 1, "missing"),
    (GAME1.rsplit(" ", 1)[0], "turn", len(GAME1) - 2, "missing"),
    (GAME1 + " junk", "over", len(GAME1) + 2, "only 'over' may follow"),
    (GAME1 + " over", "turn", len(GAME1) - 1, "no actions left"),
    (GAME1 + " over over", "over", len(GAME1) + 7, "only 'over' may follow"),
    (GAME1.replace(MAP, "3x3 .../.../..."), "size", 1, "7x5 map"),
    (GAME1.replace(MAP, "7x5 2.31*.4."), "rows", 5, "has 1 rows"),
])
def test_missing_wrong_size_and_trailing_junk(text, field, column, reason):
    error = notation_error(field, column, parse_position, text)
    assert reason in error.message


def test_lenient_input_reads_as_canonical():
    """Blanks between fields, a seat's tile cells and a draw pile in any order."""
    canonical = GAME1.replace("..oooo/", ".o.o..d1f4/").replace(" 12345678:-/", " 1345:2/")
    state = parse_position(canonical.replace("d1f4", "f4d1").replace("1345:", "5143:").replace(" 1:", "   1:"))
    assert format_position(state) == canonical
    assert state.followers[0] == (("slot", "study"), ("slot", "tectonic"), ("tile", 3), ("tile", 26))
    assert state.decks[1] == ((0, 2, 3, 4), 1)


def test_one_edit_away_parses_or_names_a_column():
    """A built-in start one character edit away either parses to a position whose text is canonical
    or raises a NotationError whose column points into it (as the contract tests demand of records)."""
    rng = random.Random("oros-full-notation")
    for _, state in full_game_positions().values():
        for mutated in mutations(format_position(state), rng):
            try:
                canonical = format_position(parse_position(mutated))
            except NotationError as error:
                assert 1 <= error.column <= len(mutated) + 1, (mutated, str(error))
                continue
            assert format_position(parse_position(canonical)) == canonical


def test_sanctuaries_on_a_mountain_in_building_order():
    """A mountain on d3 (made by hand): stones by B with A studying there, then a shrine by C;
    a temple before its shrine, a second sanctuary of one player and a repeated kind are refused."""
    text = GAME1.replace(MAP, MAP.replace("32*.14v1.2", "32*.M4v1.2")).replace(
        "..oooo/", "...ooo/")
    built = text.replace(" - 0/0/0", " d3hC,d3sBA 0/0/0")
    state = parse_position(built)
    assert format_position(state) == built.replace("d3hC,d3sBA", "d3sBA,d3hC")
    assert ("seat", 17, "stones") in state.followers[0] and state.recruits == (0, 0, 0)
    for sanctuaries, column, reason in [("d3tB", 0, "skip the stones"), ("d3hB,d3tC", 0, "skip the stones"),
                                        ("d3sB,d3tC", 0, "skip the shrine"),
                                        ("d3sB,d3hB", 5, "one sanctuary per player"), ("d3sB,d3sC", 5, "one stones")]:
        broken, at = _field(text, "sanctuaries", sanctuaries)
        assert reason in notation_error("sanctuaries", at + column, parse_position, broken).message


def test_a_build_written_by_hand():
    """A mountain on d3 with A's follower on it, A's sanctuary slot empty: A builds the standing
    stones (the kind due, O-11), its follower moves into their seat, 1 wisdom to spend, the
    demigod up 2; the wisdom raises the stones hat to level 2."""
    mountain = MAP.replace("32*.14v1.2", "32*.M4v1.2")
    hats = "11111111/11111111/11111111"
    state = parse_position(GAME1.replace(MAP, mountain).replace("..oooo/", "ooo...d3/"))
    with pytest.raises(IllegalMove, match="the sanctuary due on d3 is the stones"):
        parse_action(state, "volcano>sanctuary:shrine@d3")
    state = successor(state, parse_action(state, "volcano>sanctuary:stones@d3"))
    decks = "12345678:-/12345678:-"
    followers = "oo...o/......hhhh/......hhhh"
    assert format_position(state) == f"{mountain} 1:friendly {hats} {followers} 1 d3sAA 2/0/0 - {decks} 1 A A2"
    assert "raise:stones" in [format_action(state, ply) for ply in legal_actions(state)]
    state = successor(state, parse_action(state, "raise:stones"))
    raised = "11111211/11111111/11111111"
    assert format_position(state) == f"{mountain} 1:friendly {raised} {followers} 0 d3sAA 2/0/0 - {decks} 1 A A2"


# --------------------------------------------------------------------------- action errors


@pytest.fixture(scope="module")
def placed():
    """The 1-player start after the forced placement of the volcano follower on d1."""
    state = parse_position(GAME1)
    return successor(state, parse_action(state, "forced:volcano>d1"))


@pytest.mark.parametrize(("token", "column", "reason"), [
    ("", 1, "empty action"),
    ("fly", 1, "is not an action"),
    ("fly:d3", 1, "is not an action"),
    ("study>fly:2E1", 7, "is not an action slot"),
    ("skip>drift:2E1", 1, "is not an action slot"),
    ("study>drift:2X1", 13, "is not an action"),
    ("study>drift:6E1", 13, "row 6 is not on this 7x5 map"),
    ("study>drift:e2f2g2>N", 13, "is not a drift action"),
    ("raise:luck", 7, "is not a hat's column"),
    ("study>travel:d1-z9", 17, "is not a cell"),
    ("study>travel:d1", 14, "like c3-d3"),
    ("study>travel:d1-d3q", 17, "is not a place"),
    ("study>study:volcano", 13, "SLOT>SCHOOL"),
    ("drift>study:volcano>attic", 21, "is not a place"),
    ("study>sanctuary:altar@d1", 17, "KIND@CELL"),
    ("study>sanctuary:stones@x1", 24, "is not a cell"),
    ("forced:study", 8, "SLOT>CELL or SLOT>sanctum"),
])
def test_action_errors_name_the_column(placed, token, column, reason):
    assert reason in notation_error("move", column, parse_action, placed, token).message


@pytest.mark.parametrize(("token", "reason"), [
    ("drift>tectonic:e2f2g2>N", "no follower of seat A stands on the drift slot"),
    ("study>travel:d1-c1", "the travel slot is taken"),
    ("study>drift:2E2", "drift ability"),
    ("study>sanctuary:stones@d1", "d1 is no mountain"),
    ("draw:3", "only an AI's turn starts with a draw"),
    ("stop", "legal here: end, sanctuary>drift:-, sanctuary>drift:1E1"),
    ("forced:study>b2", "legal here"),
])
def test_illegal_actions_say_why(placed, token, reason):
    with pytest.raises(IllegalMove) as info:
        parse_action(placed, token)
    assert reason in str(info.value)


def test_a_follower_waiting_for_a_slot_and_a_placement_doing_nothing_written_by_hand():
    """A player's follower at home (`h`) waits for a slot: `put:SLOT` comes first and round-trips;
    `SOURCE>SLOT:-` stands a follower on a slot without its action (docs/notation.md)."""
    waiting = parse_position(GAME1.replace("..oooo/", "...oooh/").replace(" A3", " A2"))
    assert [format_action(waiting, ply) for ply in legal_actions(waiting)] == ["put:drift", "put:tectonic",
                                                                              "put:volcano"]
    with pytest.raises(IllegalMove, match="first puts its waiting follower on an empty slot"):
        parse_action(waiting, "end")
    state = successor(waiting, parse_action(waiting, "put:tectonic"))
    assert format_position(state) == GAME1.replace("..oooo/", ".o.ooo/").replace(" A3", " A2")
    idle = parse_action(state, "study>drift:-")
    assert idle == Act("drift", "study", None) and format_action(state, idle) == "study>drift:-"
    after = successor(state, idle)
    assert format_position(after) == GAME1.replace("..oooo/", "oo..oo/").replace(" A3", " A1")


def test_draws_and_the_end():
    """At an AI's turn only a card of its draw pile; once over, nothing."""
    state = setup(1, "aggressive", 0)
    state = successor(state, parse_action(state, "forced:volcano>d1"))
    state = successor(state, parse_action(state, "end"))
    assert is_chance(state) and format_position(state).endswith(" 1 A B3")
    assert parse_action(state, "draw:8") == 7
    with pytest.raises(IllegalMove, match="seat B .an AI. draws a card next"):
        parse_action(state, "end")
    drawn = successor(state, 7)
    assert " 1234567:8/12345678:- " in format_position(drawn)
    with pytest.raises(NotationError, match="outside 1..8"):
        parse_action(drawn, "draw:9")
    over = parse_position(GAME1.replace(" A3", " A0 over"))
    with pytest.raises(IllegalMove, match="the game is over"):
        parse_action(over, "end")


def test_docs_examples_run():
    assert_docs_examples_run("Oros full game", 4)
