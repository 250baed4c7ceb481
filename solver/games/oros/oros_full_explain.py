"""The full Oros game's plies in words (rulings O-8..O-14), for `hint`, `analyze` and `moves`:
what a ply does, in the game's terms, and what it changed (wisdom, hats, new followers, the
demigods, sanctuaries, the end of the turn or the game). Imports no numba.

A ply's own words come from its kind; what it changed is read from the positions before and
after, so a sanctuary's wisdom, a follower studying where another builds, a red pyramid space or
an AI card's effects are all said the same way.
"""

from __future__ import annotations

from solver.games.oros import oros_explain
from solver.games.oros import oros_full_rules as rules
from kernels.oros.oros_game_data import COLUMNS, design
from solver.games.oros.oros_full_effects import player_map
from solver.games.oros.oros_full_game import format_move, legal_moves, phase_text
from solver.games.oros.oros_full_plies import *  # noqa: F403  (the ply kinds)
from solver.games.oros.oros_full_scoring import knowledge
from solver.games.oros.oros_full_state import SANCTUM, State, hat, is_on_map, next_kind, tile
from solver.games.oros.oros_game_binding import decode_ply
from solver.games.oros.oros_game_notation import SEAT_LETTERS, place_text
from solver.games.oros.oros_rules import cell_name
from solver.games.notation_tools import plural

KIND_WORDS = {"stones": "the standing stones", "shrine": "the shrine", "temple": "the temple"}


def where(state: State, place) -> str:
    """A follower's place in words: "d3", "the sanctum", "the shrine on d3", "the travel slot"."""
    if place == SANCTUM:
        return "the sanctum"
    if place[0] == "seat":
        return f"{KIND_WORDS[place[2]]} on {cell_name(place[1], state.map.width)}"
    if place[0] == "slot":
        return f"the {place[1]} slot"
    return place_text(state, place)


def _map_words(state: State, who: int, move: int) -> str:
    """A tectonics move as oros_explain says it, with the mover's abilities."""
    return oros_explain.action_in_words(player_map(state, who), move)


def _act_words(state: State, who: int, act: Act) -> str:
    """An action: its slot's words, then what it does."""
    detail = act.detail
    if detail is None:
        return f"the {act.slot} slot and does nothing there (the action still counts)"
    if act.slot in rules.MAP_KINDS:
        return f"{act.slot}: {_map_words(state, who, detail)}"
    if isinstance(detail, Enrol):
        return f"study: the follower on the {detail.follower} slot enrols in {where(state, detail.school)}"
    if isinstance(detail, Graduate):
        return "study: graduate from " + ", ".join(where(state, p) for p in detail.followers)
    if isinstance(detail, Walk):
        return f"travel: a follower walks from {where(state, detail.origin)} to {where(state, detail.destination)}"
    name = cell_name(detail, state.map.width)
    moves_in = f" (your follower on {name} moves in to study)" if tile(detail) in state.followers[who] else ""
    return f"build {KIND_WORDS[next_kind(state, detail)]} on the mountain at {name}{moves_in}"


def ply_words(state: State, ply) -> str:
    """What the ply does, before its consequences, e.g. "the follower on the volcano slot goes to
    study: graduate from the sanctum"."""
    who = rules.mover(state)
    if rules.is_chance(state):
        card = design().decks[state.personality][ply]
        return (f"seat {SEAT_LETTERS[state.current]} (AI) draws card {ply + 1} (develop: "
                f"{', else '.join(card.develop)}; map: {card.map.replace('_', ' ')} in zone {card.zone}; "
                f"demigod {card.demigod} up)")
    if isinstance(ply, Act):
        return f"the follower on the {ply.source} slot goes to {_act_words(state, who, ply)}"
    if isinstance(ply, Erupt):
        return f"erupt again: {_map_words(state, who, ply.move)}"
    if isinstance(ply, Walk):
        return f"walk on: from {where(state, ply.origin)} to {where(state, ply.destination)}"
    if isinstance(ply, Stop):
        return "stop the " + ("volcano action's eruptions" if state.eruptions_left else "travel action's steps")
    if isinstance(ply, Put):
        return f"the follower waiting on the board goes to the empty {ply.slot} slot (it does not act there)"
    if isinstance(ply, Raise):
        return f"spend 1 wisdom: the {ply.column} hat rises to level {hat(state, who, ply.column) + 1}"
    if isinstance(ply, ForcedIsland):
        return (f"forced (no follower on the map): the follower on the {ply.source} slot goes to the "
                f"level-1 tile at {cell_name(ply.cell, state.map.width)}")
    if isinstance(ply, ForcedStudy):
        return f"forced (all six slots full): the follower on the {ply.source} slot studies in the sanctum"
    return f"end the turn with {plural(state.actions_left, 'action')} unused"


def map_move(ply) -> int | None:
    """The tectonics move a ply makes on the map, None for one that makes none."""
    if isinstance(ply, Act) and ply.slot in rules.MAP_KINDS:
        return ply.detail
    return ply.move if isinstance(ply, Erupt) else None


def changes(before: State, after: State, who: int | None, move: int | None = None) -> list[str]:
    """What changed for each seat between two positions, in words, seat `who` "you" (None: every
    seat by its letter); `move` the tectonics move made on the map, if any (its collisions and new
    land are said first)."""
    def name(seat: int) -> str:
        return "you" if seat == who else SEAT_LETTERS[seat]

    said = []
    effects = oros_explain.effects_in_words(before.map, after.map, move) if move is not None else ""
    if effects:
        said.append(effects)
    for seat in range(before.seats):
        gained = after.wisdom[seat] - before.wisdom[seat]
        raised = [c for c in COLUMNS if hat(after, seat, c) > hat(before, seat, c)]
        if gained > 0:
            said.append(f"{name(seat)} +{gained} wisdom")
        elif before.ai[seat] and raised and not gained:
            said.append(f"{name(seat)} raises {', '.join(raised)}")
        if after.recruits[seat] > before.recruits[seat]:
            said.append(f"{name(seat)} {'cross' if seat == who else 'crosses'} the horizon: a new follower")
        if after.pyramid[seat] != before.pyramid[seat]:
            said.append(f"{'your' if seat == who else SEAT_LETTERS[seat] + chr(39) + 's'} demigod moves "
                        f"{before.pyramid[seat]} -> {after.pyramid[seat]}")
        if seat != who and sum(map(is_on_map, after.followers[seat])) < sum(map(is_on_map, before.followers[seat])):
            said.append(f"{name(seat)} loses followers from the map")
    for space in sorted(after.fired - before.fired):
        said.append(f"red space {space}: +{design().red_volcano_levels} volcano levels on every hotspot")
    if after.over:
        said.append(_result_words(after))
    elif after.current != before.current and not rules.is_chance(before):
        said.append(f"the turn passes to {SEAT_LETTERS[after.current]}")
    return said


def _result_words(state: State) -> str:
    """The end: who won on knowledge."""
    values = rules.result(state)
    scores = ", ".join(f"{SEAT_LETTERS[s]} {knowledge(state, s)}" for s in range(state.seats))
    winners = " and ".join(SEAT_LETTERS[s] for s, v in enumerate(values) if v > 0)
    return f"the game ends: {winners} win{'s' if ' and ' not in winners else ''} (knowledge {scores})"


def step_words(state: State, move: int) -> str:
    """One ply and what it changed, in a sentence."""
    ply = decode_ply(move)
    if rules.is_chance(state):
        said = changes(state, rules.successor(state, ply), None)
    else:
        said = changes(state, rules.successor(state, ply), rules.mover(state), map_move(ply))
    return ply_words(state, ply) + (": " + "; ".join(said) if said else "")


def explain_move(state: State, move: int, score=None) -> str:
    """The record's `explain`: the ply in words, then the search's value where given (MCTS backs up
    the kernel's search_values: a quarter the win, three quarters the seat's part of the knowledge)."""
    verdict = (f" (search value {100 * score.value:.0f}%: win and knowledge share in simulated games)"
               if score is not None and score.kind == "value" else "")
    return step_words(state, move) + verdict


def touched_cells(state: State, move: int) -> tuple[int, ...]:
    """The cells a ply changes: the map's, and where followers or sanctuaries came or went."""
    after = rules.successor(state, decode_ply(move))

    def marks(position: State) -> list:
        return [(tuple(sorted(p for places in position.followers for p in places if p[0] in ("tile", "seat")
                               and p[1] == cell)), tuple(s for s in position.sanctuaries if s.cell == cell))
                for cell in range(position.map.cells)]

    moved = {cell for cell, (a, b) in enumerate(zip(marks(state), marks(after))) if a != b}
    return tuple(sorted(moved | set(oros_explain.changed_cells(state.map, after.map))))


def strokes(state: State, move: int) -> tuple[tuple[int, ...], ...]:
    """How a picture draws a ply: its tectonics move as the map's strokes (oros_explain.strokes),
    every other cell it changes (followers, sanctuaries) as a ring."""
    tectonics = map_move(decode_ply(move))
    marks = oros_explain.strokes(state.map, tectonics) if tectonics is not None else ()
    drawn = {cell for mark in marks for cell in mark}
    return marks + tuple((cell,) for cell in touched_cells(state, move) if cell not in drawn)


def describe_moves(state: State) -> list[str]:
    """The legal plies of the seat to move, grouped by what they do (at an AI's draw: its cards)."""
    moves = legal_moves(state)
    if state.over:
        return [f"no legal plies: {_result_words(state)}"]
    seat = SEAT_LETTERS[rules.mover(state)]
    if rules.is_chance(state):
        lines = [f"the next ply is seat {SEAT_LETTERS[state.current]}'s card draw (an AI), not a choice: "
                 f"{len(moves)} cards, each as likely"]
        return lines + [f"  {format_move(state, m):8} {ply_words(state, decode_ply(m))}" for m in moves]
    groups: dict[str, list[str]] = {}
    for move in moves:
        ply, text = decode_ply(move), format_move(state, move)
        groups.setdefault(ply.slot if isinstance(ply, Act) else text.split(":")[0], []).append(text)
    lines = [f"{len(moves)} legal plies for {seat} ({phase_text(state)})"]
    for kind, texts in groups.items():
        shown = " ".join(texts[:12]) + (f" ... ({len(texts) - 12} more)" if len(texts) > 12 else "")
        lines.append(f"  {kind:9} {len(texts):4}  {shown}")
    return lines
