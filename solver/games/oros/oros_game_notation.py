"""The full Oros game's notation (rulings O-8..O-14): a position as one line of text, a ply as one token.

The grammar is documented, with examples, in docs/notation.md (section "Oros full game"). The map
is written in the tectonics notation of oros_notation.py. `parse_position` validates every field
and raises NotationError naming the field and its 1-based column; for canonical text
`format_position(parse_position(text)) == text`, and `format_action(state, parse_action(state,
text)) == text` for the canonical text of a legal ply.

A position is thirteen fields separated by blanks, then `over` once the game has ended:

    SIZE ROWS SEATS HATS FOLLOWERS WISDOM SANCTUARIES PYRAMID FIRED DECKS ROUND START TURN [over]
    7x5 2.31*.4./.14.231/32*.14v1.2/1.23.1*4/.41.32. 1:friendly 11111111/11111111/11111111
        ..oooo/......hhhh/......hhhh 0 - 0/0/0 - 12345678:-/12345678:- 1 A A3

SEATS: the players, ':' and the AI deck (AI opponents fill to 3 seats after the players). Per
seat, '/' between: HATS the eight hat levels (drift tectonic volcano study travel stones shrine
temple); FOLLOWERS the six slots ('o' a follower, '.' none), then 's' per follower in the
sanctum, 'h' per follower at home (an AI's, or a player's waiting to be put on a slot), then the
cells of followers on tiles; PYRAMID the
demigod's space. WISDOM per player. SANCTUARIES: `d3sAB` is the standing stones (s; h shrine,
t temple) on d3, built by A, with B's follower studying there. FIRED: the red spaces fired.
DECKS per AI: its draw pile's card numbers, ':', its discard's top card. TURN: the seat to play,
its actions left, then `e2` (eruptions) or `w3` (travel steps) still to come.

A ply: `volcano>drift:2E1` (the follower on the volcano slot goes to drift and drifts row 2 east
1), `volcano>drift:-` (it goes there and does nothing), `erupt:e3v1:N1`, `walk:c3-d3`, `stop`,
`end`, `put:travel` (a follower waiting at home goes to the travel slot), `raise:study`,
`forced:study>d1`, `draw:3`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache, lru_cache

from solver.errors import IllegalMove, NotationError
from solver.games.notation_tools import move_text, parts_with_columns, whole_number, words_with_columns
from solver.games.oros import oros_notation
from solver.games.oros.oros_full_ai import draw_pile
from kernels.oros.oros_game_data import COLUMNS, HORIZON_COLUMNS, KINDS, LEVELS, PERSONALITIES, SLOTS, design
from solver.games.oros.oros_full_effects import player_map
from solver.games.oros.oros_full_plies import *  # noqa: F403  (the ply kinds)
from solver.games.oros.oros_full_rules import MAP_KINDS, chance_outcomes, is_chance, legal_actions, mover
from solver.games.oros.oros_full_state import (
    HOME,
    MIN_SEATS,
    SANCTUM,
    Deck,
    Place,
    Sanctuary,
    State,
    next_kind,
    seat,
    setup,
    slot,
    tile,
)
from solver.games.oros.oros_rules import MOUNTAIN, SEA, cell_name, move_kind

FIELDS = ("size", "rows", "seats", "hats", "followers", "wisdom", "sanctuaries", "pyramid", "fired", "decks",
          "round", "start", "turn")
SEAT_LETTERS = "ABCD"
KIND_LETTERS = "sht"  # stones, shrine, temple, in the order of KINDS
ON_SLOT, FREE_SLOT = "o", "."
IN_SANCTUM, AT_HOME = "s", "h"
NONE = "-"
OVER = "over"
ERUPTIONS, STEPS = "e", "w"  # the pending parts of a volcano or travel action in the turn field
_CELL = re.compile(r"[a-h][1-8]")
# The starts: name -> (players, AI deck), each set up with START_SEED.
STARTS = {"game1": (1, "friendly"), "game2": (2, "friendly"), "game3": (3, "friendly"), "game4": (4, "friendly"),
          "game1-aggressive": (1, "aggressive"), "game2-aggressive": (2, "aggressive")}
START_SEED = 0


# --------------------------------------------------------------------------- places


def place_text(state: State, place: Place) -> str:
    """A follower's place in an action: a slot's name, `sanctum`, a tile's cell (`d3`) or a
    sanctuary's seat, its cell and kind letter (`d3h`, the shrine on d3)."""
    if place[0] == "slot":
        return place[1]
    if place[0] == "tile":
        return cell_name(place[1], state.map.width)
    if place[0] == "seat":
        return cell_name(place[1], state.map.width) + KIND_LETTERS[KINDS.index(place[2])]
    return place[0]


def _parse_place(state: State, text: str, column: int) -> Place:
    if text in SLOTS:
        return slot(text)
    if text == "sanctum":
        return SANCTUM
    match = re.fullmatch(r"([a-z][0-9])([a-z]?)", text)
    if not match or (match.group(2) and match.group(2) not in KIND_LETTERS):
        raise NotationError("move", column, f"'{text}' is not a place: a slot ({' '.join(SLOTS)}), sanctum, a cell "
                                            "like d3, or a sanctuary's seat like d3h (s stones, h shrine, t temple)")
    cell = oros_notation.parse_cell(match.group(1), state.map.width, state.map.height, "move", column)
    return seat(cell, KINDS[KIND_LETTERS.index(match.group(2))]) if match.group(2) else tile(cell)


# --------------------------------------------------------------------------- positions


def format_position(state: State) -> str:
    """The canonical text of a full-game position."""
    players = state.ai.count(False)
    ai_seats = [who for who in range(state.seats) if state.ai[who]]
    builds = sorted(state.sanctuaries, key=lambda s: (s.cell, KINDS.index(s.kind)))
    words = [
        oros_notation.format_position(state.map),
        f"{players}:{state.personality}",
        "/".join("".join(map(str, levels)) for levels in state.hats),
        "/".join(_followers_text(state, who) for who in range(state.seats)),
        "/".join(str(points) for points in state.wisdom[:players]),
        ",".join(_sanctuary_text(state, s) for s in builds) or NONE,
        "/".join(map(str, state.pyramid)),
        ",".join(map(str, sorted(state.fired))) or NONE,
        "/".join(_deck_text(state.decks[who]) for who in ai_seats) or NONE,
        str(state.round),
        SEAT_LETTERS[state.first],
        SEAT_LETTERS[state.current] + str(state.actions_left)
        + (f"{ERUPTIONS}{state.eruptions_left}" if state.eruptions_left else "")
        + (f"{STEPS}{state.steps_left}" if state.steps_left else ""),
    ]
    return " ".join(words + ([OVER] if state.over else []))


def _followers_text(state: State, who: int) -> str:
    places = state.followers[who]
    slots = "".join(ON_SLOT if slot(name) in places else FREE_SLOT for name in SLOTS)
    tiles = "".join(cell_name(p[1], state.map.width) for p in places if p[0] == "tile")
    return slots + IN_SANCTUM * places.count(SANCTUM) + AT_HOME * places.count(HOME) + tiles


def _sanctuary_text(state: State, sanctuary: Sanctuary) -> str:
    student = [SEAT_LETTERS[who] for who, places in enumerate(state.followers)
               if seat(sanctuary.cell, sanctuary.kind) in places]
    return (cell_name(sanctuary.cell, state.map.width) + KIND_LETTERS[KINDS.index(sanctuary.kind)]
            + SEAT_LETTERS[sanctuary.owner] + "".join(student))


def _deck_text(deck: Deck) -> str:
    # One digit per card number: a deck of data/ai_*.toml holds 8 cards (9 would still fit).
    pile = "".join(str(card + 1) for card in deck.draw) or NONE
    return f"{pile}:{deck.top + 1 if deck.top >= 0 else NONE}"


def parse_position(text: str) -> State:
    """The full-game position written as `text`; NotationError naming the field and column if malformed."""
    words = words_with_columns(text)
    if len(words) < len(FIELDS):
        raise NotationError(FIELDS[len(words)], len(text) + 1, "missing; a position has the fields "
                            + " ".join(FIELDS) + " (then `over` once the game has ended); see docs/notation.md")
    at = dict(zip(FIELDS, words))
    rows_end = at["rows"][1] - 1 + len(at["rows"][0])
    board = oros_notation.parse_position(text[:rows_end])  # the columns of its errors are ours
    if (board.width, board.height) != (design().width, design().height):
        raise NotationError("size", at["size"][1], f"the full game is played on the "
                                                    f"{design().width}x{design().height} map (O-8)")
    players, personality = _parse_seats(*at["seats"])
    ai = (False,) * players + (True,) * max(0, MIN_SEATS - players)
    seats = len(ai)
    hats = [_parse_hats(part, column) for part, column in _parts(at, "hats", seats)]
    follower_parts = _parts(at, "followers", seats)
    followers = [_parse_followers(part, column, ai[who], board) for who, (part, column) in enumerate(follower_parts)]
    wisdom = [whole_number(part, "wisdom", column, 0, sum(LEVELS - level for level in hats[who]))
              for who, (part, column) in enumerate(_parts(at, "wisdom", players, "player"))]
    sanctuaries = _parse_sanctuaries(*at["sanctuaries"], board, seats, followers)
    for who, (_, column) in enumerate(follower_parts):
        _check_recruits(followers[who], column, ai[who], hats[who])
    pyramid = _parse_pyramid(at, seats)
    fired = _parse_fired(*at["fired"], max(pyramid))
    decks = _parse_decks(at, ai, personality)
    round_number = whole_number(at["round"][0], "round", at["round"][1], 1, design().max_rounds)
    first = _seat_letter(*at["start"], "start", players, "a player")
    state = State(
        map=board,
        ai=ai,
        personality=personality,
        hats=tuple(hats),
        followers=tuple(tuple(sorted(places)) for places in followers),
        recruits=tuple(len(followers[who]) - _start_followers(ai[who]) for who in range(seats)),
        sanctuaries=tuple(sorted(sanctuaries)),
        pyramid=tuple(pyramid),
        fired=frozenset(fired),
        decks=decks,
        wisdom=tuple(wisdom) + (0,) * (seats - players),
        first=first,
        current=0,
        round=round_number,
        actions_left=0,
        eruptions_left=0,
        steps_left=0,
    )
    return _parse_turn(state, at["turn"], words[len(FIELDS):])


def _parts(at: dict, field: str, count: int, each: str = "seat") -> list[tuple[str, int]]:
    """The '/'-joined parts of `field`, exactly `count` of them, one per `each`."""
    word, column = at[field]
    parts = parts_with_columns(word, column, "/")
    if len(parts) != count:
        raise NotationError(field, column, f"'{word}' has {len(parts)} parts joined by '/'; "
                                           f"write one per {each} ({count})")
    return parts


def _seat_letter(letter: str, column: int, field: str, seats: int, what: str = "a seat") -> int:
    if len(letter) != 1 or letter not in SEAT_LETTERS[:seats]:
        raise NotationError(field, column, f"'{letter}' should be {what}: {' '.join(SEAT_LETTERS[:seats])}")
    return SEAT_LETTERS.index(letter)


def _parse_seats(word: str, column: int) -> tuple[int, str]:
    number, colon, personality = word.partition(":")
    if not colon:
        raise NotationError("seats", column, f"'{word}' should be the players and the AI deck, like 1:friendly")
    players = whole_number(number, "seats", column, 1, 4)
    if personality not in PERSONALITIES:
        raise NotationError("seats", column + len(number) + 1, f"'{personality}' is not an AI deck: "
                                                              + " ".join(PERSONALITIES))
    return players, personality


def _parse_hats(part: str, column: int) -> tuple[int, ...]:
    if len(part) != len(COLUMNS):
        raise NotationError("hats", column, f"'{part}' should be {len(COLUMNS)} levels, one per column "
                                            f"({' '.join(COLUMNS)}), like 11111111")
    return tuple(whole_number(digit, "hats", column + i, 1, LEVELS) for i, digit in enumerate(part))


def _start_followers(is_ai: bool) -> int:
    return design().ai_home if is_ai else len(design().start_slots)


def _parse_followers(part: str, column: int, is_ai: bool, board) -> list[Place]:
    """A seat's followers but those studying in sanctuaries (the sanctuaries field has those)."""
    for i, char in enumerate(part[:len(SLOTS)] if len(part) >= len(SLOTS) else part + " "):
        if char not in (ON_SLOT, FREE_SLOT):
            raise NotationError("followers", column + i, f"a seat's followers start with the six slots "
                                                         f"({' '.join(SLOTS)}), '{ON_SLOT}' or '{FREE_SLOT}' each")
    places = [slot(name) for name, char in zip(SLOTS, part) if char == ON_SLOT]
    if is_ai and places:
        raise NotationError("followers", column, "an AI has no followers on slots (docs/rules/oros.md 17)")
    rest, at = part[len(SLOTS):], column + len(SLOTS)
    marks = re.match(f"({IN_SANCTUM}*)({AT_HOME}*)", rest)
    if len(marks.group(1)) > design().sanctum_seats:
        raise NotationError("followers", at, f"the sanctum has {design().sanctum_seats} seats, "
                                             f"not {len(marks.group(1))}")
    if len(marks.group(2)) > len(SLOTS) - len(places) and not is_ai:
        raise NotationError("followers", at + marks.start(2), f"{len(marks.group(2))} followers wait at home "
                                                              "for an empty slot each: more than the empty slots")
    places += [SANCTUM] * len(marks.group(1)) + [HOME] * len(marks.group(2))
    for i in range(marks.end(), len(rest), 2):
        if not _CELL.fullmatch(rest[i:i + 2]):
            raise NotationError("followers", at + i, f"'{rest[i:]}': after the slots come '{IN_SANCTUM}' per "
                                                     f"follower in the sanctum, '{AT_HOME}' per follower at home, "
                                                     "then the cells of followers on tiles, like d3")
        cell = oros_notation.parse_cell(rest[i:i + 2], board.width, board.height, "followers", at + i)
        if board.levels[cell] == SEA:
            raise NotationError("followers", at + i, f"{rest[i:i + 2]} is sea: followers stand on land")
        places.append(tile(cell))
    return places


def _check_recruits(places: list[Place], column: int, is_ai: bool, hats: tuple[int, ...]) -> None:
    # Followers are never lost, and each horizon crossing brings at most one (O-10).
    crossed = sum(hats[COLUMNS.index(c)] >= design().horizon_level for c in HORIZON_COLUMNS)
    start = _start_followers(is_ai)
    if not start <= len(places) <= start + crossed:
        raise NotationError("followers", column, f"{len(places)} followers: a seat has its {start} from the start "
                                                 f"plus one per horizon crossed ({crossed} here)")


def _parse_sanctuaries(word: str, column: int, board, seats: int, followers: list[list[Place]]) -> list[Sanctuary]:
    if word == NONE:
        return []
    built: list[Sanctuary] = []
    for part, at in parts_with_columns(word, column, ","):
        if len(part) < 4 or len(part) > 5:
            raise NotationError("sanctuaries", at, f"'{part}' should be a cell, a kind (s stones, h shrine, t temple), "
                                                   "the builder and the seat studying there if any, like d3sAB")
        cell = oros_notation.parse_cell(part[:2], board.width, board.height, "sanctuaries", at)
        if part[2] not in KIND_LETTERS:
            raise NotationError("sanctuaries", at + 2, f"'{part[2]}' is not a kind: s stones, h shrine, t temple")
        kind = KINDS[KIND_LETTERS.index(part[2])]
        owner = _seat_letter(part[3], at + 3, "sanctuaries", seats)
        if board.levels[cell] != MOUNTAIN:
            raise NotationError("sanctuaries", at, f"{part[:2]} is no mountain: sanctuaries stand on mountains (O-11)")
        here = [s for s in built if s.cell == cell]
        if any(s.kind == kind for s in here) or any(s.owner == owner for s in here):
            raise NotationError("sanctuaries", at, f"a mountain holds one {kind} and one sanctuary per player (O-11)")
        if sum(s.owner == owner and s.kind == kind for s in built) == design().per_kind:
            raise NotationError("sanctuaries", at + 3, f"a player has {design().per_kind} of each kind (O-11)")
        built.append(Sanctuary(cell, kind, owner))
        if len(part) == 5:
            followers[_seat_letter(part[4], at + 4, "sanctuaries", seats)].append(seat(cell, kind))
    for cell in dict.fromkeys(s.cell for s in built):  # built in order on each mountain (O-11)
        kinds = {s.kind for s in built if s.cell == cell}
        skipped = [kind for kind in KINDS[:len(kinds)] if kind not in kinds]
        if skipped:
            name = cell_name(cell, board.width)
            raise NotationError("sanctuaries", column, f"the sanctuaries on {name} skip the {skipped[0]}: "
                                                       "stones, shrine, temple come in that order (O-11)")
    return built


def _parse_pyramid(at: dict, seats: int) -> list[int]:
    pyramid = []
    for part, column in _parts(at, "pyramid", seats):
        space = whole_number(part, "pyramid", column, 0, design().top)
        if space and space in pyramid:
            raise NotationError("pyramid", column, f"two demigods on space {space}: only the start is shared (O-11)")
        pyramid.append(space)
    return pyramid


def _parse_fired(word: str, column: int, highest: int) -> list[int]:
    if word == NONE:
        return []
    fired: list[int] = []
    for part, at in parts_with_columns(word, column, ","):
        space = whole_number(part, "fired", at, 0, design().top)
        if space not in design().red:
            red = ", ".join(map(str, sorted(design().red)))
            raise NotationError("fired", at, f"{space} is not a red space ({red})")
        if fired and space <= fired[-1]:
            raise NotationError("fired", at, "the fired spaces go up, each once")
        if space > highest:
            raise NotationError("fired", at, f"no demigod has reached space {space} yet")
        fired.append(space)
    return fired


def _parse_decks(at: dict, ai: tuple[bool, ...], personality: str) -> tuple[Deck | None, ...]:
    word, column = at["decks"]
    ai_seats = [who for who, is_ai in enumerate(ai) if is_ai]
    if not ai_seats:
        if word != NONE:
            raise NotationError("decks", column, f"'{word}': with no AI opponent the decks field is '{NONE}'")
        return (None,) * len(ai)
    cards = len(design().decks[personality])
    decks: list[Deck | None] = [None] * len(ai)
    for who, (part, at_part) in zip(ai_seats, _parts(at, "decks", len(ai_seats), "AI")):
        pile_text, colon, top_text = part.partition(":")
        if not colon:
            raise NotationError("decks", at_part, f"'{part}' should be the draw pile's cards, ':' and the discard's "
                                                  "top card, like 12345678:- or 1345:2")
        pile = [] if pile_text == NONE else [whole_number(d, "decks", at_part + i, 1, cards) - 1
                                             for i, d in enumerate(pile_text)]
        if len(set(pile)) != len(pile):
            raise NotationError("decks", at_part, f"'{pile_text}' names a card twice")
        top_column = at_part + len(pile_text) + 1
        top = -1 if top_text == NONE else whole_number(top_text, "decks", top_column, 1, cards) - 1
        if top in pile:
            raise NotationError("decks", top_column, f"card {top + 1} tops the discard, so it is not in the draw pile")
        if top < 0 and len(pile) != cards:
            raise NotationError("decks", top_column, "before its first draw an AI's draw pile holds the whole deck")
        decks[who] = Deck(tuple(sorted(pile)), top)
    return tuple(decks)


def _parse_turn(state: State, turn: tuple[str, int], extra: list[tuple[str, int]]) -> State:
    word, column = turn
    match = re.fullmatch(rf"([A-Z])([0-9])(?:([{ERUPTIONS}{STEPS}])([0-9]))?", word)
    if not match:
        raise NotationError("turn", column, f"'{word}' should be the seat to play and its actions left, then "
                                            f"{ERUPTIONS}N eruptions or {STEPS}N travel steps to come, like A3 or B2e1")
    current = _seat_letter(match.group(1), column, "turn", state.seats)
    actions = whole_number(match.group(2), "turn", column + 1, 0, design().actions_per_turn)
    pending = {ERUPTIONS: 0, STEPS: 0}
    if match.group(3):
        most = (max(design().columns["volcano"]["eruptions"]) if match.group(3) == ERUPTIONS
                else max(design().columns["travel"]["steps"])) - 1
        pending[match.group(3)] = whole_number(match.group(4), "turn", column + 3, 1, most)
        if state.ai[current] or not actions:
            raise NotationError("turn", column + 2, "only a player's action under way has eruptions or steps to come")
    over = bool(extra) and extra[0][0] == OVER
    if len(extra) > over:
        word_extra, column_extra = extra[over]
        raise NotationError("over", column_extra, f"'{word_extra}' after the turn: only '{OVER}' may follow")
    if over and (actions or match.group(3)):
        raise NotationError("turn", column, "a game that is over has no actions left")
    waiting = any(HOME in state.followers[who] for who in range(state.seats) if not state.ai[who])
    if not over and not actions and not any(state.wisdom) and not waiting:
        raise NotationError("turn", column, "a turn with no actions left has passed, unless a follower waits "
                                            "for a slot or wisdom waits to be spent")
    return replace(state, current=current, actions_left=actions, over=over,
                   eruptions_left=pending[ERUPTIONS], steps_left=pending[STEPS])


# --------------------------------------------------------------------------- built-in starts


@cache
def _starts() -> dict[str, tuple[str, State]]:
    starts = {}
    for name, (players, personality) in STARTS.items():
        state = setup(players, personality, START_SEED)
        opponents = f" against {state.seats - players} {personality} AI opponents" if state.seats > players else ""
        described = f"{players} player{'s' if players > 1 else ''}{opponents}, {SEAT_LETTERS[state.first]} starts"
        starts[name] = (described, state)
    return starts


def full_game_positions() -> dict[str, tuple[str, State]]:
    """The built-in starts of the full game for 1-4 players: name -> (description, position)."""
    return dict(_starts())


# --------------------------------------------------------------------------- plies

ACTION_HELP = ("write an action SOURCE>SLOT:DETAIL (volcano>drift:2E1, study>volcano:e3v1:N1, "
               "drift>study:volcano>sanctum, drift>study:graduate:sanctum, volcano>travel:c3-d3, "
               f"volcano>sanctuary:stones@d3, or volcano>drift:{NONE} doing nothing), erupt:e3v1:N1, walk:c3-d3, "
               "stop, end, put:travel, raise:study, forced:study>d1, forced:study>sanctum, or draw:N for an AI's card")


def format_action(state: State, ply) -> str:
    """The token of the legal ply `ply` in `state` (a card index when an AI is to draw)."""
    if is_chance(state):
        return f"draw:{ply + 1}"
    if isinstance(ply, Act):
        return f"{ply.source}>{ply.slot}:{_detail_text(state, ply)}"
    if isinstance(ply, Erupt):
        return "erupt:" + oros_notation.format_move(state.map, ply.move)
    if isinstance(ply, Walk):
        return "walk:" + _walk_text(state, ply)
    if isinstance(ply, Raise):
        return f"raise:{ply.column}"
    if isinstance(ply, Put):
        return f"put:{ply.slot}"
    if isinstance(ply, ForcedIsland):
        return f"forced:{ply.source}>{cell_name(ply.cell, state.map.width)}"
    if isinstance(ply, ForcedStudy):
        return f"forced:{ply.source}>sanctum"
    return "stop" if isinstance(ply, Stop) else "end"


def _walk_text(state: State, walk: Walk) -> str:
    return f"{place_text(state, walk.origin)}-{place_text(state, walk.destination)}"


def _detail_text(state: State, act: Act) -> str:
    if act.detail is None:
        return NONE
    if act.slot in MAP_KINDS:
        return oros_notation.format_move(state.map, act.detail)
    if isinstance(act.detail, Enrol):
        return f"{act.detail.follower}>{place_text(state, act.detail.school)}"
    if isinstance(act.detail, Graduate):
        return "graduate:" + ",".join(place_text(state, p) for p in act.detail.followers)
    if isinstance(act.detail, Walk):
        return _walk_text(state, act.detail)
    return f"{next_kind(state, act.detail)}@{cell_name(act.detail, state.map.width)}"


@lru_cache(maxsize=8)
def _legal(state: State) -> frozenset:
    """The legal plies of `state`, kept for the next few parses in the same position."""
    return frozenset(legal_actions(state))


def parse_action(state: State, text: str):
    """The legal ply written as `text` in `state`; NotationError (not a ply) or IllegalMove."""
    text = move_text(text, ACTION_HELP, "action")
    if state.over:
        raise IllegalMove(f"{text} is not legal: the game is over")
    head, colon, rest = text.partition(":")
    if is_chance(state) != (head == "draw"):
        who = SEAT_LETTERS[state.current]
        raise IllegalMove(f"{text} is not legal: " + (f"seat {who} (an AI) draws a card next: draw:N" if
                                                      is_chance(state) else "only an AI's turn starts with a draw"))
    if is_chance(state):
        return _parse_draw(state, text, rest, len(head) + 2)
    ply = _parse_ply(state, text, head, colon, rest)
    if ply not in _legal(state):
        raise IllegalMove(f"{text} is not legal: {_illegal_reason(state, ply)}")
    return ply


def _parse_draw(state: State, text: str, rest: str, column: int) -> int:
    card = whole_number(rest, "move", column, 1, len(design().decks[state.personality])) - 1
    if card not in dict(chance_outcomes(state)):
        pile = "".join(str(c + 1) for c in draw_pile(state, state.current))
        raise IllegalMove(f"{text} is not legal: card {card + 1} is not in seat "
                          f"{SEAT_LETTERS[state.current]}'s draw pile ({pile})")
    return card


def _parse_ply(state: State, text: str, head: str, colon: str, rest: str):
    """The ply written as `text` (syntax, and the cells and kinds it names; legality is checked after)."""
    column = len(head) + 2  # of `rest`
    if not colon:
        if text in ("stop", "end"):
            return Stop() if text == "stop" else EndTurn()
        raise NotationError("move", 1, f"'{text}' is not an action: {ACTION_HELP}")
    if head == "raise":
        if rest not in COLUMNS:
            raise NotationError("move", column, f"'{rest}' is not a hat's column: {' '.join(COLUMNS)}")
        return Raise(rest)
    if head == "put":
        return Put(_slot_name(rest, column))
    if head == "erupt":
        return Erupt(_map_move(state, "volcano", rest, column))
    if head == "walk":
        return _parse_walk(state, rest, column)
    if head == "forced":
        source, arrow, target = rest.partition(">")
        _slot_name(source, column)
        place = _parse_place(state, target, column + len(source) + 1) if arrow else None
        if place == SANCTUM:
            return ForcedStudy(source)
        if place is None or place[0] != "tile":
            raise NotationError("move", column, f"'{rest}': a forced action is SLOT>CELL or SLOT>sanctum")
        return ForcedIsland(source, place[1])
    source, arrow, target = head.partition(">")
    if not arrow:
        raise NotationError("move", 1, f"'{head}' is not an action: {ACTION_HELP}")
    _slot_name(source, 1)
    _slot_name(target, len(source) + 2)
    return Act(target, source, _parse_detail(state, target, rest, column))


def _slot_name(name: str, column: int) -> str:
    if name not in SLOTS:
        raise NotationError("move", column, f"'{name}' is not an action slot: {' '.join(SLOTS)}")
    return name


def _map_move(state: State, target: str, text: str, column: int) -> int:
    """A tectonics move as oros_notation writes it, legal with the mover's abilities and of `target`'s kinds."""
    try:
        move = oros_notation.parse_move(player_map(state, mover(state)), text)
    except NotationError as error:
        raise NotationError("move", column + error.column - 1, error.message) from None
    if move_kind(move) not in MAP_KINDS[target]:
        raise NotationError("move", column, f"'{text}' is not a {target} action")
    return move


def _parse_walk(state: State, text: str, column: int) -> Walk:
    origin, dash, destination = text.partition("-")
    if not dash:
        raise NotationError("move", column, f"'{text}' should be a walk from a place to a place, like c3-d3")
    return Walk(_parse_place(state, origin, column), _parse_place(state, destination, column + len(origin) + 1))


def _parse_detail(state: State, target: str, text: str, column: int):
    if text == NONE:
        return None
    if target in MAP_KINDS:
        return _map_move(state, target, text, column)
    if target == "travel":
        return _parse_walk(state, text, column)
    if target == "study":
        if text.startswith("graduate:"):
            parts = parts_with_columns(text[len("graduate:"):], column + len("graduate:"), ",")
            return Graduate(tuple(sorted(_parse_place(state, part, at) for part, at in parts)))
        follower, arrow, school = text.partition(">")
        if not arrow:
            raise NotationError("move", column, f"'{text}' should be SLOT>SCHOOL (volcano>sanctum, volcano>d3h) "
                                                "or graduate:PLACES (graduate:sanctum,d3h)")
        return Enrol(_slot_name(follower, column), _parse_place(state, school, column + len(follower) + 1))
    kind, at, name = text.partition("@")
    if not at or kind not in KINDS:
        raise NotationError("move", column, f"'{text}' should be KIND@CELL, the kind one of {' '.join(KINDS)}")
    cell = oros_notation.parse_cell(name, state.map.width, state.map.height, "move", column + len(kind) + 1)
    due = next_kind(state, cell)
    if state.map.levels[cell] != MOUNTAIN or due is None:
        why = "is no mountain" if due else "holds all three sanctuaries"
        raise IllegalMove(f"{text} is not legal: {name} {why}")
    if kind != due:
        raise IllegalMove(f"{text} is not legal: the sanctuary due on {name} is the {due} (O-11)")
    return cell


def _illegal_reason(state: State, ply) -> str:
    """Why the well-formed ply `ply` is not legal in `state`, in words."""
    who = mover(state)
    places = state.followers[who]
    if HOME in places and not state.ai[who] and not isinstance(ply, Put):
        return f"seat {SEAT_LETTERS[who]} first puts its waiting follower on an empty slot (put:SLOT)"
    if state.wisdom[who] and not isinstance(ply, Raise):
        return f"seat {SEAT_LETTERS[who]} first spends {state.wisdom[who]} wisdom (raise:COLUMN)"
    if state.eruptions_left and not isinstance(ply, (Erupt, Stop)):
        return "the volcano action goes on: erupt:... or stop"
    if state.steps_left and not isinstance(ply, (Walk, Stop)):
        return "the travel action goes on: walk:... or stop"
    if isinstance(ply, (Act, ForcedIsland, ForcedStudy)) and slot(ply.source) not in places:
        return f"no follower of seat {SEAT_LETTERS[who]} stands on the {ply.source} slot"
    if isinstance(ply, Act) and slot(ply.slot) in places:
        return f"the {ply.slot} slot is taken"
    listed = sorted(format_action(state, p) for p in _legal(state))
    return "legal here: " + ", ".join(listed[:8]) + (" ..." if len(listed) > 8 else "")
