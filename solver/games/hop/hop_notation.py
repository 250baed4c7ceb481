"""hop notation: a position as one line of text, a move as one short token.

The grammar is documented, with examples, in docs/notation.md (section "HOP!"). `parse_position`
validates every field and raises NotationError naming the field and its 1-based column; for
canonical text `format_position(parse_position(text)) == text`, and likewise
`format_move(state, parse_move(state, text)) == text` for a legal move's canonical text.

A position is these fields, separated by white space, then options:

    LEVELS BALLOONS BIRDS CLOUDS HURLER PHASE ROLES CARD BETS DRAWS DECK [view=S] [skill=X] [deck=X]
    1/1/1/1 5/5/5/5 -/-/-/- -/-/-/- A partner --- - ---- - 20/10/10/5/5

LEVELS, BALLOONS: one number per player, '/' between (their number is the player count, 3-6).
BIRDS: per player `d` per dove then `c` per crow (`ddc`), or `-`. CLOUDS: per player the values
of their clouds (`012`), or `-`; in a view the others' clouds are `?` each (`???`). HURLER: the
seat letter. PHASE: partner card assister turbulator bet throw cloud over. ROLES: partner,
assister and turbulator, a letter or `-` each (`B-D`). CARD: the card's type, or `-`. BETS: one
character per player, `h` happy, `s` sad, `-` none, `?` another player's bet in a view. DRAWS:
the seats still to draw a cloud this turn (`BC`), or `-`. DECK: the cards of each type left,
plain/assister/turbulator/harder/easier. Options: `view=S` (the position as seat S sees it),
`skill=X` and `deck=X` (a built-in name or a .toml/.json file; the defaults, both `standard`,
are not written).
"""

from __future__ import annotations

import re

from solver.errors import CalderaError, NotationError
from solver.games.hop import hop_rules as rules
from solver.games.hop import hop_view as view
from solver.games.hop.hop_rules import (
    ASSISTER,
    BET,
    BET_MOVE,
    CARD,
    CLOUD,
    CLOUD_MOVE,
    CLOUDS_PER_VALUE,
    DRAW_CARD,
    HAPPY,
    HIDDEN_CLOUD,
    IllegalMove,
    LANDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MISSES,
    NO_BET,
    NOBODY,
    OVER,
    PARTNER,
    PHASES,
    PICK_ASSISTER,
    PICK_PARTNER,
    PICK_TURBULATOR,
    SAD,
    SEATS,
    THROW,
    THROW_MOVE,
    TOP_LEVEL,
    TRIPLE,
    TURBULATOR,
    BALLOONS,
    START_LEVEL,
    State,
    argument_of,
    kind_of,
    move,
)
from solver.games.hop.hop_skill import CARD_TYPES, DEFAULT_DECK, DEFAULT_SKILL, deck, skill_model
from solver.games.notation_tools import move_text, resolve, whole_number, words_with_columns

FIELDS = ("levels", "balloons", "birds", "clouds", "hurler", "phase", "roles", "card", "bets", "draws", "deck")
BET_LETTERS = {NO_BET: "-", HAPPY: "h", SAD: "s"}
HIDDEN = "?"


BUILTIN_POSITIONS = {
    # The start (H-3) for 3 to 6 players: level 1, 5 balloons, no birds, no clouds; A hurls first.
    "start3": "1/1/1 5/5/5 -/-/- -/-/- A partner --- - --- - 20/10/10/5/5",
    "start4": "1/1/1/1 5/5/5/5 -/-/-/- -/-/-/- A partner --- - ---- - 20/10/10/5/5",
    "start5": "1/1/1/1/1 5/5/5/5/5 -/-/-/-/- -/-/-/-/- A partner --- - ----- - 20/10/10/5/5",
    "start6": "1/1/1/1/1/1 5/5/5/5/5/5 -/-/-/-/-/- -/-/-/-/-/- A partner --- - ------ - 20/10/10/5/5",
    # Five players on the skilled table, mid-game: C hurls, E throws well with C and trails.
    "skilled5": "3/4/3/2/2 4/3/5/5/2 d/c/-/dd/- 1/02/-/11/- C partner --- - ----- - 14/6/7/3/4 skill=skilled",
    # Three players on the skilled table, A two levels from the top and B and C one, B and C on
    # their last balloon: the game ends in B's turn at the latest, small enough to solve
    # exactly (tests/hop/test_hop_exact.py).
    "endgame3": "5/6/6 2/1/1 -/-/- -/-/- A partner --- - --- - 20/10/10/5/5 skill=skilled",
}
DEFAULT_POSITION = "start4"


def builtin_positions() -> dict[str, str]:
    """The built-in positions: name -> notation text."""
    return dict(BUILTIN_POSITIONS)


def warmup_positions() -> list[State]:
    """The position whose kernel `caldera warmup` loads: three players at the start."""
    return [parse_position(BUILTIN_POSITIONS["start3"])]


# --------------------------------------------------------------------------- positions


def _parts(word: str, column: int, field: str, players: int | None) -> list[tuple[str, int]]:
    """Split 'x/y/...' into its parts with their columns (exactly `players` of them if given)."""
    parts, result = word.split("/"), []
    if players is not None and len(parts) != players:
        raise NotationError(field, column, f"'{word}' has {len(parts)} parts; write one per player ({players}), "
                            "joined by '/'")
    for part in parts:
        result.append((part, column))
        column += len(part) + 1
    return result


def _seat(letter: str, column: int, field: str, players: int) -> int:
    """A seat letter of this game's players."""
    if len(letter) != 1 or letter not in SEATS[:players]:
        raise NotationError(field, column, f"'{letter}' should be a seat letter {SEATS[0]}-{SEATS[players - 1]}")
    return SEATS.index(letter)


def parse_position(text: str) -> State:
    """The State written in `text`; NotationError naming the bad field and column otherwise."""
    words = words_with_columns(text)
    if len(words) < len(FIELDS):
        missing = FIELDS[len(words)]
        raise NotationError(missing, len(text) + 1, "missing; a position has the fields " + " ".join(FIELDS)
                            + " (and options view=, skill=, deck=)")
    at = dict(zip(FIELDS, words))
    options = _parse_options(words[len(FIELDS):])

    level_parts = _parts(*at["levels"], "levels", None)
    players = len(level_parts)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise NotationError("levels", at["levels"][1], f"{players} players; hop is for {MIN_PLAYERS} to {MAX_PLAYERS} "
                            "(one level per player, joined by '/')")
    levels = [whole_number(w, "levels", c, START_LEVEL, TOP_LEVEL) for w, c in level_parts]
    balloons = [whole_number(w, "balloons", c, 0, BALLOONS) for w, c in _parts(*at["balloons"], "balloons", players)]
    doves, crows = zip(*(_parse_birds(w, c) for w, c in _parts(*at["birds"], "birds", players)))
    viewer = None
    if "view" in options:
        viewer = _seat(*options["view"], "view", players)
    clouds = _parse_clouds(at["clouds"], players, viewer)
    hurler = _seat(*at["hurler"], "hurler", players)
    word, column = at["phase"]
    if word not in PHASES:
        raise NotationError("phase", column, f"'{word}' should be one of {' '.join(PHASES)}")
    phase = word
    partner, assister, turbulator = _parse_roles(*at["roles"], players, hurler)
    word, column = at["card"]
    if word != "-" and word not in CARD_TYPES:
        raise NotationError("card", column, f"'{word}' should be one of {' '.join(CARD_TYPES)}, or '-'")
    card = NOBODY if word == "-" else CARD_TYPES.index(word)
    bets = _parse_bets(*at["bets"], players, viewer)
    draws = _parse_draws(*at["draws"], players)
    sources = {}
    for key, load, default in (("skill", skill_model, DEFAULT_SKILL), ("deck", deck, DEFAULT_DECK)):
        name, column = options.get(key, (default, 1))
        try:
            sources[key] = load(name)
        except CalderaError as error:  # a file that cannot be read, or data that cannot be used
            raise NotationError(key, column, str(error)) from None
    skill, full_deck = sources["skill"], sources["deck"]
    cards_left = _parse_deck(*at["deck"], full_deck.counts)
    state = State(
        players=players, levels=tuple(levels), balloons=tuple(balloons), doves=tuple(doves), crows=tuple(crows),
        clouds=clouds, hurler=hurler, phase=phase, partner=partner, assister=assister, turbulator=turbulator,
        card=card, bets=bets, draws=draws, deck=cards_left, skill=skill, full_deck=full_deck, viewer=viewer,
    )
    _check_turn(state, at)
    return view.fill(state)


def _parse_options(words: list[tuple[str, int]]) -> dict[str, tuple[str, int]]:
    """view=S, skill=X, deck=X, each at most once: key -> (value, column of the value)."""
    options: dict[str, tuple[str, int]] = {}
    for word, column in words:
        key, sep, value = word.partition("=")
        if not sep or key not in ("view", "skill", "deck"):
            raise NotationError("options", column, f"'{word}' is not an option; options are view=S, skill=X, deck=X")
        if key in options:
            raise NotationError("options", column, f"option {key} is given twice")
        if not value:
            raise NotationError(key, column + len(key) + 1, f"write a value after {key}=")
        options[key] = (value, column + len(key) + 1)
    return options


def _parse_birds(word: str, column: int) -> tuple[int, int]:
    """(doves, crows) from `d` per dove then `c` per crow, or `-`."""
    if word == "-":
        return 0, 0
    match = re.fullmatch(r"(d*)(c*)", word)
    if not match or not word:
        raise NotationError("birds", column, f"'{word}' should be a 'd' per dove then a 'c' per crow (like ddc), or '-'")
    doves, crows = len(match.group(1)), len(match.group(2))
    if doves >= TRIPLE or crows >= TRIPLE:
        kind = "doves" if doves >= TRIPLE else "crows"
        raise NotationError("birds", column, f"{TRIPLE} {kind} are handed back at once (H-4): a player holds at most "
                            f"{TRIPLE - 1} of each")
    return doves, crows


def _parse_clouds(at: tuple[str, int], players: int, viewer: int | None) -> tuple[tuple[int, ...], ...]:
    """Each player's cloud values (`012`, `-`); in a view the others' as `?` each."""
    clouds, held = [], [0, 0, 0]
    for seat, (word, column) in enumerate(_parts(*at, "clouds", players)):
        if word == "-":
            clouds.append(())
            continue
        hidden = viewer is not None and seat != viewer
        if hidden:
            if set(word) != {HIDDEN}:
                raise NotationError("clouds", column, f"seat {SEATS[viewer]} sees only how many clouds "
                                    f"{SEATS[seat]} holds: write '?' for each (like ???), or '-'")
            clouds.append((0,) * len(word))  # stand-ins, chosen by hop_view.fill
            continue
        if not re.fullmatch(r"[012]+", word):
            more = "" if viewer is None else f" (a view: seat {SEATS[seat]}'s own clouds)"
            raise NotationError("clouds", column, f"'{word}' should be cloud values 0, 1, 2 (like 012), or '-'{more}")
        values = tuple(sorted(int(ch) for ch in word))
        for value in values:
            held[value] += 1
            if held[value] > CLOUDS_PER_VALUE:
                raise NotationError("clouds", column, f"more than the {CLOUDS_PER_VALUE} clouds of value {value} (H-3)")
        clouds.append(values)
    if sum(map(len, clouds)) > CLOUDS_PER_VALUE * 3:
        raise NotationError("clouds", at[1], f"more than the {CLOUDS_PER_VALUE * 3} clouds of the box (H-3)")
    return tuple(clouds)


def _parse_roles(word: str, column: int, players: int, hurler: int) -> tuple[int, int, int]:
    """Partner, assister, turbulator: three characters, a seat letter or '-' each."""
    if len(word) != 3:
        raise NotationError("roles", column, f"'{word}' should be three characters: partner, assister, turbulator "
                            "(a seat letter or '-' each, like B-D)")
    roles, names = [], ("partner", "assister", "turbulator")
    for i, letter in enumerate(word):
        if letter == "-":
            roles.append(NOBODY)
            continue
        seat = _seat(letter, column + i, "roles", players)
        if seat == hurler or seat in roles:
            raise NotationError("roles", column + i, f"{letter} cannot be the {names[i]}: "
                                f"{'it is the hurler' if seat == hurler else 'it already has a role'}")
        roles.append(seat)
    if roles[1] != NOBODY and roles[2] != NOBODY:
        raise NotationError("roles", column + 2, "a card names an assister or a turbulator, not both (H-5)")
    return roles[0], roles[1], roles[2]


def _parse_bets(word: str, column: int, players: int, viewer: int | None) -> tuple[int, ...]:
    """One character per player: h, s, - (in a view, ? for another player's bet)."""
    if len(word) != players:
        raise NotationError("bets", column, f"'{word}' should be one character per player ({players}): "
                            "h happy, s sad, - none")
    bets = []
    for seat, ch in enumerate(word):
        if ch == HIDDEN and viewer is not None and seat != viewer:
            bets.append(HAPPY)  # a stand-in (hop_view.fill)
        elif ch in "hs-":
            if ch != "-" and viewer is not None and seat != viewer:
                raise NotationError("bets", column + seat, f"seat {SEATS[viewer]} cannot see {SEATS[seat]}'s bet "
                                    "before the throw (H-4): write '?'")
            bets.append({"h": HAPPY, "s": SAD, "-": NO_BET}[ch])
        else:
            hint = " ('?' only in a view, for another player's bet)" if ch == HIDDEN else ""
            raise NotationError("bets", column + seat, f"'{ch}' should be h (happy), s (sad) or - (none){hint}")
    return tuple(bets)


def _parse_draws(word: str, column: int, players: int) -> tuple[int, ...]:
    """The seats still to draw a cloud this turn, in order, or '-'."""
    if word == "-":
        return ()
    seats = tuple(_seat(letter, column + i, "draws", players) for i, letter in enumerate(word))
    if len(seats) > 2 or len(set(seats)) != len(seats):
        raise NotationError("draws", column, f"'{word}' should be one or two different seats (partner and "
                            "assister after a landing, the turbulator after a miss), or '-'")
    return seats


def _parse_deck(word: str, column: int, full: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of each type left: five numbers, none above the whole deck's, not all 0."""
    parts = word.split("/")
    if len(parts) != len(CARD_TYPES):
        raise NotationError("deck", column, f"'{word}' should be the cards left of each type, "
                            f"{'/'.join(CARD_TYPES)}, like 20/10/10/5/5")
    left = []
    for part, name, most in zip(parts, CARD_TYPES, full):
        left.append(whole_number(part, "deck", column, 0, most))
        column += len(part) + 1
    if sum(left) == 0:
        raise NotationError("deck", column - 1, "no card left: the discards are shuffled into a new deck as soon as "
                            "the last card is drawn")
    return tuple(left)


def _check_turn(state: State, at: dict[str, tuple[str, int]]) -> None:
    """The fields fit the phase: the roles, card, bets and draws a turn has at that point."""
    phase = state.phase
    order = PHASES.index(phase)
    roles_at, card_at = at["roles"][1], at["card"][1]
    after_partner = PHASES.index(CARD) <= order <= PHASES.index(CLOUD)
    if after_partner != (state.partner != NOBODY):
        raise NotationError("roles", roles_at, f"phase {phase} {'needs the partner' if after_partner else 'has no partner yet'}"
                            " (the first letter; '-' for none)")
    after_card = PHASES.index(ASSISTER) <= order <= PHASES.index(CLOUD)
    if after_card != (state.card != NOBODY):
        raise NotationError("card", card_at, f"phase {phase} {'comes after the card: write its type' if after_card else 'has no card yet: write -'}")
    for role, name, needed_card, picked_after in (
        (state.assister, "assister", rules.NEEDS_ASSISTER, ASSISTER),
        (state.turbulator, "turbulator", rules.NEEDS_TURBULATOR, TURBULATOR),
    ):
        if role != NOBODY and state.card != needed_card:
            raise NotationError("roles", roles_at, f"a {name} is picked only for a card of type {CARD_TYPES[needed_card]}")
        if role == NOBODY and state.card == needed_card and phase != picked_after:
            raise NotationError("roles", roles_at, f"the card asks for a {name}: phase {phase} comes after it is picked")
        if role != NOBODY and phase == picked_after:
            raise NotationError("roles", roles_at, f"in phase {phase} the {name} is not picked yet: write '-'")
    if phase in (ASSISTER, TURBULATOR) and state.card != CARD_TYPES.index(phase):
        raise NotationError("card", card_at, f"phase {phase} follows a card of type {phase}")
    placed = [s for s in range(state.players) if state.bets[s] != NO_BET]
    bettors = rules.bettors(state)
    if placed:
        if phase not in (BET, THROW):
            raise NotationError("bets", at["bets"][1], f"no bets are down in phase {phase} (they are revealed and "
                                "settled at the throw)")
        if any(s not in bettors for s in placed) or placed and sorted(placed, key=bettors.index) != bettors[:len(placed)]:
            raise NotationError("bets", at["bets"][1], "bets are placed by the players in no role, clockwise from the "
                                "hurler's left: " + (" ".join(SEATS[s] for s in bettors) or "nobody this turn"))
    if phase == BET and len(placed) >= len(bettors):
        raise NotationError("phase", at["phase"][1], "everyone has bet (or nobody can): the phase is throw")
    if phase == THROW and len(placed) != len(bettors):
        raise NotationError("bets", at["bets"][1], "the throw comes once every player in no role has bet: "
                            + " ".join(SEATS[s] for s in bettors))
    if (phase == CLOUD) != bool(state.draws):
        raise NotationError("draws", at["draws"][1], "the draws are the seats still to take a cloud in phase cloud, "
                            "and '-' in any other phase")
    if phase == CLOUD:
        winners = [s for s in (state.partner, state.assister) if s != NOBODY]
        if state.draws not in (tuple(winners), tuple(winners[1:]), (state.turbulator,)) or NOBODY in state.draws:
            raise NotationError("draws", at["draws"][1], "after a landing the partner then the assister draw a cloud, "
                                "after a miss the turbulator")
        if sum(map(len, state.clouds)) >= 3 * CLOUDS_PER_VALUE:
            raise NotationError("draws", at["draws"][1], "the pool is empty: no cloud is drawn")
    ended = rules.game_ends(state)
    if phase == OVER and not ended:
        raise NotationError("phase", at["phase"][1], "the game is over only once a player reached level 7 or lost "
                            "their last balloon (H-6)")
    if phase not in (CLOUD, OVER) and ended:
        raise NotationError("phase", at["phase"][1], "a player reached level 7 or lost their last balloon: the game "
                            "ended after that turn, write phase over (H-6)")


def format_position(state: State) -> str:
    """The canonical one-line text of `state`."""
    viewer = state.viewer

    def clouds(seat: int) -> str:
        values = state.clouds[seat]
        if not values:
            return "-"
        if viewer is not None and seat != viewer:
            return HIDDEN * len(values)
        return "".join(map(str, values))

    def bet(seat: int) -> str:
        if viewer is not None and seat != viewer and state.bets[seat] != NO_BET:
            return HIDDEN
        return BET_LETTERS[state.bets[seat]]

    def letter(seat: int) -> str:
        return "-" if seat == NOBODY else SEATS[seat]

    seats = range(state.players)
    words = [
        "/".join(str(v) for v in state.levels),
        "/".join(str(v) for v in state.balloons),
        "/".join("d" * d + "c" * c or "-" for d, c in zip(state.doves, state.crows)),
        "/".join(clouds(s) for s in seats),
        SEATS[state.hurler],
        state.phase,
        letter(state.partner) + letter(state.assister) + letter(state.turbulator),
        "-" if state.card == NOBODY else CARD_TYPES[state.card],
        "".join(bet(s) for s in seats),
        "".join(SEATS[s] for s in state.draws) or "-",
        "/".join(str(n) for n in state.deck),
    ]
    if viewer is not None:
        words.append(f"view={SEATS[viewer]}")
    if state.skill.source != DEFAULT_SKILL:
        words.append(f"skill={state.skill.source}")
    if state.full_deck.source != DEFAULT_DECK:
        words.append(f"deck={state.full_deck.source}")
    return " ".join(words)


def resolve_position(text: str | None) -> State:
    """A built-in position name (start3..start6, skilled5, endgame3), notation text, or None
    for start4."""
    return resolve(text, BUILTIN_POSITIONS, DEFAULT_POSITION, parse_position)


# --------------------------------------------------------------------------- moves

MOVE_HELP = ("write a partner (partner:B), an assister (assister:C), a turbulator (turbulator:D), a bet "
             "(happy, sad), a card (card:harder), the throw (lands, misses) or a cloud (cloud:2, cloud:?)")
PHASE_MOVES = {
    PARTNER: "the hurler's partner, like partner:B",
    CARD: "the card drawn, like card:plain",
    ASSISTER: "the assister, like assister:C",
    TURBULATOR: "the turbulator, like turbulator:D",
    BET: "a bet: happy or sad",
    THROW: "the throw: lands or misses",
    CLOUD: "the cloud drawn, like cloud:2",
}
PICKS = {"partner": PICK_PARTNER, "assister": PICK_ASSISTER, "turbulator": PICK_TURBULATOR}


def format_move(state: State, code: int) -> str:
    """The text of the move `code`; in a view, a cloud another player draws is `cloud:?`."""
    kind, argument = kind_of(code), argument_of(code)
    for word, pick in PICKS.items():
        if kind == pick:
            return f"{word}:{SEATS[argument]}"
    if kind == BET_MOVE:
        return "happy" if argument == HAPPY else "sad"
    if kind == DRAW_CARD:
        return f"card:{CARD_TYPES[argument]}"
    if kind == THROW_MOVE:
        return "lands" if argument == LANDS else "misses"
    if kind == CLOUD_MOVE:
        hidden = argument == HIDDEN_CLOUD or not view.cloud_for_viewer(state)
        return "cloud:?" if hidden else f"cloud:{argument}"
    raise ValueError(f"not a hop move: {code:#x}")


def _parse_move_code(text: str, state: State) -> int:
    """The move integer written as `text` (syntax only; not checked against the position)."""
    if text in ("happy", "sad"):
        return move(BET_MOVE, HAPPY if text == "happy" else SAD)
    if text in ("lands", "misses"):
        return move(THROW_MOVE, LANDS if text == "lands" else MISSES)
    word, colon, rest = text.partition(":")
    if colon and word in PICKS:
        return move(PICKS[word], _seat(rest, len(word) + 2, "move", state.players))
    if colon and word == "card":
        if rest not in CARD_TYPES:
            raise NotationError("move", 6, f"'{rest}' should be a card type: {' '.join(CARD_TYPES)}")
        return move(DRAW_CARD, CARD_TYPES.index(rest))
    if colon and word == "cloud":
        if rest not in ("0", "1", "2", HIDDEN):
            raise NotationError("move", 7, f"'{rest}' should be a cloud value 0, 1, 2 (or ? for another player's)")
        return move(CLOUD_MOVE, HIDDEN_CLOUD if rest == HIDDEN else int(rest))
    raise NotationError("move", 1, f"'{text}' is not a move: {MOVE_HELP}")


def parse_move(state: State, text: str) -> int:
    """The legal move written as `text` in `state`; NotationError (not a move) or IllegalMove."""
    text = move_text(text, MOVE_HELP)
    code = _parse_move_code(text, state)
    if code not in view.legal_moves(state):
        raise IllegalMove(f"{text} is not legal: {_illegal_reason(state, code)}")
    hidden = view.hidden_bettors(state)
    if kind_of(code) == THROW_MOVE and hidden:
        raise CalderaError(f"{text}: the throw reveals the bets of {', '.join(SEATS[s] for s in hidden)}, which "
                           f"{SEATS[state.viewer]} cannot see yet; write the position after the throw instead")
    return code


def _illegal_reason(state: State, code: int) -> str:
    """Why the well-formed move `code` is not legal in `state`, in plain words."""
    kind, argument = kind_of(code), argument_of(code)
    if state.phase == OVER:
        return "the game is over"
    if kind not in _phase_kinds(state.phase):
        return f"in phase {state.phase} the move is {PHASE_MOVES[state.phase]}"
    if kind in (PICK_PARTNER, PICK_ASSISTER, PICK_TURBULATOR):
        if argument >= state.players:
            return f"there is no seat {SEATS[argument]} with {state.players} players"
        return f"{SEATS[argument]} {'is the hurler' if argument == state.hurler else 'already has a role this turn'}"
    if kind == DRAW_CARD:
        return f"no {CARD_TYPES[argument]} card is left in the deck"
    if kind == THROW_MOVE:
        return f"the throw {'always lands' if argument == MISSES else 'never lands'} here"
    if argument == HIDDEN_CLOUD:
        return "you see the clouds you draw yourself: write the value, like cloud:2"
    if not view.cloud_for_viewer(state):
        return f"{SEATS[state.draws[0]]}'s cloud is hidden from {SEATS[state.viewer]}: write cloud:?"
    return f"no cloud of value {argument} is left to draw"


def _phase_kinds(phase: str) -> tuple[int, ...]:
    """The move kinds of a phase."""
    return {PARTNER: (PICK_PARTNER,), CARD: (DRAW_CARD,), ASSISTER: (PICK_ASSISTER,), TURBULATOR: (PICK_TURBULATOR,),
            BET: (BET_MOVE,), THROW: (THROW_MOVE,), CLOUD: (CLOUD_MOVE,)}[phase]
