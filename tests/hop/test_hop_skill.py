"""The hop skill model and challenge deck as data (rulings H-1, H-5; docs/rules/hop.md section 6):
the built-in files, the sum that gives a throw's chance, and one clear error for each bad file."""

import json
from fractions import Fraction

import pytest

from solver.games.hop.hop_skill import (
    EASIER,
    HARDER,
    NEEDS_ASSISTER,
    NEEDS_TURBULATOR,
    PLAIN,
    DEFAULT_SKILL,
    DataError,
    builtin_names,
    deck,
    skill_model,
)
from tests.cli_cases import one_line_error, run

A, B, C, D, E = range(5)


def test_the_default_model_makes_each_card_type_matter():
    """H-5: "the skill model maps (hurler, partner, card type, assister, turbulator) to a
    probability": under the default model every card type gives its own chance, a harder card
    less than a plain one, an easier one more (the values docs/rules/hop.md section 6 gives)."""
    default = skill_model(DEFAULT_SKILL)
    for hurler, partner, helper in ((A, B, C), (C, A, D), (E, D, B)):
        chances = [default.chance(hurler, partner, card, assister=helper if card == NEEDS_ASSISTER else -1,
                                  turbulator=helper if card == NEEDS_TURBULATOR else -1) for card in range(5)]
        assert chances == [Fraction(5, 10), Fraction(6, 10), Fraction(4, 10), Fraction(3, 10), Fraction(7, 10)]
    for card, words in (("plain", "0.50"), ("harder", "0.30"), ("easier", "0.70")):
        code, shown, _ = run("show", "hop", "start4", "--after", f"partner:B card:{card}")
        assert code == 0 and f"card: {card}    the throw lands with {words}" in shown, shown


def test_the_builtin_files():
    """H-5's deck, H-1's 0.5 everywhere (`even`), and the skilled table read as written in
    solver/games/hop/data/skill/skilled.toml."""
    assert builtin_names("skill") == ["even", "skilled", "standard"] and builtin_names("deck") == ["standard"]
    assert deck("standard").counts == (20, 10, 10, 5, 5)  # plain, assister, turbulator, harder, easier
    even = skill_model("even")
    assert {even.chance(h, p, card, C, D) for h in range(6) for p in range(6) if h != p for card in range(5)} \
        == {Fraction(1, 2)}
    skilled = skill_model("skilled")
    assert skilled.chance(A, B, PLAIN) == Fraction(7, 10)  # success.A.B
    assert skilled.chance(A, C, HARDER) == Fraction(2, 10)  # 0.4 - 0.2
    assert skilled.chance(A, B, NEEDS_ASSISTER, assister=C) == Fraction(9, 10)  # 0.7 + C's 0.2
    assert skilled.chance(A, B, NEEDS_ASSISTER, assister=E) == Fraction(8, 10)  # 0.7 + default 0.1
    assert skilled.chance(A, E, NEEDS_TURBULATOR, turbulator=D) == Fraction(4, 10)  # 0.6 - D's 0.2
    assert skilled.chance(E, B, EASIER) == Fraction(9, 10)  # 0.7 + 0.2
    assert skilled.chance(B, E, EASIER, assister=C) == 1  # 0.7 + 0.2 + 0.2 = 1.1, clamped to 1


def write(tmp_path, name: str, text: str) -> str:
    """A data file in tmp_path; its path as text."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_json_file_reads_like_toml(tmp_path):
    """The same keys in JSON: B throws to A at 0.25, a harder card takes 0.05 off."""
    source = write(tmp_path, "mine.json", json.dumps({"default": 0.6, "success": {"B": {"A": 0.25}},
                                                      "cards": {"harder": -0.05}}))
    model = skill_model(source)
    assert model.chance(B, A, HARDER) == Fraction(20, 100)
    assert model.chance(A, B, PLAIN) == Fraction(6, 10)  # not listed: the default


# (id, kind of file, its text, what the error says): a skill model's mistakes, then a deck's.
BAD_FILES = [
    ("probability", "skill", "[success]\nA = { B = 1.2 }", "success.A.B: 1.2 is outside [0, 1] (a probability)"),
    ("negative", "skill", "default = -0.1", "default: -0.1 is outside [0, 1]"),
    ("effect", "skill", "[cards]\nharder = -1.5", "cards.harder: -1.5 is outside [-1, 1] (an effect)"),
    ("player", "skill", "[success]\nG = { A = 0.5 }", "unknown player 'G'"),
    ("partner", "skill", "[success]\nA = { Z = 0.5 }", "success.A.Z: unknown player 'Z'"),
    ("assister", "skill", "[assist]\nQ = 0.1", "assist: unknown player 'Q'"),
    ("self", "skill", "[success]\nA = { A = 0.5 }", "success.A.A: a hurler never throws to themselves"),
    ("fine", "skill", "default = 0.12345", "default: 0.12345 is finer than the model's steps of 0.0001"),
    ("key", "skill", "defualt = 0.5", "unknown key 'defualt'"),
    ("card", "skill", "[cards]\nharsh = 0.1", "unknown key 'cards.harsh'"),
    ("text", "skill", "default = 'high'", "default: 'high' is not a number"),
    ("toml", "skill", "default = = 0.5", "not valid TOML"),
    ("size", "deck", "[cards]\nplain = 21\nassister = 10\nturbulator = 10\nharder = 5\neasier = 5",
     "51 cards; the challenge deck has 50 (H-5)"),
    ("short", "deck", "[cards]\nplain = 50\nharder = -5\neasier = 5", "cards.harder: -5 is not a whole number of cards"),
    ("fraction", "deck", "[cards]\nplain = 49.5\neasier = 0.5", "cards.plain: 49.5 is not a whole number"),
    ("type", "deck", "[cards]\njoker = 50", "unknown key 'cards.joker'"),
    # Before: internal error (ValueError: Exceeds the limit (4300 digits) for integer string conversion).
    ("digits", "deck", "[cards]\nplain = " + "9" * 5000, "a number of thousands of digits"),
]


@pytest.mark.parametrize("kind, text, message", [case[1:] for case in BAD_FILES], ids=[case[0] for case in BAD_FILES])
def test_a_bad_file_is_refused_naming_file_and_key(tmp_path, kind, text, message):
    """Each mistake of the format (for a deck: other than 50 cards, counts that are not whole
    numbers of a known type) gives one DataError naming the file and the key."""
    source = write(tmp_path, "bad.toml", text)
    with pytest.raises(DataError) as info:
        {"skill": skill_model, "deck": deck}[kind](source)
    assert str(info.value).startswith(f"{kind} file {source}: ") and message in str(info.value)


def test_a_deck_of_fifty_of_one_type_is_fine(tmp_path):
    """Any split of 50 cards is a deck: here only easier cards."""
    assert deck(write(tmp_path, "easy.toml", "[cards]\neasier = 50")).counts == (0, 0, 0, 0, 50)


def test_a_position_names_its_files_and_a_bad_one_is_one_line(tmp_path):
    """skill= and deck= in a position: a missing file or a bad name is one error line, exit 2."""
    start = "1/1/1 5/5/5 -/-/- -/-/- A partner --- - --- - 20/10/10/5/5"
    assert "no such file" in one_line_error("show", "hop", f"{start} skill={tmp_path}/none.toml")
    assert "neither built in (standard)" in one_line_error("show", "hop", f"{start} deck=huge")
    bad = write(tmp_path, "bad.toml", "[success]\nA = { B = 2 }")
    assert "success.A.B: 2 is outside [0, 1]" in one_line_error("moves", "hop", f"{start} skill={bad}")
