"""The full Oros game as the record sees it (rulings O-8..O-14): the reference rules of
oros_full_rules.py with plies crossing as the kernel's move integers (oros_game_binding.py), the
notation of oros_game_notation.py, results per player. An AI opponent's turn is a chance move
(its card draw): AI seats are part of the rules, so a position's players are its human seats.
Imports no numba.
"""

from __future__ import annotations

from fractions import Fraction

from solver.games.oros import oros_full_rules as rules
from solver.games.oros.oros_game_binding import decode_ply, encode_card, encode_ply
from solver.games.oros.oros_game_notation import SEAT_LETTERS, format_action, parse_action
from solver.games.oros.oros_full_state import State
from solver.games.rules_tools import chance_perft
from solver.games.notation_tools import plural


def players(state: State) -> int:
    """The human players of a position (1-4); the AI opponents after them are played by the rules."""
    return state.ai.count(False)


def chance_outcomes(state: State) -> list[tuple[int, Fraction]]:
    """The AI's card draws as (move, probability); [] at a decision."""
    return [(encode_card(card), p) for card, p in rules.chance_outcomes(state)]


def legal_moves(state: State) -> list[int]:
    """The legal plies as move integers (at an AI's draw: its cards)."""
    if rules.is_chance(state):
        return [move for move, _ in chance_outcomes(state)]
    return [encode_ply(ply) for ply in rules.legal_actions(state)]


def successor(state: State, move: int) -> State:
    """The position after the legal ply or card draw `move`."""
    return rules.successor(state, decode_ply(move))


def results(state: State) -> tuple[float, ...]:
    """Each player's share of the win of a finished game (the AI seats' shares left out)."""
    return rules.result(state)[:players(state)]


def parse_move(state: State, text: str) -> int:
    """The legal ply (or card draw) written as `text`, as a move integer."""
    ply = parse_action(state, text)
    return encode_card(ply) if rules.is_chance(state) else encode_ply(ply)


def format_move(state: State, move: int) -> str:
    """The notation of move integer `move` in `state`."""
    return format_action(state, decode_ply(move))


def perft(state: State, depth: int) -> int:
    """Ply sequences of exactly `depth` decisions below `state`; a card draw uses up no depth."""
    return chance_perft(state, depth, chance_outcomes, legal_moves, successor)


def phase_text(state: State) -> str:
    """The phase in a few words: e.g. "round 1, 3 actions left", "AI draws", "game over"."""
    if state.over:
        return "game over"
    if rules.is_chance(state):
        return f"round {state.round}, AI draws a card"
    who = rules.mover(state)
    if state.wisdom[who]:
        return f"round {state.round}, spends {state.wisdom[who]} wisdom"
    pending = (plural(state.eruptions_left, "eruption") if state.eruptions_left else
               plural(state.steps_left, "travel step") if state.steps_left else "")
    return f"round {state.round}, {plural(state.actions_left, 'action')} left" + (f", {pending} to come" if pending else "")


def chance_name(state: State) -> str:
    """What chance decides next: the AI's card draw."""
    return f"seat {SEAT_LETTERS[state.current]}'s card draw (an AI opponent)"
