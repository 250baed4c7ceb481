"""Why a hinted move is good, in words (issue 35, "Why, in words"): the proof where the search
solved it, the odds where chance decides, else the terms of the game's evaluation that change
most after the move and the rival's best reply. The numbers come from the game record
(evaluation_terms: the kernel's own terms; chance_reason; plan_words), the words for one term
from the game too (term_words); here they are compared and put in order, the same for every game."""

from __future__ import annotations

from solver.analysis import Line
from solver.engines.registry import ENGINE_RECORDS
from solver.games.game_record import Game, Term
from solver.games.notation_tools import plural
from solver.output.analysis_output import pv_texts

NAMED_TERMS = 2  # terms a reason names, the largest changes first


def why_words(game: Game, state, line: Line, engine: str) -> str:
    """Why `line`'s move is good, in words ('' where nothing can be said): its plan where the game
    has plans, then the proof, the deciding odds or the evaluation's largest changes."""
    said = [game.plan_words(state, line.pv) if game.plan_words is not None else ""]
    reason = proof_words(game, state, line, engine)
    if not reason and game.chance_reason is not None:
        reason = game.chance_reason(state, line.move)
    if not reason and game.evaluation_terms is not None:
        reason = terms_words(game, state, line.pv)
    return "; ".join(words for words in [*said, reason] if words)


def proof_words(game: Game, state, line: Line, engine: str) -> str:
    """The proof behind a solved score, with the line that shows it; '' for an estimate."""
    score, shown = line.score, " ".join(pv_texts(state, line.pv, game))
    if score.kind == "win" and score.plies == 1:
        return "proved: it wins at once"
    if score.kind == "win":
        return f"proved: a forced win in {plural(score.plies, 'ply', 'plies')}, every defence searched to the end ({shown})"
    if score.kind == "loss":
        return f"proved: it loses in {plural(score.plies, 'ply', 'plies')} against best play ({shown})"
    if score.kind == "draw":
        return f"proved: a draw with best play, every line searched to the end ({shown})"
    if not ENGINE_RECORDS[engine].solves:
        return ""
    if score.kind == "turns":
        return f"proved: solved exactly, every position to the end: {score.value:.3f} turns expected with best play"
    return (f"proved: solved exactly, every position to the end: {game.seat_name(state)} scores "
            f"{100 * score.value:.1f}% with best play")


def compared_position(game: Game, state, pv: tuple[int, ...]):
    """(the position the reason's terms are read in, the reply's notation or ''): after the move
    and, where the line has one, the best reply of a rival (not a dice roll), so that the same
    side is to move as before and a gain the rival takes back at once does not count."""
    after = game.successor(state, pv[0])
    if (len(pv) < 2 or game.is_over(after) or game.is_chance(after)
            or game.to_move(after) == game.to_move(state)):
        return after, ""
    return game.successor(after, pv[1]), f"{game.seat_name(after)}'s reply {game.format_move(after, pv[1])}"


def best_rival(terms: list[Term], mover: int, players: int) -> int | None:
    """The rival whose terms weigh most (the evaluation's best other seat); None alone."""
    rivals = [seat for seat in range(players) if seat != mover]
    if not rivals:
        return None
    return max(rivals, key=lambda seat: sum(term.rival_weight * term.values[seat] for term in terms))


def term_changes(game: Game, state, pv: tuple[int, ...]) -> tuple[list[tuple], int, str]:
    """([(weighted change, term, mover's change, rival's change, (mover's value, rival's value)
    after)] largest first, the rival, the reply's notation or ''): the terms of the evaluation
    compared before the move and after it (and the reply), from the mover's side; unchanged terms
    left out."""
    mover = game.to_move(state)
    later, reply = compared_position(game, state, pv)
    before, after = game.evaluation_terms(state), game.evaluation_terms(later)
    rival = best_rival(after, mover, game.player_count(state))
    changes = []
    for old, new in zip(before, after):
        mine = new.values[mover] - old.values[mover]
        theirs = 0 if rival is None else new.values[rival] - old.values[rival]
        weighed = old.weight * mine - old.rival_weight * theirs
        if weighed:
            changes.append((weighed, old.name, mine, theirs, (new.values[mover], 0 if rival is None else new.values[rival])))
    changes.sort(key=lambda change: -abs(change[0]))
    return changes, rival, reply


def terms_words(game: Game, state, pv: tuple[int, ...]) -> str:
    """The NAMED_TERMS evaluation terms that change most after the move (and the reply), in the
    game's words, e.g. 'after B's reply e2-e5: mobility taken: B has 6 fewer slides; ...'."""
    changes, rival, reply = term_changes(game, state, pv)
    where = f"after {reply}: " if reply else ""
    if not changes:
        return f"{where}nothing the evaluation counts changes at once; the search values it for what comes later"
    rival_name = "" if rival is None else game.seats[rival]
    said = [game.term_words(name, mine, theirs, rival_name, now) for _, name, mine, theirs, now in changes[:NAMED_TERMS]]
    return where + "; ".join(said)
