"""Penguins moves in plain words: what a move does on the board, for `moves` and `hint`.

The words come from the move's events (`move_events` in the reference rules, traced while the
move is carried out), so every tile effect is told in the order it happens (P-9).
"""

from __future__ import annotations

from dataclasses import replace
from operator import attrgetter

from solver.analysis import Score
from solver.games.penguins.penguins_rules import (
    BEFORE,
    BLAZING,
    CW,
    DIRECTIONS,
    EGG,
    EMPEROR,
    EXPLORATIONS,
    HATCH,
    HOLE,
    ICEBERG,
    KRILL,
    LAND,
    NEST,
    ONGOING,
    ORBIT,
    PLAY,
    RIVAL_EGG,
    RIVER,
    SEAGULL,
    SEAL,
    SIDES,
    SLIDE,
    STAR,
    TENT,
    WALKED,
    WON,
    Event,
    Move,
    Piece,
    State,
    edge_neighbour,
    hatchling,
    legal_moves,
    move_events,
    neighbour,
    seat_label,
    status,
    successor,
    winning_moves,
)
from solver.games.penguins.penguins_notation import format_move, square_name
from solver.games.notation_tools import plural

ACTION_TITLES = {RIVAL_EGG: "rival egg", LAND: "land", HATCH: "hatch", SLIDE: "slide", ORBIT: "orbit"}
BARRIER_WORDS = {ICEBERG: "the iceberg", SEAGULL: "the seagull", EMPEROR: "the emperor", NEST: "the nest", SEAL: "the seal"}
SENSE_WORDS = ("clockwise", "counter-clockwise")
# The parts a move may add to its action (P-9), in notation order: Move field(s), words, unit, and
# whether the part is a choice between orders or branches (its "nothing" value is one of the ways)
# rather than something added to the move.
PARTS = (
    (("emperor", "emperor_direction"), "emperor penguin", "way", False),
    (("seal", "seal_direction"), "seal", "way", False),
    (("seal_first",), "seal or emperor first", "way", True),
    (("river_first",), "tent or river first", "way", True),
    (("river_priority",), "river confluences", "way", True),
    (("branches",), "river forks", "way", True),
    (("seagull_early",), "seagull before or between the tent and river", "way", True),
    (("seagull",), "seagull", "space", False),
    (("krill",), "krill eggs", "choice", False),
    (("krill_order",), "krill eggs' time", "way", True),
    (("blazing",), "blazing", "egg", False),
)


def seat_words(state: State) -> str:
    """The side to move, with the player in team mode (P-2): 'A', or 'A (player A2)'."""
    side, seat = SIDES[state.to_move], seat_label(state)
    return side if seat == side else f"{side} (player {seat})"


def _owner(me: int, side: int) -> str:
    """'your' or "B's"."""
    return "your" if side == me else f"{SIDES[side]}'s"


def _back_to(me: int, side: int) -> str:
    """Where an egg sent back goes: 'your supply' or 'B'."""
    return "your supply" if side == me else SIDES[side]


def piece_words(piece: Piece, me: int) -> str:
    """A piece as the mover says it: 'your egg', "B's star penguin", 'the seagull'."""
    if piece.side is None:
        return BARRIER_WORDS[piece.kind]
    noun = {EGG: "egg", STAR: "star penguin"}.get(piece.kind, "penguin")
    return f"{_owner(me, piece.side)} {noun}"


def _at(state: State, square: int) -> str:
    """The name of a space, like 'c4'."""
    return square_name(state.width, square)


def _and(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _step_name(state: State, square: int, target: int) -> str:
    """The direction of one step between neighbours (wrapping), like 'NE'."""
    return next(name for d, (name, _, _) in enumerate(DIRECTIONS) if neighbour(state.width, state.height, square, d) == target)


# ------------------------------------------------------------------------------ one move in words


def _seaweed_entered(state: State, move: Move, path) -> int:
    """The seaweed space that took the penguin off the board: the walk's last space, or where the
    storm threw it (P-15, P-21)."""
    if path.storm:
        return edge_neighbour(state.width, state.height, path.stop, move.storm_push)
    return path.entered[-1]


def _walk_words(state: State, move: Move, event: Event) -> str:
    """An exploration: its path with hole, storm, seaweed and frozen egg, then eggs laid and eggs broken."""
    me, path, stop = state.to_move, event.walk, event.moves[0][2]
    if move.action == ORBIT:
        words = f"orbits the nest {SENSE_WORDS[move.direction]} from {_at(state, move.square)}"
    else:
        words = f"slides from {_at(state, move.square)}"
    holes = state.tiles_of(HOLE)
    # P-20: the jump happens at the first hole entered; the other hole is entered unless it is blocked.
    entry = next((s for s in path.entered if s in holes), None) if move.hole_jump else None
    way_out = None
    then = ""
    if entry is not None:
        other = holes[0] if holes[1] == entry else holes[1]
        if other in path.entered:
            way_out, then = other, ", then goes on"
            words += f", drops into the hole on {_at(state, entry)} and comes out of the hole on {_at(state, other)}"
        else:
            words += f" into the hole on {_at(state, entry)}, whose other end {_at(state, other)} is blocked,"
    if stop is None:
        who = "the star penguin" if event.piece.kind == STAR else "the penguin"
        if path.storm:  # P-15, P-21: thrown onto seaweed
            words += f"{then} into the storm on {_at(state, path.stop)}, which throws you"
        words += (f"{then if not path.storm else ''} into the seaweed on {_at(state, _seaweed_entered(state, move, path))}, "
                  f"which sends {who} back to your unused penguins")
    elif path.storm:
        words += f"{then} into the storm on {_at(state, path.stop)}, which "
        words += f"throws you to {_at(state, stop)}" if stop != path.stop else "has nowhere to throw you"
    elif way_out is not None and stop == way_out:
        words += ", where it stops"
    elif entry is not None and stop == entry:
        words += f" and stops on {_at(state, stop)}"
    else:
        words += f"{then} to {_at(state, stop)}"
    if path.thawed is not None:
        owner = next(egg.side for egg, s in event.removed if s == path.thawed)
        words += f", stopped by the frozen egg on {_at(state, path.thawed)}, which goes back to {_back_to(me, owner)}"
    broken = [s for egg, s in event.removed if s != path.thawed and egg.side != me]
    words += f", laying {plural(len(event.laid), 'egg')}"
    if broken:
        words += f" and breaking {plural(len(broken), 'rival egg')}"
    return words


def _moves_words(state: State, moves, me: int, how: str) -> str:
    """Pieces moved by a tent or river: "your penguin from d2 to d3", "B's egg on f2 off the board"."""
    parts = [f"{piece_words(p, me)} on {_at(state, s)} off the board" if t is None
             else f"{piece_words(p, me)} from {_at(state, s)} to {_at(state, t)}" for p, s, t in moves]
    return f"{how} {_and(parts)}"


def event_words(state: State, move: Move, event: Event) -> str:
    """One part of a move in words, like 'the seagull flies to e5'."""
    me, kind = state.to_move, event.kind
    if kind == RIVAL_EGG:
        return f"places {SIDES[1 - me]}'s egg on {_at(state, event.square)}"
    if kind == LAND:
        return f"lays an egg on {_at(state, event.square)}"
    if kind == HATCH:
        egg = event.removed[0][0]
        penguin = "the star penguin" if event.piece.kind == STAR else "an assistant penguin"
        if egg.side == me:
            return f"hatches the egg on {_at(state, event.square)} into {penguin} (the egg goes back to your supply)"
        penguin = "your star penguin" if event.piece.kind == STAR else "your assistant penguin"
        return (f"hatches {SIDES[egg.side]}'s egg on {_at(state, event.square)}, next to radiation, into {penguin} "
                f"(the egg goes back to {SIDES[egg.side]})")
    if kind == WALKED:
        return _walk_words(state, move, event)
    if kind in (EMPEROR, SEAL):
        _, start, target = event.moves[0]
        words = f"{BARRIER_WORDS[kind]} steps {_step_name(state, start, target)} "
        if event.removed:
            egg = event.removed[0][0]
            words += f"onto {piece_words(egg, me)} on {_at(state, target)}, which goes back to {_back_to(me, egg.side)}"
        else:
            words += f"to {_at(state, target)}"
        return words + (f" and leaves your egg on {_at(state, start)}" if kind == EMPEROR else "")
    if kind == TENT:
        sense = SENSE_WORDS[0 if state.tile(event.square).sense == CW else 1]
        return _moves_words(state, event.moves, me, f"the tent on {_at(state, event.square)} turns its ring {sense}, moving")
    if kind == RIVER:
        if not event.moves:
            return "the river flows, but nothing on it can move"
        return _moves_words(state, event.moves, me, "the river carries")
    if kind == SEAGULL:
        target = event.moves[0][2]
        return "the seagull finds no empty space and leaves the game" if target is None else f"the seagull flies to {_at(state, target)}"
    if kind == KRILL:
        eggs = " and ".join(_at(state, s) for s in event.laid)
        return f"krill lets you lay {'an extra egg' if len(event.laid) == 1 else 'extra eggs'} on {eggs}"
    if kind == BLAZING:
        egg, square = event.removed[0]
        return f"the blaze burns {piece_words(egg, me)} on {_at(state, square)}"
    raise ValueError(f"unknown event {kind}")


def _win_words(state: State, last: Event, winner: int) -> str:
    """What is added to the part of a move that empties a supply (P-8)."""
    me = state.to_move
    if winner != me:
        return f", {SIDES[winner]}'s last: {SIDES[winner]} wins at once"
    if last.kind == LAND:
        return ", your last: wins at once"
    if last.kind == WALKED and len(last.laid) > 1:
        return ": your last eggs, wins at once"
    return ": your last egg, wins at once"


def action_words(state: State, move: Move) -> str:
    """Every part of the move in the order it happens, e.g. 'slides from c1 to c4, laying 3 eggs and breaking 1 rival egg'."""
    events = move_events(state, move)
    won = events[-1].side if events[-1].kind == WON else None
    parts = [event for event in events if event.kind != WON]
    words = [event_words(state, move, event) for event in parts]
    if won is not None:
        words[-1] += _win_words(state, parts[-1], won)
    return "; ".join(words)


# ------------------------------------------------------------------------------ the move list


def path_effects(state: State, move: Move) -> str:
    """Where an exploration ends, eggs laid, eggs broken, tiles met, in a few words ('to f3, 4 eggs, captures 2')."""
    events = move_events(state, move)
    walked = next(e for e in events if e.kind == WALKED)
    path, stop = walked.walk, walked.moves[0][2]
    words = []
    if move.hole_jump:
        jumped = [s for s in path.entered if s in state.tiles_of(HOLE)]
        words.append(f"through the holes {_at(state, jumped[0])} and {_at(state, jumped[1])}" if len(jumped) == 2
                     else f"hole {_at(state, jumped[0])}, the other end blocked")
    if stop is None:
        thrown = f"storm {_at(state, path.stop)} throws it " if path.storm else ""
        words.append(f"{thrown}into the seaweed on {_at(state, _seaweed_entered(state, move, path))} (the penguin goes back)")
    elif path.storm:
        words.append(f"storm {_at(state, path.stop)} throws it to {_at(state, stop)}" if stop != path.stop else f"stays on the storm {_at(state, path.stop)}")
    else:
        words.append(f"to {_at(state, stop)}")
    if path.thawed is not None:
        words.append(f"frozen egg {_at(state, path.thawed)} goes back")
    words.append(plural(len(walked.laid), "egg"))
    broken = sum(1 for egg, s in walked.removed if s != path.thawed and egg.side != state.to_move)
    if broken:
        words.append(f"captures {broken}")
    kinds = {e.kind for e in events}
    words += [what for kind, what in ((TENT, "the tent turns"), (RIVER, "the river flows")) if kind in kinds]
    if events[-1].kind == WON and events[-2] is walked:
        words.append("wins")
    return ", ".join(words)


def parts_words(state: State, moves: list[Move]) -> str:
    """The parts that vary among `moves` (same action), with how many values each takes, e.g. 'seagull: 27 spaces'."""
    words = []
    blank = Move(SLIDE, 0)
    for fields, what, unit, choice in PARTS:
        part = attrgetter(*fields)
        nothing = part(blank)
        values = set(map(part, moves))
        if values == {nothing}:
            continue
        if choice:
            words.append(f"{what}: {plural(len(values), unit)}")
            continue
        optional = nothing in values
        values.discard(nothing)
        words.append(f"{what}{' (optional)' if optional else ''}: {plural(len(values), unit)}")
    return ", ".join(words)


def _examples(state: State, moves: list[Move]) -> str:
    """A few tokens of `moves`: the first, one from the middle, the last."""
    picks = sorted({0, len(moves) // 2, len(moves) - 1})
    return " ".join(format_move(state, moves[i]) for i in picks)


def _variants_note(state: State, moves: list[Move], shown: Move) -> str:
    """'' for a single move shown as it is; else the count of variants, their parts and examples."""
    if len(moves) == 1 and moves[0] == shown:
        return ""
    return f" [{plural(len(moves), 'move')}: {parts_words(state, moves)}; e.g. {_examples(state, moves)}]"


def _exploration_lines(state: State, title: str, moves: list[Move]) -> list[str]:
    """One line per way an exploration goes (penguin, direction, hole jump, storm throw), its variants counted."""
    groups: dict[tuple[Move, str], list[Move]] = {}
    ways: dict[tuple, tuple[Move, str]] = {}
    for move in moves:
        # A step of the emperor or seal before the action may change where the penguin goes.
        way = (move.square, move.direction, move.hole_jump, move.storm_push,
               move.emperor_direction if move.emperor == BEFORE else -1, move.seal_direction if move.seal == BEFORE else -1)
        if way not in ways:
            path = Move(move.action, move.square, move.direction, hole_jump=move.hole_jump, storm_push=move.storm_push)
            ways[way] = (path, path_effects(state, move))
        groups.setdefault(ways[way], []).append(move)
    # The ways of one penguin and direction together, those that need a step first after the others.
    order = sorted(groups, key=lambda key: (key[0].square, key[0].direction))
    tokens = {path: format_move(state, path) for path, _ in groups}
    width = max(7, *map(len, tokens.values()))
    return [f"  {title:9} {tokens[path]:{width}} {effects}{_variants_note(state, groups[path, effects], path)}"
            for path, effects in order]


def describe_moves(state: State) -> list[str]:
    """Lines listing the legal moves of the side to move, each action once, with its effects and variants."""
    moves = legal_moves(state)
    if not moves:
        return [f"no legal moves for {SIDES[state.to_move]} (the game is over)"]
    side, seat = SIDES[state.to_move], seat_label(state)
    details = state.phase if seat == side else f"player {seat}, {state.phase}"
    lines = [f"{len(moves)} legal moves for {side} ({details}):"]
    for action, title in ACTION_TITLES.items():
        group = [m for m in moves if m.action == action]
        if not group:
            continue
        if action in EXPLORATIONS:
            lines += _exploration_lines(state, title, group)
            continue
        bases = sorted(set(m.base() for m in group))
        note = f" (brings on the {hatchling(state)})" if action == HATCH else ""
        irradiated = [b for b in bases if action == HATCH and state.board[b.square] is not None
                      and state.board[b.square].kind == EGG and state.board[b.square].side != state.to_move]
        if irradiated:
            note += f"; {' '.join(format_move(state, b) for b in irradiated)}: {SIDES[1 - state.to_move]}'s, next to radiation"
        lines.append(f"  {title:9} {' '.join(format_move(state, b) for b in bases)}{note}")
        if len(group) > len(bases):
            lines.append(f"  {'':9} {plural(len(group), 'move')} with their parts: {parts_words(state, group)}; "
                         f"e.g. {_examples(state, group)}")
    return lines


# ------------------------------------------------------------------------------ hints


def consequence_words(state: State, move: Move) -> str:
    """What the position after the move threatens or allows, in a few words ('' if nothing)."""
    me = state.to_move
    after = successor(state, move)
    if status(after) != ONGOING:
        return ""
    rival_wins = winning_moves(after)
    if rival_wins:
        return f"but lets {seat_words(after)} win at once with {format_move(after, rival_wins[0])}"
    if after.phase == PLAY and winning_moves(replace(after, to_move=me)):
        return "and threatens to win next turn"
    return ""


def line_steps(state: State, start: int, target: int) -> tuple[int, str] | None:
    """(steps, direction name) of the shortest straight run from `start` to `target` along a
    wrapping line (P-1), or None when `target` is on none of the six lines of `start`."""
    runs = []
    for direction, (name, _, _) in enumerate(DIRECTIONS):
        square, steps = neighbour(state.width, state.height, start, direction), 1
        while square not in (start, target):
            square, steps = neighbour(state.width, state.height, square, direction), steps + 1
        if square == target:
            runs.append((steps, name))
    return min(runs) if runs else None


def setup_words(state: State, move: Move) -> str:
    """Why a rival egg (P-4) ranks where it does, in words ('' after other moves): on a board
    with nothing on it every space is alike; else where the egg lies from the eggs already down."""
    if move.action != RIVAL_EGG:
        return ""
    if not any(state.board) and not any(state.terrain):
        # The board wraps on both axes (P-1), so a shift maps any space onto any other with
        # every line and neighbour kept: the positions after any two first eggs are the same game.
        return "(as good as any first egg: on the empty wrapping board every space is alike)"
    me = state.to_move
    eggs = [square for square, piece in enumerate(state.board) if piece is not None and piece.kind == EGG]
    words = []
    for square in eggs:
        owner = "your" if state.board[square].side == me else f"{SIDES[state.board[square].side]}'s"
        run = line_steps(state, square, move.square)
        where = (f"on no line of {owner} egg on {_at(state, square)}" if run is None else
                 f"{plural(run[0], 'space')} {run[1]} of {owner} egg on {_at(state, square)}")
        words.append(where)
    return f"({_and(words)})" if words else ""


def score_words(score: Score) -> str:
    """The search's verdict in words."""
    if score.kind == "none":
        return "no score: a scripted pick"
    if score.kind == "win":
        return "wins at once" if score.plies == 1 else f"wins in {score.plies} plies against any defence"
    if score.kind == "loss":
        return f"loses in {score.plies} plies against best play"
    if score.kind == "draw":
        return "draws with best play"
    if score.kind == "value":
        return f"wins {100 * score.value:.0f}% of simulated games"
    return f"evaluation {score.value:+.2f} eggs"


def explain_move(state: State, move: Move, score: Score) -> str:
    """One line in plain words: the move's effects, what it threatens or allows, and its score."""
    parts = [action_words(state, move)]
    for extra in (consequence_words(state, move), setup_words(state, move)):
        if extra:
            parts.append(extra)
    verdict = score_words(score)
    if "wins at once" not in parts[0] or score.kind != "win":
        parts.append(f"({verdict})")
    return " ".join(parts)
