"""hop moves in plain words (`caldera moves`, `hint`): who to pick and why, what a bet risks.

Every reason uses only what the player to move can see (their view, solver/games/hop/hop_view.py):
the skill model, the levels, balloons and birds, their own clouds and how many the others
hold. A standing ("leads", "is last") ranks the players by their score as the mover reckons
it: level plus clouds, another player's clouds at the mean value of the clouds the mover has
not seen.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from solver.analysis import Score
from solver.games.hop import hop_rules as rules
from solver.games.hop import hop_view as view
from solver.games.hop.hop_notation import format_move
from solver.games.hop.hop_rules import (
    ASSISTER,
    BET,
    HAPPY,
    LANDS,
    NOBODY,
    PARTNER,
    PICK_ASSISTER,
    PICK_PARTNER,
    PICK_TURBULATOR,
    SEATS,
    THROW_MOVE,
    TOP_LEVEL,
    TRIPLE,
    TURBULATOR,
    BET_MOVE,
    CLOUD_MOVE,
    DRAW_CARD,
    State,
    argument_of,
    kind_of,
)
from solver.games.hop.hop_skill import CARD_TYPES, PLAIN

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
CARD_WORDS = ("a plain challenge", "the card asks for an assister", "the card asks for a turbulator",
              "a harder challenge", "an easier challenge")


def chance_text(chance: Fraction) -> str:
    """A chance as a two-decimal number: 0.70."""
    return f"{float(chance):.2f}"


def reckoned_scores(state: State, mover: int) -> list[Fraction]:
    """Each player's score as `mover` reckons it (H-6 score; unseen clouds at their mean)."""
    return [rules.scored_level(state, s) + view.expected_clouds(state, s, mover) for s in range(state.players)]


def standing(state: State, seat: int, mover: int) -> str:
    """Where `seat` stands as `mover` reckons it: 'leads', 'is last' or 'is 2nd of 5'."""
    scores = reckoned_scores(state, mover)
    keys = [(scores[s], rules.scored_level(state, s)) for s in range(state.players)]
    ahead = sum(1 for k in keys if k > keys[seat])
    behind = sum(1 for k in keys if k < keys[seat])
    if behind == 0 and ahead > 0:
        return "is last"
    if ahead == 0 and behind > 0:
        return "leads"
    if ahead == 0 and behind == 0:
        return "is level with everyone"
    return f"is {ORDINALS[ahead]} of {state.players}"


def standing_reason(state: State, seat: int, mover: int, gain: str) -> str:
    """Where the player a pick may give a cloud stands, and what that cloud means: 'is last, so
    the cloud E gains on a landing matters least' (to follow the player's name)."""
    where = standing(state, seat, mover)
    if where == "is last":
        return f"is last, so the cloud {SEATS[seat]} gains {gain} matters least"
    if where == "leads":
        return f"leads, so the cloud {SEATS[seat]} gains {gain} helps the leader"
    return f"{where}; {SEATS[seat]} gains a cloud {gain}"


def chance_with(state: State, kind: int, seat: int) -> Fraction:
    """The throw's chance if `seat` took the role of the pick `kind` (a partner is judged on a
    plain card: the card is drawn after the pick)."""
    if kind == PICK_PARTNER:
        return state.skill.chance(state.hurler, seat, PLAIN)
    if kind == PICK_ASSISTER:
        return rules.throw_chance(replace(state, assister=seat))
    return rules.throw_chance(replace(state, turbulator=seat))


def pick_words(state: State, code: int) -> str:
    """Why a partner, assister or turbulator: the throw's chance with them, how it compares with
    the other picks, and what the cloud they may gain means."""
    kind, seat = kind_of(code), argument_of(code)
    mover = state.hurler
    name = SEATS[seat]
    chance = chance_with(state, kind, seat)
    others = [chance_with(state, kind, argument_of(c)) for c in rules.legal_moves(state) if c != code]
    best = not others or chance >= max(others)
    if kind == PICK_PARTNER:
        where = standing_reason(state, seat, mover, "on a landing")
        if others and all(c == chance for c in others):
            return f"pick {name}: every partner catches your throws at {chance_text(chance)}; {name} {where}"
        if best:
            return f"pick {name}: {name} throws well with you ({chance_text(chance)}) and {where}"
        return (f"pick {name}: {name} catches your throws at {chance_text(chance)}, your best partner at "
                f"{chance_text(max(others))}; {name} {where}")
    if kind == PICK_ASSISTER:
        skill = f"the throw lands with {chance_text(chance)} with {name} assisting"
        if others and chance > max(others):
            skill += " (the most help)"
        return f"{name} assists: {skill}; {name} {standing_reason(state, seat, mover, 'on a landing')}"
    skill = f"the throw lands with {chance_text(chance)} with {name} disturbing"
    if others and chance > max(others):
        skill += " (the least disturbance)"
    return f"{name} disturbs: {skill}; {name} {standing_reason(state, seat, mover, 'on a miss')}"


def bet_words(state: State, code: int) -> str:
    """What a bet wins or risks: a dove when right, a crow when wrong, and a third of either."""
    seat = rules.next_bettor(state)
    happy = argument_of(code) == HAPPY
    chance = rules.throw_chance(state)
    right = chance if happy else 1 - chance
    words = (f"bet {'happy' if happy else 'sad'}: the throw {'lands' if happy else 'misses'} with "
             f"{chance_text(right)}, so a dove is {'likely' if right > Fraction(1, 2) else 'as likely as a crow' if right == Fraction(1, 2) else 'unlikely'}")
    if state.doves[seat] == TRIPLE - 1:
        level = state.levels[seat] + 1
        words += f"; a third dove takes you up to level {level}" + (" and ends the game" if level >= TOP_LEVEL else "")
    if state.crows[seat] == TRIPLE - 1:
        words += "; a third crow costs a balloon" + (" (your last: the game ends)" if state.balloons[seat] == 1 else "")
    return words


def chance_words(state: State, code: int) -> str:
    """A chance outcome in words."""
    kind, argument = kind_of(code), argument_of(code)
    if kind == DRAW_CARD:
        return CARD_WORDS[argument]
    if kind == THROW_MOVE:
        if argument == LANDS:
            winners = [SEATS[s] for s in (state.partner, state.assister) if s != NOBODY]
            return (f"the rainbow lands: {SEATS[state.hurler]} goes up a level, {' and '.join(winners)} "
                    f"win{'s' if len(winners) == 1 else ''} a cloud")
        loser = f"the rainbow misses: {SEATS[state.hurler]} loses a balloon"
        return loser + (f", {SEATS[state.turbulator]} wins a cloud" if state.turbulator != NOBODY else "")
    return f"{SEATS[state.draws[0]]} draws {format_move(state, code)[6:]}"


def move_words(state: State, code: int) -> str:
    """A move in words (without the search's verdict)."""
    kind = kind_of(code)
    if kind in (PICK_PARTNER, PICK_ASSISTER, PICK_TURBULATOR):
        return pick_words(state, code)
    if kind == BET_MOVE:
        return bet_words(state, code)
    return chance_words(state, code)


def score_words(score: Score) -> str:
    """The search's win chance for the mover."""
    if score.kind == "value":
        return f"{100 * score.value:.0f}% to win, as simulated"
    return score.text()


def explain_move(state: State, code: int, score: Score) -> str:
    """One line: why this move, and the win chance it leads to."""
    return f"{move_words(state, code)} ({score_words(score)})"


def touched_seats(state: State, code: int) -> tuple[int, ...]:
    """The seats a move concerns (highlighted by `show --after`): the one picked, the bettor,
    the one who draws a cloud; the hurler for the card and the throw."""
    kind = kind_of(code)
    if kind in (PICK_PARTNER, PICK_ASSISTER, PICK_TURBULATOR):
        return (argument_of(code),)
    if kind == BET_MOVE:
        return (rules.next_bettor(state),)
    if kind == CLOUD_MOVE:
        return (state.draws[0],)
    return (state.hurler,)


PHASE_TITLES = {PARTNER: "pick a partner", ASSISTER: "pick an assister", TURBULATOR: "pick a turbulator",
                BET: "bet on the throw, in secret"}


def describe_moves(state: State) -> list[str]:
    """The legal moves of the player to move with what each means; at a chance event, its
    outcomes with their probabilities (as the position's viewer reckons them)."""
    moves = view.legal_moves(state)
    if not moves:
        shares = rules.results(state) if state.viewer is None else None
        if shares is None:
            return ["no legal moves: the game is over (the others' clouds are hidden in this view)"]
        winners = " and ".join(SEATS[s] for s in range(state.players) if shares[s] > 0)
        return [f"no legal moves: the game is over; {winners} {'wins' if ' and ' not in winners else 'share the win'}"]
    if rules.is_chance(state):
        lines = [f"the next move is chance's ({state.phase}), not a choice: {len(moves)} outcome"
                 f"{'s' if len(moves) != 1 else ''}"]
        for code, p in view.chance_outcomes(state):
            lines.append(f"  {format_move(state, code):17} {p.numerator}/{p.denominator} ({100 * float(p):.1f}%)  "
                         f"{chance_words(state, code)}")
        return lines
    seat = SEATS[rules.to_move(state)]
    lines = [f"{len(moves)} legal move{'s' if len(moves) != 1 else ''} for {seat} ({PHASE_TITLES[state.phase]}):"]
    for code in moves:
        lines.append(f"  {format_move(state, code):15} {move_words(state, code)}")
    return lines


def outcome_name(state: State) -> str:
    """What chance decides next, in a few words (the record's `chance_name`)."""
    if state.phase == rules.CARD:
        return "the card draw"
    if state.phase == rules.THROW:
        return "the throw"
    return "a cloud draw"

