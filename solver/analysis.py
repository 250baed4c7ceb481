"""What a search returns: plain typed records shared by every engine, the CLI and JSON output."""

from __future__ import annotations

from dataclasses import dataclass, field

# Alpha-beta scores: a win for the side to move `n` plies from the root scores WIN - n.
WIN = 1_000_000
PROVEN = WIN - 100_000  # scores beyond this are forced results, not heuristics


@dataclass(frozen=True)
class Score:
    """A score from the view of the side to move at the root.

    kind: "eval" (heuristic, `value` in eggs), "win" / "loss" (forced, in `plies`), "draw"
    (proven), "value" (MCTS, exact: expected result 0..1, 1 = certain win), "turns" (exact, one
    seat: the expected number of turns to finish, fewer is better) or "none" (a scripted or random
    pick, which weighs nothing: `value` means nothing).
    """

    kind: str
    value: float
    plies: int | None = None

    @staticmethod
    def from_alphabeta(score: int) -> Score:
        """Decode an alpha-beta integer score (hundredths of an egg, or WIN-coded forced results)."""
        if score >= PROVEN:
            return Score("win", 1.0, WIN - score)
        if score <= -PROVEN:
            return Score("loss", -1.0, WIN + score)
        return Score("eval", score / 100)

    @staticmethod
    def unscored() -> Score:
        """The score of a pick that weighs nothing (a scripted player's, a random one)."""
        return Score("none", 0.0)

    def text(self) -> str:
        """Short human text: '+2.35', 'win in 5', 'loss in 3', 'draw', '63.0%', '7.412 turns',
        'no score (scripted pick)'."""
        if self.kind == "none":
            return "no score (scripted pick)"
        if self.kind == "eval":
            return f"{self.value:+.2f}"
        if self.kind in ("win", "loss"):
            return f"{self.kind} in {self.plies}"
        if self.kind == "draw":
            return "draw"
        if self.kind == "turns":
            return f"{self.value:.3f} turns"
        return f"{100 * self.value:.1f}%"

    def as_json(self) -> dict:
        """JSON-ready dict with stable keys: kind, value (null for "none"), plies."""
        return {"kind": self.kind, "value": None if self.kind == "none" else self.value, "plies": self.plies}


@dataclass(frozen=True)
class Line:
    """One analysed root move: its score, principal variation (kernel move codes, the move
    first) and, for MCTS, its visit count and the 95% interval (low, high) of its score; for
    MCTS on a game whose score is not a win chance (oros), also the mean win share and the mean
    final score margin over the best other seat with its 95% interval (margin_low, margin_high)."""

    move: int
    score: Score
    pv: tuple[int, ...]
    visits: int | None = None
    win: float | None = None
    margin: float | None = None
    low: float | None = None
    high: float | None = None
    margin_low: float | None = None
    margin_high: float | None = None


@dataclass
class Analysis:
    """The result of one search, best line first."""

    engine: str
    lines: list[Line]
    depth: int  # alpha-beta: deepest completed iteration; MCTS: deepest tree node
    nodes: int  # alpha-beta: nodes visited; MCTS: simulations run
    seconds: float
    stopped: str  # why it stopped: depth, nodes, time, sims, solved, interrupted, no-moves
    threads: int = 1
    notes: list[str] = field(default_factory=list)
    seat_values: tuple[float, ...] | None = None  # MCTS: each seat's mean result over the simulations
    # MCTS: the best move and every move whose 95% interval reaches the best's lower bound, in
    # rank order: they cannot be told apart at this budget (empty where nothing says so)
    equal: tuple[int, ...] = ()

    @property
    def best(self) -> Line | None:
        """The best line, or None when the side to move has no legal move."""
        return self.lines[0] if self.lines else None

    @property
    def nodes_per_second(self) -> float:
        """Nodes (or simulations) per second of wall time."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0
