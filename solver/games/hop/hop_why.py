"""Why a hop move is good: the chance that decides it (solver/output/hint_why.py). A pick and a
bet are decided by the throw, so the reason is the throw's chance with this choice against the
best other, as the player to move reckons it (hop_explain's chances)."""

from __future__ import annotations

from fractions import Fraction

from solver.games.hop import hop_rules as rules
from solver.games.hop.hop_explain import chance_with
from solver.games.hop.hop_rules import BET_MOVE, HAPPY, PICK_ASSISTER, PICK_PARTNER, PICK_TURBULATOR, SEATS, argument_of, kind_of

ROLES = {PICK_PARTNER: "as your partner", PICK_ASSISTER: "assisting", PICK_TURBULATOR: "disturbing"}


def _percent(chance: Fraction) -> str:
    """A chance as a whole percentage: '70%'."""
    return f"{100 * float(chance):.0f}%"


def chance_reason(state, code: int) -> str:
    """The throw's chance that decides a pick or a bet, e.g. 'the throw decides: it lands 70% of the
    time with B as your partner, 40% with the best other pick'; '' for another move."""
    kind = kind_of(code)
    if kind == BET_MOVE:
        lands = rules.throw_chance(state)
        right = lands if argument_of(code) == HAPPY else 1 - lands
        if right == Fraction(1, 2):
            return "the throw decides, and it is a coin flip: it lands half the time, so either bet is right half the time"
        return f"the throw decides: it lands {_percent(lands)} of the time, so this bet is right {_percent(right)} of the time"
    if kind not in ROLES:
        return ""
    chance = chance_with(state, kind, argument_of(code))
    others = [chance_with(state, kind, argument_of(c)) for c in rules.legal_moves(state) if c != code]
    said = f"the throw decides: it lands {_percent(chance)} of the time with {SEATS[argument_of(code)]} {ROLES[kind]}"
    if others and all(other == chance for other in others):
        return said + ", the same with every pick: the clouds and the standing decide"
    return said + (f", {_percent(max(others))} with the best other pick" if others else "")
