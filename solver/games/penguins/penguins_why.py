"""Why a penguins move is good, in the game's words: the evaluation's terms
(kernels/penguins/penguins_eval.py side_terms, read by the tile rules in
kernels/penguins/penguins_tile_eval.py) as a hint names them (solver/output/hint_why.py)."""

from __future__ import annotations

from solver.games.game_record import Term
from solver.games.notation_tools import plural
from solver.games.penguins.penguins_binding import to_kernel
from solver.games.penguins.penguins_rules import PLAY

# The terms in the kernel's T_* order: name, and whether the mover's value counts against it (eggs
# still to place: fewer is better).
TERMS = (("eggs", True), ("best slide", False), ("mobility", False), ("penguins", False),
         ("hatching slide", False), ("hatching mobility", False), ("win at once", False))


def evaluation_terms(state) -> list[Term]:
    """The evaluation's terms of `state`, both sides' values with their weights (the mover's win
    at once counts in the play phase only, as the evaluation weighs it; the rival's as a threat)."""
    from kernels.penguins.penguins_eval import EVAL_WEIGHTS, SIDE_WEIGHTS, W_THREAT
    from kernels.penguins.penguins_tile_eval import evaluation_terms as kernel_terms

    rows = kernel_terms(to_kernel(state))
    terms = []
    for t, ((name, fewer_better), w) in enumerate(zip(TERMS, SIDE_WEIGHTS)):
        weight = int(EVAL_WEIGHTS[w]) * (-1 if fewer_better else 1)
        rival = weight
        if name == "win at once":
            weight, rival = (weight if state.phase == PLAY else 0), int(EVAL_WEIGHTS[W_THREAT])
        terms.append(Term(name, (int(rows[0, t]), int(rows[1, t])), weight, rival))
    return terms


# Each term in words, where its name alone does not say it.
LABELS = {"best slide": "best slide (eggs it lays or takes)", "mobility": "mobility (slides)",
          "penguins": "penguins on the board", "hatching slide": "best slide of a penguin hatched from the eggs",
          "hatching mobility": "slides of a penguin hatched from the eggs"}


def _joined(said: list[str]) -> str:
    """The clauses that say something, joined."""
    return ", ".join(words for words in said if words)


def term_words(name: str, mine: int, theirs: int, rival: str, now: tuple[int, int]) -> str:
    """A term's change after the move (and the reply) in words, e.g. 'mobility taken: B -6
    slides (3 now)'; `mine` and `theirs` are the changes of the mover's and the rival's values,
    `now` the values after."""
    if name == "eggs":  # eggs still to place: fewer is better
        return "eggs laid: " + _joined([
            f"you lay {plural(-mine, 'egg')}" if mine < 0 else f"{plural(mine, 'egg')} back to your supply" if mine else "",
            f"{rival} lays {plural(-theirs, 'egg')}" if theirs < 0 else f"{plural(theirs, 'egg')} back to {rival}'s supply" if theirs else ""])
    if name == "win at once":
        if theirs < 0:
            return f"threat stopped: {rival} can no longer empty its supply with one move"
        if theirs > 0:
            return f"threat allowed: {rival} could empty its supply with one move"
        if mine > 0:
            return "threat made: you could empty your supply with your next move"
        return "threat given up: you could empty your supply with one move before"
    if name == "mobility" and theirs < 0 and -theirs >= abs(mine):
        return f"mobility taken: {rival} {plural(theirs, 'slide')} ({now[1]} now)" + (f", you {mine:+d} ({now[0]} now)" if mine else "")
    return f"{LABELS[name]}: " + _joined([f"you {mine:+d} ({now[0]} now)" if mine else "",
                                          f"{rival} {theirs:+d} ({now[1]} now)" if theirs else ""])
