"""A review (solver/commands/review.py) as text for people and as JSON for programs (docs/records.md)."""

from __future__ import annotations

from solver.analysis import Score
from solver.commands.review import TOO_CLOSE, Review


def review_json(review: Review) -> dict:
    """The review as a JSON-ready dict (docs/records.md): every move, then the summary."""

    def score(value: Score | None):
        return value.as_json() if value is not None else None

    def interval(bounds):
        return list(bounds) if bounds is not None else None

    return {
        "game": review.game, "engine": review.engine, "unit": review.unit, "interrupted": review.interrupted,
        "moves": [{"number": r.number, "seat": r.seat, "move": r.move, "judged": r.judged, "note": r.note,
                   "loss": r.loss, "mark": r.mark, "verdict": r.verdict, "best": r.best, "best_line": r.best_line,
                   "best_score": score(r.best_score), "played_score": score(r.played_score),
                   "best_interval": interval(r.best_interval), "played_interval": interval(r.played_interval),
                   "recheck": r.recheck} for r in review.moves],
        "summary": review.summary(),
    }


def loss_text(loss: float, unit: str) -> str:
    """A loss for people: '-12.5%' of win probability (0.0% for none), '+0.40 turns' or '+2 actions'."""
    if unit == "turns":
        return f"+{loss:.2f} turns"
    if unit == "actions":
        return f"+{loss:g} action{'s' if loss != 1 else ''}" if loss else "0 actions"
    return "0.0%" if loss < 0.0005 else f"-{100 * loss:.1f}%"


def _intervals_text(r) -> str:
    """'; 95% intervals 51.2-54.0% and 39.0-41.9%, 2x the budget each' for a sampled verdict, '' otherwise."""
    if r.best_interval is None or r.played_interval is None:
        return ""
    (a, b), (c, d) = r.best_interval, r.played_interval
    budget = f", {r.recheck}x the budget each" if r.recheck > 1 else ", the review's budget each" if r.recheck else ""
    return f"; 95% intervals {100 * a:.1f}-{100 * b:.1f}% and {100 * c:.1f}-{100 * d:.1f}%{budget}"


def review_lines(review: Review, shown: int = 8) -> list[str]:
    """The review as text: one line per move (its loss and verdict; for a marked move the better
    move and its line, `shown` moves of it; for one too close to call both scores), then the
    summary per seat (with the moves too close to call where the scores are sampled)."""
    units = {"turns": "expected turns", "actions": "actions added to the shortest plan"}
    lines = [f"review    {review.game}  engine {review.engine}  (loss in {units.get(review.unit, 'win probability')})"]
    for r in review.moves:
        head = f"{r.number:4}. {r.seat:14} {r.move:14}"
        if not r.judged:
            lines.append(f"{head} ({r.note})" if r.note and r.note != "chance" else head.rstrip())
            continue
        lines.append(f"{head} {loss_text(r.loss, review.unit):>8}  {r.verdict}" + (f" ({r.note})" if r.note else ""))
        against = f"{r.best_score.text()} against {r.played_score.text()}" if r.best_score else ""
        if r.mark:
            lines.append(f"{'':6}better {r.best}" + (f" ({against}{_intervals_text(r)})" if against else "") + ": "
                         + " ".join(r.best_line[:shown]) + (" ..." if len(r.best_line) > shown else ""))
        elif r.verdict == TOO_CLOSE:
            lines.append(f"{'':6}{r.best} {against}{_intervals_text(r)}: the intervals overlap")
    if review.interrupted:
        lines.append(f"stopped   by Ctrl-C after move {review.moves[-1].number if review.moves else 0}")
    lines.append("")
    sampled = any(r.best_interval is not None for r in review.moves)  # the too close column where it can count
    lines.append(f"{'seat':14} {'player':24} {'moves':>5} {'avg loss':>9} {'inaccuracies':>12} {'mistakes':>8} "
                 f"{'blunders':>8}" + (f" {'too close':>9}" if sampled else ""))
    for row in review.summary():
        lines.append(f"{row['seat']:14} {row['player'][:24]:24} {row['moves']:5} "
                     f"{loss_text(row['average_loss'], review.unit):>9} {row['inaccuracy']:12} {row['mistake']:8} "
                     f"{row['blunder']:8}" + (f" {row['too_close']:9}" if sampled else ""))
    return lines
