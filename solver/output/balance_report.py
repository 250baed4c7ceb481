"""The report page of `caldera balance --report DIR`: a Markdown table of every position and
three matplotlib plots (seat scores with their 95% intervals, game-length histograms, branching
factor by ply). matplotlib comes with the `pictures` extra and is imported only here."""

from __future__ import annotations

import io
from pathlib import Path

from solver.commands.balance import PositionBalance
from solver.errors import CalderaError
from solver.user_files import write_file

PLOT_SIZE = (8.0, 4.5)  # inches; at PLOT_DPI: 800 x 450 pixels
PLOT_DPI = 100
MIN_GAMES_PLOTTED = 10  # the branching line stops where fewer games got that far
COLUMNS = ("draws", "balance", "completion", "advantage", "lead_changes", "drama", "decisiveness")
HEADINGS = ("Draws", "Balance", "Completion", "Advantage", "Lead changes", "Drama", "Decisiveness")


def table_lines(results: list[PositionBalance]) -> list[str]:
    """The Markdown table: one row per position, each figure with its 95% interval."""
    lines = ["| Position | Games | Seat scores | Length (spread) | Branching | " + " | ".join(HEADINGS) + " |",
             "| --- | ---: | --- | --- | ---: | " + " | ".join("---:" for _ in HEADINGS) + " |"]
    for r in results:
        if not r.traces:
            continue
        figures = r.figures()
        scores = ", ".join(f"{r.seats[s]} {e.text(percent=True)}" for s, e in enumerate(r.seat_scores()))
        cells = [r.label, str(len(r.traces)), scores, f"{r.length().text(digits=1)} ({r.length_spread() or 0:.1f})",
                 r.branching().text(digits=1)] + [figures[c].text() for c in COLUMNS]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def write_report(results: list[PositionBalance], directory: str, game_title: str, command: str) -> list[Path]:
    """Write README.md and the three plots into `directory` (made if missing); returns the paths."""
    try:
        import matplotlib
    except ImportError:
        raise CalderaError('--report draws its plots with matplotlib: pip install "caldera[pictures]"') from None
    matplotlib.use("Agg")
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CalderaError(f"--report {directory}: {error.strerror}") from None
    played = [r for r in results if r.traces]
    plots = [plot_seat_scores(played, folder / "seat_scores.png"), plot_lengths(played, folder / "lengths.png"),
             plot_branching(played, folder / "branching.png")]
    page = [f"# Balance: {game_title}", "", "Made by:", "", "```bash", command, "```", "",
            *table_lines(played), "",
            "Figures are means with 95% intervals in brackets (docs/balance.md defines each).", "",
            "![seat scores](seat_scores.png)", "", "![game lengths](lengths.png)", "",
            "![branching factor by ply](branching.png)", ""]
    return [write_file(folder / "README.md", "\n".join(page), "--report"), *plots]


def _figure(rows: int = 1, columns: int = 1):
    """A new figure PLOT_SIZE wide, PLOT_SIZE high per two rows of axes beyond the first."""
    import matplotlib.pyplot as plt

    width, height = PLOT_SIZE
    return plt.subplots(rows, columns, figsize=(width, height * max(1, rows / 2) if rows > 1 else height),
                        dpi=PLOT_DPI, squeeze=False)


def _save(figure, path: Path) -> Path:
    """Save a PNG without a timestamp or version (the same figures give the same file) and close it."""
    import matplotlib.pyplot as plt

    figure.tight_layout()
    picture = io.BytesIO()
    figure.savefig(picture, format="png", dpi=PLOT_DPI, metadata={"Software": None})
    plt.close(figure)
    return write_file(path, picture.getvalue(), "--report")


def plot_seat_scores(results: list[PositionBalance], path: Path) -> Path:
    """Grouped bars: each position's seat scores with their 95% interval bars, and each
    position's fair share as a dotted line."""
    figure, axes = _figure()
    ax = axes[0][0]
    most = max(r.players for r in results)
    width = 0.8 / most
    for seat in range(most):
        xs, heights, below, above = [], [], [], []
        for index, r in enumerate(results):
            if seat >= r.players:
                continue
            e = r.seat_scores()[seat]
            xs.append(index - 0.4 + width * (seat + 0.5))
            heights.append(e.mean)
            below.append(e.mean - (e.low if e.low is not None else e.mean))
            above.append((e.high if e.high is not None else e.mean) - e.mean)
        ax.bar(xs, heights, width * 0.9, yerr=[below, above], capsize=3, label=f"seat {'ABCDEF'[seat]}")
    for index, r in enumerate(results):
        ax.hlines(1.0 / r.players, index - 0.45, index + 0.45, colors="black", linestyles="dotted")
    ax.set_xticks(range(len(results)), [r.label for r in results], rotation=20)
    ax.set_ylim(0, 1)
    ax.set_ylabel("mean result (win = 1)")
    ax.set_title("Seat scores with 95% intervals (dotted: the fair share)")
    ax.legend(fontsize="small", ncols=most)
    return _save(figure, path)


def plot_lengths(results: list[PositionBalance], path: Path) -> Path:
    """One histogram of game lengths per position."""
    columns = min(3, len(results))
    rows = (len(results) + columns - 1) // columns
    figure, axes = _figure(rows, columns)
    for index, r in enumerate(results):
        ax = axes[index // columns][index % columns]
        ax.hist([t.plies for t in r.traces], bins=20, color="tab:blue")
        ax.set_title(r.label, fontsize="small")
        ax.tick_params(labelsize="x-small")
    for index in range(len(results), rows * columns):
        axes[index // columns][index % columns].axis("off")
    figure.suptitle("Game length (plies): games per length")
    return _save(figure, path)


def plot_branching(results: list[PositionBalance], path: Path) -> Path:
    """The mean number of legal moves at each engine decision, one line per position."""
    figure, axes = _figure()
    ax = axes[0][0]
    for r in results:
        by_ply = r.branching_by_ply()
        # Where few games got that far the mean is one game's noise: stop the line there.
        enough = min(MIN_GAMES_PLOTTED, len(r.traces))
        shown = sum(1 for k in range(len(by_ply)) if sum(len(t.branching) > k for t in r.traces) >= enough)
        ax.plot(range(1, shown + 1), by_ply[:shown], label=r.label)
    ax.set_xlabel("engine decision (after the random opening)")
    ax.set_ylabel("legal moves")
    ax.set_yscale("log")
    ax.set_title(f"Branching factor by ply (mean over the games that got that far, at least {MIN_GAMES_PLOTTED})")
    ax.legend(fontsize="small", ncols=2)
    return _save(figure, path)
