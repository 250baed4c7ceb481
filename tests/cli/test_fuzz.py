"""Hypothesis over what a user can type: every game's notation and every numeric option end with
exit 0, or exit 2 and one line naming what is wrong, never anything else (issue 11)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.games.registry import GAME_NAMES, game
from tests.cli_cases import run

FUZZ = settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])

# Text a number field might hold: numbers of any size and sign, floats with nan and inf, digits
# of other scripts, and plain junk.
NUMBERS = st.one_of(
    st.integers(-5, 400).map(str),
    st.integers(-(1 << 70), 1 << 70).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.text(alphabet="0123456789+-.eE_ ３٣²١", max_size=12),
    st.text(max_size=8),
    st.just("9" * 5000),
)


def ends_well(code: int, out: str, err: str) -> None:
    """Exit 0 without a traceback, or exit 2 with one `caldera: error:` line and nothing else."""
    assert "Traceback" not in err and "internal error" not in err, err
    assert code in (0, 2), (code, out, err)
    if code == 2:
        assert out == "" and err.count("\n") == 1 and err.startswith("caldera: error: "), (out, err)


@st.composite
def notation(draw, name: str) -> str:
    """A built-in position of `name` with a few characters inserted, deleted or replaced, a
    field swapped for a number, or plain text."""
    text = draw(st.sampled_from(sorted(game(name).builtin_positions().values())))
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(["insert", "delete", "number"]))
        if edit == "insert":
            text = text[:at] + draw(st.text(min_size=1, max_size=3)) + text[at:]
        elif edit == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 4)):]
        else:
            words = text.split(" ")
            words[at % len(words)] = draw(NUMBERS)
            text = " ".join(words)
    return draw(st.one_of(st.just(text), st.text(max_size=30)))


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("command", ["show", "moves"])
def test_notation_fuzz(name, command):
    """Any position text: shown, or one line saying which field and column is wrong."""

    @FUZZ
    @given(text=notation(name))
    def check(text):
        ends_well(*run(command, name, text))

    check()


FINISHED = "6x6 6/6/6/6/6/6 - A play 16/16 3+1/3+1 10 cap=10"  # ply at the cap: no move, any depth ends at once
MATCH = ["match", "penguins", "greedy", "greedy", "--position", FINISHED, "--random-plies", "0"]

# (the command with VALUE in the fuzzed place): the other settings bound the run when VALUE is valid.
OPTIONS = [
    ["analyze", "penguins", "--time", "0.05", "--depth=VALUE"],
    ["analyze", "penguins", "--time", "0.05", "--nodes=VALUE"],
    ["analyze", "penguins", "--depth", "1", "--time=VALUE"],
    ["analyze", "penguins", "--depth", "1", "--multipv=VALUE"],
    ["analyze", "penguins", "--depth", "1", "--threads=VALUE"],
    ["analyze", "penguins", "--depth", "1", "--hash=VALUE"],
    ["analyze", "island", "--time", "0.05", "--sims=VALUE"],
    ["analyze", "island", "--sims", "20", "--seed=VALUE"],
    ["analyze", "island", "--sims", "20", "--memory=VALUE"],
    ["analyze", "oros", "first-peak", "--time", "0.05", "--budget=VALUE"],
    ["hint", "penguins", "--time", "0.05", "--top=VALUE"],
    ["hint", "oros", "first-peak", "--time=VALUE"],
    ["perft", "penguins", FINISHED, "VALUE"],
    ["perft", "penguins", FINISHED, "3", "--threads=VALUE"],
    [*MATCH, "--games=VALUE"],
    [*MATCH, "--games", "2", "--random-plies=VALUE"],
    [*MATCH, "--games", "2", "--seed=VALUE"],
    ["match", "penguins", "alphabeta:time=0.05,depth=VALUE", "greedy", "--position", FINISHED, "--games", "2"],
    ["match", "penguins", "alphabeta:depth=1,hash=VALUE", "greedy", "--position", FINISHED, "--games", "2"],
    ["match", "penguins", "alphabeta:depth=1,threads=VALUE", "greedy", "--position", FINISHED, "--games", "2"],
    ["match", "penguins", "mcts:sims=VALUE,time=0.05", "greedy", "--position", FINISHED, "--games", "2"],
    ["match", "penguins", "mcts:sims=20,memory=VALUE", "greedy", "--position", FINISHED, "--games", "2"],
    ["match", "penguins", "mcts:sims=20,c=VALUE", "greedy", "--position", FINISHED, "--games", "2"],
]


@pytest.mark.parametrize("template", OPTIONS, ids=lambda t: " ".join(w for w in t if w != FINISHED)[:70])
def test_numeric_option_fuzz(template):
    """Any value of any numeric option: a run, or one line naming the option and its range."""

    @FUZZ
    @given(value=NUMBERS)
    def check(value):
        ends_well(*run(*(word.replace("VALUE", value) for word in template)))

    check()
