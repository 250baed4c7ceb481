"""hop for the terminal: a rich renderable of a position, the sky track with every pawn, then a
row per player with their balloons, birds and clouds, and the state of the turn.

    sky     A  B  C  D
      7     .  .  .  .   the top: reaching it ends the game
      3     A  .  C  .
      ...

Each player's row: the seat (and their role this turn), level, balloons (`●` kept, `○` lost),
birds (`d` a dove, `c` a crow), clouds (their values; `?` a cloud the viewer of a view cannot
see) and score (a view counts the clouds it cannot see at the mean value of the unseen clouds,
marked `~`). Highlighted seats (the last move's) get a background and square brackets.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from rich.console import Group
from rich.text import Text

from solver.games.board_tools import HIGHLIGHT_STYLE, checked_highlight
from solver.games.hop import hop_rules as rules
from solver.games.hop import hop_view as view
from solver.games.hop.hop_rules import (
    BALLOONS,
    BET,
    CARD,
    CLOUD,
    NO_BET,
    NOBODY,
    OVER,
    PARTNER,
    SEATS,
    THROW,
    TOP_LEVEL,
    State,
)
from solver.games.hop.hop_skill import CARD_TYPES

SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta", "bold cyan", "bold yellow")
PHASE_WORDS = {
    PARTNER: "{h} picks a partner (before the card is seen)",
    CARD: "the challenge card is drawn",
    rules.ASSISTER: "{h} picks an assister",
    rules.TURBULATOR: "{h} picks a turbulator",
    BET: "{b} bets happy or sad, in secret",
    THROW: "{h} throws the rainbow",
    CLOUD: "{d} draws a cloud",
    OVER: "the game is over",
}


def role_of(state: State, seat: int) -> str:
    """The seat's role this turn in a word ('' when it has none)."""
    for role, name in ((state.hurler, "hurler"), (state.partner, "partner"), (state.assister, "assister"),
                       (state.turbulator, "turbulator")):
        if role == seat and state.phase != OVER:
            return name
    return ""


def bet_text(state: State, seat: int) -> str:
    """A bet as the position's viewer sees it: happy, sad, secret, or ''."""
    bet = state.bets[seat]
    if bet == NO_BET:
        return ""
    if state.viewer is not None and seat != state.viewer:
        return "bet: secret"
    return "bet: happy" if bet == rules.HAPPY else "bet: sad"


def score_text(state: State, seat: int) -> str:
    """The seat's score; in a view, another player's clouds at their expected value (`~`)."""
    level = rules.scored_level(state, seat)
    if state.viewer is None or seat == state.viewer or not state.clouds[seat]:
        return str(level + sum(state.clouds[seat]))
    expected = level + view.expected_clouds(state, seat, state.viewer)
    return f"~{float(expected):.1f}"


def render(state: State, highlight: Iterable[int] = ()) -> Group:
    """The sky track, a row per player, and the turn's state, for rich to print; `highlight`
    holds seats (e.g. those the last move touched), drawn with brackets and a background."""
    marked = checked_highlight(highlight, state.players, "seat", f"table of {state.players} players")
    seats = range(state.players)
    lines = [Text("sky    " + "  ".join(SEATS[s] for s in seats), style="bold")]
    for level in range(TOP_LEVEL, 0, -1):
        line = Text(f"  {level}    ")
        for seat in seats:
            here = state.levels[seat] == level and state.balloons[seat] > 0
            line.append(SEATS[seat] if here else ".", style=SEAT_STYLES[seat] if here else "dim")
            line.append("  ")
        if level == TOP_LEVEL:
            line.append(" the top: reaching it ends the game", style="dim")
        lines.append(line)
    fallen = [SEATS[s] for s in seats if state.balloons[s] == 0]
    if fallen:
        lines.append(Text(f"beside the board (no balloon left, level 0): {' '.join(fallen)}"))
    lines.append(Text(""))
    lines.append(Text(f"{'player':14} level  balloons  birds  clouds        score", style="bold"))
    for seat in seats:
        lines.append(_player_line(state, seat, seat in marked))
    lines += [Text(line) for line in status_lines(state)]
    return Group(*lines)


def _player_line(state: State, seat: int, highlighted: bool) -> Text:
    """One player's row: seat and role, level, balloons, birds, clouds, score, bet."""
    role = role_of(state, seat)
    name = SEATS[seat] + (f" {role}" if role else "")
    kept = state.balloons[seat]
    birds = "d" * state.doves[seat] + "c" * state.crows[seat] or "-"
    shown = "".join("?" if state.viewer not in (None, seat) else str(v) for v in state.clouds[seat]) or "-"
    line = Text("[" if highlighted else " ")
    line.append(f"{name:13}", style=SEAT_STYLES[seat])
    line.append(f" {state.levels[seat]:>4}   {'●' * kept}{'○' * (BALLOONS - kept)} {kept}   {birds:5}  {shown:12}  "
                f"{score_text(state, seat):>5}")
    extra = bet_text(state, seat)
    if extra:
        line.append(f"   {extra}")
    if highlighted:
        line.append("]")
        line.stylize(HIGHLIGHT_STYLE)
    return line


def status_lines(state: State) -> list[str]:
    """The turn in words: phase, card and the throw's chance, deck, pool, skill model, result."""
    h = SEATS[state.hurler]
    bettor = rules.next_bettor(state) if state.phase == BET else NOBODY
    drawer = state.draws[0] if state.draws else NOBODY
    words = PHASE_WORDS[state.phase].format(h=h, b=SEATS[bettor] if bettor != NOBODY else "-",
                                           d=SEATS[drawer] if drawer != NOBODY else "-")
    lines = ["", f"phase: {state.phase}, {words}"]
    if state.card != NOBODY:
        chance = rules.throw_chance(state)
        lines.append(f"card: {CARD_TYPES[state.card]}    the throw lands with {float(chance):.2f}")
    deck = ", ".join(f"{n} {name}" for name, n in zip(CARD_TYPES, state.deck))
    lines.append(f"deck: {sum(state.deck)} cards left ({deck})")
    held = sum(map(len, state.clouds))
    if state.viewer is None:
        pool = state.pool()
        lines.append(f"pool: {sum(pool)} clouds ({pool[0]} of value 0, {pool[1]} of 1, {pool[2]} of 2)")
    else:
        unseen = view.unseen_clouds(state, state.viewer)
        lines.append(f"pool: {3 * rules.CLOUDS_PER_VALUE - held} clouds; {SEATS[state.viewer]} has not seen "
                     f"{unseen[0]} of value 0, {unseen[1]} of 1, {unseen[2]} of 2 (the others' and the pool's)")
        lines.append(f"view: as {SEATS[state.viewer]} sees it (the others' clouds and bets are hidden)")
    lines.append(f"skill: {state.skill.title}")
    if state.phase == OVER and state.viewer is None:
        shares = rules.results(state)
        winners = [SEATS[s] for s in range(state.players) if shares[s] > 0]
        lines.append(f"result: {' and '.join(winners)} {'wins' if len(winners) == 1 else 'share the win'} "
                     f"(scores {' '.join(f'{SEATS[s]} {p}' for s, p in enumerate(rules.scores(state)))})")
    return lines
