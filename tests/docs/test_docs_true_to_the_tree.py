"""The docs are true to the tree: every file a doc or a docstring names exists, every ruling id
the code, tests and docs cite is defined in the repo's own docs/rules/<game>.md, and nothing
points a reader at a file outside the repo."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = {"P": "penguins", "I": "island", "O": "oros", "M": "meerkats", "H": "hop"}
CITED = re.compile(r"(?<![\w-])(?<!row )([PIOMH])-(\d+[a-z]?)\b")  # not "row H-1" (a board's last row)
PATH = re.compile(r"(?<![\w./-])((?:solver|kernels|tests|bench|docs)/[\w./*<>-]*[\w>/])")
# The example game of docs/adding-a-game.md lives only in the temporary tree its test writes.
EXAMPLE = "/sticks/"


def sources() -> list[Path]:
    """Every file of the project that people read: code, tests, docs, README."""
    files = [*ROOT.glob("*.py"), *ROOT.glob("*.md"), *ROOT.glob("*.toml")]
    for folder in ("solver", "kernels", "tests", "bench", "docs", ".ci"):
        files += [p for p in (ROOT / folder).rglob("*") if p.is_file() and p.suffix in (".py", ".md", ".txt", "")]
    return [p for p in files if "__pycache__" not in p.parts]


def defined_rulings() -> dict[str, set[str]]:
    """The ruling ids each docs/rules/<game>.md defines in its Rulings section."""
    defined = {}
    for letter, game in RULES.items():
        page = ROOT / "docs" / "rules" / f"{game}.md"
        text = page.read_text(encoding="utf-8") if page.exists() else ""
        defined[letter] = set(re.findall(rf"^- \*\*{letter}-(\d+[a-z]?)\*\*", text, re.M))
    return defined


def test_every_cited_ruling_is_defined_in_the_repo():
    """P-9, I-5, O-2, ...: each id cited anywhere is an entry of its game's rules page."""
    defined = defined_rulings()
    missing = set()
    for path in sources():
        for letter, number in CITED.findall(path.read_text(encoding="utf-8", errors="replace")):
            if number not in defined[letter]:
                missing.add(f"{letter}-{number} ({path.relative_to(ROOT)})")
    assert not missing, sorted(missing)


def test_every_named_file_exists():
    """A path like solver/games/penguins/penguins_rules.py in a doc or docstring names a real file
    (or folder; `<game>` and `*` stand for any)."""
    wrong = set()
    for path in sources():
        for name in PATH.findall(path.read_text(encoding="utf-8", errors="replace")):
            pattern = re.sub(r"<\w+>", "*", name).rstrip("/")
            if EXAMPLE not in name and not any(ROOT.glob(pattern)):
                wrong.add(f"{name} ({path.relative_to(ROOT)})")
    assert not wrong, sorted(wrong)


@pytest.mark.parametrize("outside", ["shared/", "../shared", "RULINGS.md", "NUMBA.md", "ARCHITECTURE.md"])
def test_nothing_points_outside_the_repo(outside):
    """No doc, docstring or comment sends a reader to a design note the repo lacks."""
    naming = [str(p.relative_to(ROOT)) for p in sources() if outside in p.read_text(encoding="utf-8", errors="replace")
              and p.name != Path(__file__).name]
    assert not naming, naming
