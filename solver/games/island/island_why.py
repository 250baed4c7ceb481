"""Why an Island Project move is good, in the game's words: the evaluation's terms
(kernels/island/island_kernel.py seat_terms) as a hint names them (solver/output/hint_why.py)."""

from __future__ import annotations

from solver.games.game_record import Term
from solver.games.island.island_binding import to_kernel

# The terms in the kernel's W_* order, in words.
LABELS = ("food", "people on the island (each one food at the end)", "people on new land", "people on plateaus")


def evaluation_terms(state) -> list[Term]:
    """The evaluation's terms of `state`: each seat's food and people, with their weights."""
    from kernels.island.island_kernel import EVAL_WEIGHTS
    from kernels.island.island_kernel import evaluation_terms as kernel_terms

    rows = kernel_terms(to_kernel(state))
    return [Term(label, tuple(int(rows[seat, t]) for seat in range(state.players)), int(EVAL_WEIGHTS[t]),
                 int(EVAL_WEIGHTS[t])) for t, label in enumerate(LABELS)]


def term_words(name: str, mine: int, theirs: int, rival: str, now: tuple[int, int]) -> str:
    """A term's change after the move in words, e.g. 'food: you +2 (7 now)'; `mine` and `theirs`
    are the changes of the mover's and the best rival's values, `now` the values after."""
    said = [f"you {mine:+d} ({now[0]} now)" if mine else "", f"{rival} {theirs:+d} ({now[1]} now)" if theirs else ""]
    return f"{name}: " + ", ".join(words for words in said if words)
