"""HOP! (seed 001): the readable reference rules, the oracle for kernels/hop/hop_kernel.py.

Written to be read next to docs/rules/hop.md (rulings H-1..H-6 with the engine's choices). The
throw itself is a chance event: Caldera analyses the decisions around it. A turn is split into
decision points and chance events:

    partner      the hurler picks a partner among the other players (before the card is seen)
    card         chance: the top challenge card, by the types left in the deck (H-5)
    assister     the hurler picks an assister (a card that needs one)
    turbulator   the hurler picks a turbulator (a card that needs one)
    bet          each player in no role bets happy or sad, one after the other clockwise from
                 the hurler; the bets are secret until the throw (H-4)
    throw        chance: the rainbow lands with the skill model's probability (H-1)
    cloud        chance: a cloud drawn at random from the pool, one per cloud won (H-3)

Every move, chance outcomes included, is one integer: kind << 4 | argument (the kernel uses the
same integers):

    PICK_PARTNER, PICK_ASSISTER, PICK_TURBULATOR   the seat picked
    BET        HAPPY (1) or SAD (2)
    DRAW_CARD  the card type (hop_skill.CARD_TYPES order)
    THROW      LANDS (1) or MISSES (0)
    CLOUD      the value drawn, 0-2 (HIDDEN_CLOUD, 3: a cloud another player drew, in a view)

This module plays positions with full information. A position as one player sees it (their
own clouds and bet known, the others' only counted) is solver/games/hop/hop_view.py's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from solver.errors import CalderaError, IllegalMove
from solver.games.hop.hop_skill import (
    DEFAULT_DECK,
    DEFAULT_SKILL,
    NEEDS_ASSISTER,
    NEEDS_TURBULATOR,
    SEATS,
    Deck,
    SkillModel,
    deck as load_deck,
    skill_model,
)
from solver.games.move_codes import move_codes
from solver.games.rules_tools import chance_perft, checked_apply, win_shares

MIN_PLAYERS, MAX_PLAYERS = 3, 6  # H-3
START_LEVEL, TOP_LEVEL = 1, 7  # H-3: start on level 1; level 7 ends the game
BALLOONS = 5  # H-3
CLOUD_VALUES = (0, 1, 2)
CLOUDS_PER_VALUE = 12  # H-3: 36 clouds, 12 of each value
TRIPLE = 3  # three doves, or three crows (H-4)

PARTNER, CARD, ASSISTER, TURBULATOR, BET, THROW, CLOUD, OVER = (
    "partner", "card", "assister", "turbulator", "bet", "throw", "cloud", "over")
PHASES = (PARTNER, CARD, ASSISTER, TURBULATOR, BET, THROW, CLOUD, OVER)
CHANCE_PHASES = (CARD, THROW, CLOUD)

PICK_PARTNER, PICK_ASSISTER, PICK_TURBULATOR, BET_MOVE, DRAW_CARD, THROW_MOVE, CLOUD_MOVE = range(1, 8)
NO_BET, HAPPY, SAD = 0, 1, 2
MISSES, LANDS = 0, 1
HIDDEN_CLOUD = 3
NOBODY = -1


move, kind_of, argument_of = move_codes(4)


@dataclass(frozen=True)
class State:
    """A whole hop position (full information unless `viewer` is set: see hop_view.py)."""

    players: int
    levels: tuple[int, ...]
    balloons: tuple[int, ...]
    doves: tuple[int, ...]
    crows: tuple[int, ...]
    clouds: tuple[tuple[int, ...], ...]  # each seat's cloud values, ascending
    hurler: int
    phase: str
    partner: int
    assister: int
    turbulator: int
    card: int  # the challenge card's type this turn (NOBODY before the draw)
    bets: tuple[int, ...]  # NO_BET, HAPPY or SAD per seat (secret until the throw)
    draws: tuple[int, ...]  # the seats still to draw a cloud this turn, in order
    deck: tuple[int, ...]  # cards of each type left in the deck
    skill: SkillModel
    full_deck: Deck
    viewer: int | None = None  # a view: only this seat's clouds and bet are known (hop_view.py)

    def roles(self) -> tuple[int, ...]:
        """The seats with a role this turn: hurler, partner, assister, turbulator (as chosen)."""
        return tuple(s for s in (self.hurler, self.partner, self.assister, self.turbulator) if s != NOBODY)

    def pool(self) -> tuple[int, ...]:
        """The clouds of each value left around the board (12 of each, less those held)."""
        held = [0, 0, 0]
        for values in self.clouds:
            for value in values:
                held[value] += 1
        return tuple(CLOUDS_PER_VALUE - n for n in held)

    def cloud_count(self, seat: int) -> int:
        """How many clouds `seat` holds (known to everyone)."""
        return len(self.clouds[seat])


def new_game(players: int = 4, skill: str = DEFAULT_SKILL, deck: str = DEFAULT_DECK, first: int = 0) -> State:
    """The start (H-3): everyone on level 1 with 5 balloons, no birds, no clouds; `first` hurls."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise CalderaError(f"hop is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    full_deck = load_deck(deck)
    return State(
        players=players,
        levels=(START_LEVEL,) * players,
        balloons=(BALLOONS,) * players,
        doves=(0,) * players,
        crows=(0,) * players,
        clouds=((),) * players,
        hurler=first,
        phase=PARTNER,
        partner=NOBODY,
        assister=NOBODY,
        turbulator=NOBODY,
        card=NOBODY,
        bets=(NO_BET,) * players,
        draws=(),
        deck=full_deck.counts,
        skill=skill_model(skill),
        full_deck=full_deck,
    )


# ------------------------------------------------------------------------------ the turn


def clockwise(state: State, start: int) -> list[int]:
    """Every seat, clockwise from `start` (the seat on the hurler's left comes after the hurler)."""
    return [(start + i) % state.players for i in range(state.players)]


def bettors(state: State) -> list[int]:
    """The players in no role this turn, clockwise from the hurler's left: they bet (H-4)."""
    roles = state.roles()
    return [s for s in clockwise(state, state.hurler + 1) if s not in roles]


def next_bettor(state: State) -> int:
    """The next player to bet (NOBODY once everyone has)."""
    return next((s for s in bettors(state) if state.bets[s] == NO_BET), NOBODY)


def to_move(state: State) -> int:
    """The seat to move: the bettor in the bet phase, else the hurler (also at chance events)."""
    if state.phase == BET:
        return next_bettor(state)
    return state.hurler


def is_chance(state: State) -> bool:
    """True at the card draw, the throw and a cloud draw: chance, not a player, moves."""
    return state.phase in CHANCE_PHASES


def throw_chance(state: State) -> Fraction:
    """The chance that this turn's throw lands (H-1): the skill model for the turn's roles."""
    return state.skill.chance(state.hurler, state.partner, state.card, state.assister, state.turbulator)


def chance_outcomes(state: State) -> list[tuple[int, Fraction]]:
    """The chance outcomes with a positive probability, in a fixed order: card types by the
    cards left; the throw landing, then missing; cloud values 0, 1, 2 by the pool."""
    if state.phase == CARD:
        total = sum(state.deck)
        return [(move(DRAW_CARD, t), Fraction(n, total)) for t, n in enumerate(state.deck) if n]
    if state.phase == THROW:
        lands = throw_chance(state)
        return [(move(THROW_MOVE, result), p) for result, p in ((LANDS, lands), (MISSES, 1 - lands)) if p]
    if state.phase == CLOUD:
        pool = state.pool()
        total = sum(pool)
        return [(move(CLOUD_MOVE, v), Fraction(n, total)) for v, n in zip(CLOUD_VALUES, pool) if n]
    return []


def legal_moves(state: State) -> list[int]:
    """Every legal move (at a chance event: its outcomes), in a fixed order; [] once over."""
    if state.phase == PARTNER:
        return [move(PICK_PARTNER, s) for s in range(state.players) if s != state.hurler]
    if state.phase in (ASSISTER, TURBULATOR):
        kind = PICK_ASSISTER if state.phase == ASSISTER else PICK_TURBULATOR
        roles = state.roles()
        return [move(kind, s) for s in range(state.players) if s not in roles]
    if state.phase == BET:
        return [move(BET_MOVE, HAPPY), move(BET_MOVE, SAD)]
    return [code for code, _ in chance_outcomes(state)]


def successor(state: State, code: int) -> State:
    """The position after the legal move `code` (not checked)."""
    kind, argument = kind_of(code), argument_of(code)
    if kind == PICK_PARTNER:
        return replace(state, partner=argument, phase=CARD)
    if kind == DRAW_CARD:
        deck = list(state.deck)
        deck[argument] -= 1
        if sum(deck) == 0:  # engine choice: the discards are shuffled into a new deck
            deck = list(state.full_deck.counts)
        after = replace(state, card=argument, deck=tuple(deck))
        if argument == NEEDS_ASSISTER:
            return replace(after, phase=ASSISTER)
        if argument == NEEDS_TURBULATOR:
            return replace(after, phase=TURBULATOR)
        return _to_bets(after)
    if kind == PICK_ASSISTER:
        return _to_bets(replace(state, assister=argument))
    if kind == PICK_TURBULATOR:
        return _to_bets(replace(state, turbulator=argument))
    if kind == BET_MOVE:
        bets = list(state.bets)
        bets[next_bettor(state)] = argument
        after = replace(state, bets=tuple(bets))
        return after if next_bettor(after) != NOBODY else replace(after, phase=THROW)
    if kind == THROW_MOVE:
        return _throw(state, argument == LANDS)
    return _cloud(state, argument)


apply = checked_apply(legal_moves, successor)


def _to_bets(state: State) -> State:
    """After the roles are set: the bets, or the throw when everyone has a role (H-4)."""
    return replace(state, phase=BET if bettors(state) else THROW)


def _throw(state: State, lands: bool) -> State:
    """Rewards and penalties of the throw, exactly as the seed (H-4): landing, the hurler goes up
    a level and the partner and assister each win a cloud; missing, the hurler loses a balloon
    and the turbulator wins a cloud. A bettor who was right gets a dove, one who was wrong a
    crow; three doves: every bird back, up a level; three crows: every bird back, a balloon lost."""
    levels, balloons = list(state.levels), list(state.balloons)
    doves, crows = list(state.doves), list(state.crows)
    if lands:
        levels[state.hurler] += 1
        draws = [s for s in (state.partner, state.assister) if s != NOBODY]
    else:
        balloons[state.hurler] -= 1
        draws = [state.turbulator] if state.turbulator != NOBODY else []
    for seat in bettors(state):
        if (state.bets[seat] == HAPPY) == lands:
            doves[seat] += 1
        else:
            crows[seat] += 1
        if doves[seat] == TRIPLE:
            doves[seat] = crows[seat] = 0
            levels[seat] += 1
        elif crows[seat] == TRIPLE:
            doves[seat] = crows[seat] = 0
            balloons[seat] -= 1
    after = replace(state, levels=tuple(levels), balloons=tuple(balloons), doves=tuple(doves), crows=tuple(crows),
                    bets=(NO_BET,) * state.players, draws=tuple(draws))
    return next_draw(after)


def _cloud(state: State, value: int) -> State:
    """The first seat waiting for a cloud takes one of `value` (seen only by them, H-3)."""
    seat = state.draws[0]
    clouds = list(state.clouds)
    clouds[seat] = tuple(sorted((*clouds[seat], value)))
    return next_draw(replace(state, clouds=tuple(clouds), draws=state.draws[1:]))


def next_draw(state: State) -> State:
    """The next cloud draw of the turn, or the turn's end; with the pool empty no cloud is won
    (engine choice: 36 clouds can run out in a long game)."""
    if state.draws and sum(state.pool()) > 0:
        return replace(state, phase=CLOUD)
    return _end_turn(replace(state, draws=()))


def game_ends(state: State) -> bool:
    """True when someone has reached level 7 or lost their last balloon (H-6)."""
    return any(level >= TOP_LEVEL for level in state.levels) or any(b == 0 for b in state.balloons)


def _end_turn(state: State) -> State:
    """The end of the turn (H-6): the game ends, or the rainbow passes to the hurler's left."""
    cleared = replace(state, partner=NOBODY, assister=NOBODY, turbulator=NOBODY, card=NOBODY)
    if game_ends(state):
        return replace(cleared, phase=OVER)
    return replace(cleared, hurler=(state.hurler + 1) % state.players, phase=PARTNER)


# ------------------------------------------------------------------------------ the score


def scored_level(state: State, seat: int) -> int:
    """The level a seat scores: its pawn's level, 0 once it lost its last balloon (its pawn then
    stands beside the board: engine choice, docs/rules/hop.md section 5)."""
    return state.levels[seat] if state.balloons[seat] > 0 else 0


def scores(state: State) -> tuple[int, ...]:
    """Each seat's score (H-6): its scored level plus its own cloud values."""
    return tuple(scored_level(state, s) + sum(state.clouds[s]) for s in range(state.players))


def results(state: State) -> tuple[float, ...]:
    """For a finished game, each seat's share of the win (H-6): the highest score wins; ties go
    to the higher level, then the win is shared."""
    return win_shares([(score, scored_level(state, s)) for s, score in enumerate(scores(state))])


def perft(state: State, depth: int) -> int:
    """Move sequences of `depth` decision plies; every chance outcome is expanded without using
    up depth (so each outcome path counts)."""
    return chance_perft(state, depth, chance_outcomes, legal_moves, successor)


def seat_letter(seat: int) -> str:
    """A seat's letter, A first."""
    return SEATS[seat]
