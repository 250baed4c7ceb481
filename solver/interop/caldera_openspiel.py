"""Every Caldera game as an OpenSpiel (pyspiel) Python game: importing this module registers
`caldera_<name>` for each name in solver.games.registry.GAME_NAMES (docs/openspiel.md).

Everything is built from the game's record (solver/games/game_record.py), never from its name,
so a new game is registered, and held to OpenSpiel's conformance tests
(tests/interop/test_openspiel_games.py), the moment it joins the registry.

The mapping, the same for every game:
- A state holds the record's reference State; the record's rules (legal_moves, successor,
  chance_outcomes, is_over, results) play it.
- Actions: a decision's action id is the rank of the move among the position's legal move
  integers in increasing order (0 is the smallest); a chance node's outcome id is the rank
  among its outcomes' move integers the same way. Move integers are sparse (kind and argument
  bit fields), ranks are dense. The bound on both is the MAX_MOVES of the kernel that plays the
  start position (its move buffer room); a position with more legal moves than that (penguins
  tile combinations, P-9) raises a ValueError naming it instead of handing out an id past
  num_distinct_actions.
- Returns: a finished game's result r per seat (1 sole win, 1/k shared, 0 loss; they sum to
  1) becomes N * r - 1 with N >= 2 seats, so the game is zero-sum (two seats: +1, 0, -1); one
  seat gets r itself. Where a seat the rules play won (oros's AI opponents are no OpenSpiel
  players), its share is split evenly among the N players first, so the sum stays zero. A game still running after `max_length` decisions ends there as a draw
  (every return 0), so max_game_length holds for every game.
- A game with goals (single-agent puzzles) ends when its goal is met (return 1) or its budget
  of actions is spent (return 0); the position's goal and budget come from the record
  (a puzzle brings its own, or the parameters `goal` and `budget`).
- Hidden information (the record's view_of): a seat's observation string is the notation of
  the position as that seat sees it; its information-state string is the sequence of its
  observations since the start (perfect recall). Without hidden information both are the
  position's notation.

Game parameters: `position` (a built-in name or notation text, where %XX stands for a
character, as the game's string writes , = ( ) and %; "" for the record's default, or its first
puzzle for a game with goals), `players` (0: the position's own; otherwise the
position restarted for that many seats, or the first built-in position that has them),
`goal` and `budget` (games with goals), `max_length` (decisions before the draw).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel

from solver.games.registry import GAME_NAMES, game as game_record

DEFAULT_MAX_LENGTH = 1000  # decisions before an unfinished game is scored a draw
# The game parameters and their defaults (the module doc says what each means).
PARAMETERS = {"position": "", "players": 0, "goal": "", "budget": 0, "max_length": DEFAULT_MAX_LENGTH}


def short_name(name: str) -> str:
    """The OpenSpiel name of Caldera game `name`, e.g. caldera_penguins."""
    return f"caldera_{name}"


def game_type(record, players: int | None = None) -> pyspiel.GameType:
    """The pyspiel GameType of a record; `players` (when known) decides the utility: zero-sum
    from two seats, general-sum for one."""
    low, high = record.players
    zero_sum = (players or high) >= 2
    return pyspiel.GameType(
        short_name=short_name(record.name),
        long_name=f"Caldera {record.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if record.chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if record.hidden_information
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=PARAMETERS,
    )


@dataclass(frozen=True)
class Setup:
    """What a game's parameters make of its record: the start and the bounds of the game."""

    name: str
    start: Any  # the record's reference State (frozen)
    goal: Any  # games with goals: the Goal; else None
    seats: int
    max_length: int  # decisions before a draw (the goal's budget and the game's ply cap included)
    action_bound: int  # dense action ids (and chance outcome ids): the kernel's MAX_MOVES


@lru_cache(maxsize=64)
def setup(name: str, params: tuple) -> Setup:
    """The Setup of game `name` with parameters `params` (sorted (key, value) pairs)."""
    record = game_record(name)
    start, goal, budget = start_of(record, dict(params))
    max_length = int(dict(params).get("max_length", DEFAULT_MAX_LENGTH))
    for bound in (budget, record.plies_to_end(start)):
        if bound is not None:
            max_length = min(max_length, bound)
    return Setup(name, start, goal, record.player_count(start), max(1, max_length), action_bound(record, start))


def setup_of(game: pyspiel.Game) -> Setup:
    """The Setup of a loaded game, from its type's name and its parameters only: a game that
    pyspiel rebuilds from its string (pickling, deserializing) keeps no Python attributes."""
    name = game.get_type().short_name.removeprefix("caldera_")
    return setup(name, tuple(sorted(game.get_parameters().items())))


class CalderaGame(pyspiel.Game):
    """One Caldera game (its record) from one start position, as an OpenSpiel game."""

    def __init__(self, name: str, params: dict | None = None):
        params = dict(params or {})
        # The position travels inside the game's string, name(key=value,...): escape what that
        # string's syntax would split (penguins' `cap=80`), so the game's string loads it again.
        params["position"] = escape(unescape(params.get("position", "")))
        record = game_record(name)
        made = setup(name, tuple(sorted({**PARAMETERS, **params}.items())))
        zero_sum = made.seats >= 2
        info = pyspiel.GameInfo(
            num_distinct_actions=made.action_bound,
            max_chance_outcomes=made.action_bound if record.chance else 0,
            num_players=made.seats,
            min_utility=-1.0 if zero_sum else 0.0,
            max_utility=float(made.seats - 1) if zero_sum else 1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=made.max_length,
        )
        super().__init__(game_type(record, made.seats), info, params)

    def new_initial_state(self):
        """The start position."""
        return CalderaState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer of OpenSpiel's observation and information-state strings."""
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return CalderaObserver(perfect_recall)


def escape(text: str) -> str:
    """`text` with the characters of OpenSpiel's game-string syntax (, = ( )) and % written %XX."""
    return "".join(f"%{ord(c):02X}" if c in "%,=()" else c for c in text)


def unescape(text: str) -> str:
    """`text` with %XX read back (text without % is unchanged, so plain notation works too)."""
    from urllib.parse import unquote

    return unquote(text)


def start_of(record, params: dict):
    """(State, goal, budget) of a game's parameters: position, players, goal, budget."""
    position = unescape(params.get("position") or "") or None
    if position is None and record.goals is not None and record.puzzles is not None:
        position = record.puzzles()[0].name
    state = record.resolve_position(position)
    players = int(params.get("players") or 0)
    if players and record.player_count(state) != players:
        state = with_players(record, state, players)
    if record.goals is None or not record.is_single_agent(state):
        return state, None, None
    goal, budget = record.goals.of_position(state, position, params.get("goal") or None,
                                            int(params.get("budget") or 0) or None)
    return state, goal, budget


def with_players(record, state, players: int):
    """`state` restarted for `players` seats (records that restart), else the first built-in
    position with that many seats."""
    low, high = record.players
    if not low <= players <= high:
        raise ValueError(f"{record.name} has {low}-{high} players, not {players}")
    if record.restart is not None:
        return record.restart(state, None, players)
    for text in record.builtin_positions().values():
        candidate = record.resolve_position(text)
        if record.player_count(candidate) == players:
            return candidate
    raise ValueError(f"{record.name}: no built-in position has {players} players; give one as the position")


def action_bound(record, state) -> int:
    """The number of dense action ids: the MAX_MOVES of the kernel that plays `state`."""
    return int(record.kernel(record.to_kernel(state)).module.MAX_MOVES)


class CalderaState(pyspiel.State):
    """A position of a Caldera game: the record's reference State and the moves so far."""

    def __init__(self, game: CalderaGame):
        super().__init__(game)
        made = setup_of(game)
        self.name = made.name
        self.position = made.start
        self.goal = made.goal
        self.decisions = 0  # decisions played (the budget and max_length count them)
        self.max_length = made.max_length
        self.seats = made.seats
        self.cached = None  # the sorted move integers of the position (decisions or outcomes), once asked
        # Each seat's observations so far (its information state), where the game hides things.
        self.seen = [[self._view(p)] for p in range(self.seats)] if self.record.view_of is not None else None

    @property
    def record(self):
        """The game's record (looked up, not kept: records do not pickle)."""
        return game_record(self.name)

    # What OpenSpiel asks.

    def current_player(self):
        """The seat to move, CHANCE at a roll, TERMINAL once over."""
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if self.record.is_chance(self.position):
            return pyspiel.PlayerId.CHANCE
        return int(self.record.to_move(self.position))

    def _legal_actions(self, player):
        """The dense ids of the legal moves of `player` (the seat to move)."""
        return list(range(len(self._moves())))

    def chance_outcomes(self):
        """(outcome id, probability) of each chance outcome."""
        outcomes = sorted(self.record.chance_outcomes(self.position))
        return [(rank, float(probability)) for rank, (_, probability) in enumerate(outcomes)]

    def _apply_action(self, action):
        """Play the move (or chance outcome) of dense id `action`."""
        chance = self.is_chance_node()
        move = self._move_of(action)
        self.position = self.record.successor(self.position, move)
        self.cached = None
        if not chance:
            self.decisions += 1
        if self.seen is not None:
            for seat in range(self.seats):
                self.seen[seat].append(self._view(seat))

    def _action_to_string(self, player, action):
        """The move's notation (a chance outcome's too, e.g. roll:3V)."""
        return self.record.format_move(self.position, self._move_of(action))

    def is_terminal(self):
        """Over by the rules, at the goal or out of budget (games with goals), or at max_length."""
        if self.decisions >= self.max_length:
            return True
        if self.goal is not None:
            return self.record.goals.is_met(self.goal, self.position)
        return self.record.is_over(self.position)

    def returns(self):
        """Each seat's return: N * result - 1 (one seat: its result); 0 before the end."""
        if not self.is_terminal():
            return [0.0] * self.seats
        if self.goal is not None:
            return [1.0 if self.record.goals.is_met(self.goal, self.position) else 0.0]
        if not self.record.is_over(self.position):
            return [0.0] * self.seats  # stopped at max_length: a draw
        results = [float(r) for r in self.record.results(self.position)[:self.seats]]
        if self.seats == 1:
            return results
        rules_share = (1.0 - sum(results)) / self.seats  # won by seats the rules play (oros's AIs)
        return [self.seats * (r + rules_share) - 1.0 for r in results]

    def __str__(self):
        """The position's notation."""
        return self.record.format_position(self.position)

    # The mapping between move integers and dense ids.

    def move_id(self, move: int) -> int:
        """The dense id of the legal move (or chance outcome) integer `move` here."""
        return self._moves().index(move)

    def _move_of(self, action) -> int:
        """The move integer of dense id `action` here."""
        return self._moves()[int(action)]

    def _moves(self) -> list[int]:
        """The position's legal move integers (at a roll: its outcomes'), increasing."""
        if self.cached is None:
            if self.record.is_chance(self.position):
                moves = sorted(m for m, _ in self.record.chance_outcomes(self.position))
            else:
                moves = sorted(self.record.legal_moves(self.position))
            self._check_bound(len(moves))
            self.cached = moves
        return self.cached

    def _check_bound(self, count: int) -> None:
        """Refuse a position with more moves than the game's action ids."""
        bound = self.get_game().num_distinct_actions()
        if count > bound:
            raise ValueError(f"{self.record.name}: {self} has {count} legal moves, more than the "
                             f"{bound} action ids of {short_name(self.record.name)}")

    def _view(self, seat: int) -> str:
        """The position as `seat` sees it, in notation."""
        return self.record.format_position(self.record.view_of(self.position, seat))


def evaluation(record, player: int):
    """A value function for OpenSpiel's depth-limited searches (alpha_beta_search,
    expectiminimax): Caldera's evaluation of a state's position (the kernel's `evaluate` with
    its default weights, for the side to move), from `player`'s side."""
    def value(state) -> float:
        words = record.to_kernel(state.position)
        module = record.kernel(words).module
        score = float(module.evaluate(words, module.EVAL_WEIGHTS))
        return score if record.to_move(state.position) == player else -score

    return value


class CalderaObserver:
    """OpenSpiel's observer (the PyObserver interface): strings only, no tensors."""

    def __init__(self, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict = {}

    def set_from(self, state, player):
        """No tensor to fill."""

    def string_from(self, state, player):
        """The observation (or, with perfect recall, information state) of seat `player`."""
        if state.seen is None:
            return str(state)
        seen = state.seen[player]
        return " | ".join(seen) if self.perfect_recall else seen[-1]


def register_all() -> None:
    """Register caldera_<name> for every game of the registry (once per process)."""
    registered = {g.short_name for g in pyspiel.registered_games()}
    for name in GAME_NAMES:
        if short_name(name) in registered:
            continue
        cls = _game_class(name)
        globals()[cls.__name__] = cls  # where pickle finds it
        pyspiel.register_game(game_type(game_record(name)), cls)


def _game_class(name: str) -> type:
    """The game class pyspiel constructs with a game's parameters (a class, as OpenSpiel's own
    Python games register: pyspiel keeps it until the interpreter exits)."""

    def __init__(self, params=None):
        CalderaGame.__init__(self, name, params)

    return type(f"Caldera{name.title()}Game", (CalderaGame,), {"__init__": __init__, "__module__": __name__})


register_all()
