"""Why a meerkats move is good, in the game's words: the evaluation's terms
(kernels/meerkats/meerkats_kernel.py seat_terms) as a hint names them (solver/output/hint_why.py)."""

from __future__ import annotations

from solver.games.game_record import Term
from solver.games.meerkats.meerkats_binding import to_kernel


def evaluation_terms(state) -> list[Term]:
    """The evaluation's terms of `state`, each seat's, with their weights: a step still to walk
    counts against a seat, a friend still to meet as weights[1] steps, a super tile for it."""
    from kernels.meerkats.meerkats_kernel import EVAL_WEIGHTS
    from kernels.meerkats.meerkats_kernel import evaluation_terms as kernel_terms

    rows = kernel_terms(to_kernel(state))
    step, friend, tile = (int(w) for w in EVAL_WEIGHTS)
    weights = {"steps still to walk": -step, "friends still to meet": -step * friend, "super tiles held": tile}
    return [Term(name, tuple(int(rows[seat, t]) for seat in range(state.players)), weight, weight)
            for t, (name, weight) in enumerate(weights.items())]


def term_words(name: str, mine: int, theirs: int, rival: str, now: tuple[int, int]) -> str:
    """A term's change after the move in words, e.g. 'steps still to walk: you -3 (4 now)'; `mine`
    and `theirs` are the changes of the mover's and the best rival's values, `now` the values after."""
    said = [f"you {mine:+d} ({now[0]} now)" if mine else "", f"{rival} {theirs:+d} ({now[1]} now)" if theirs else ""]
    return f"{name}: " + ", ".join(words for words in said if words)
