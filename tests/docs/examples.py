"""The console examples of README.md and docs/ run as tests: each ```console block's `$ caldera ...`
commands run in order and their output is compared with what the page shows, exactly or by shape
as the block's marker says. How to write and mark a block: docs/examples.md.

    python -m tests.docs.examples [--update] [PAGE...]

checks the pages named (default: every page), printing a diff per block that differs; --update
writes the real output into those blocks.
"""

from __future__ import annotations

import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["README.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").rglob("*.md"))]
# The pages split into groups of about equal run time, one test file each, so that pytest's
# workers (--dist loadfile) share them: README.md, docs/rules/, the rest of docs/.
GROUPS = {"readme": ["README.md"], "rules": [p for p in PAGES if p.startswith("docs/rules/")]}
GROUPS["docs"] = [p for p in PAGES if not any(p in pages for pages in GROUPS.values())]
FENCE = re.compile(r"^(`{3,})")
MARKER = re.compile(r"^<!-- example: (exact|shape|skip|given)\b\s*(.*?)\s*-->$")
PROMPT = "> "
COMMAND_SECONDS = 300  # one command's limit: a hung example fails instead of stalling CI
SLOW_SECONDS = 5  # a block that takes longer is named with its time, to keep the pages' run short
# What the machine decides, not the code: replaced by "#" on both sides before comparing.
MASKS = [
    (re.compile(r"\d[\d,.]* (nodes|sims|positions)/s\b"), r"# \1/s"),
    (re.compile(r"\d[\d.]* ms/move\b"), "# ms/move"),
    (re.compile(r"\b\d+(\.\d+)? s\b"), "# s"),
    (re.compile(r"has [\d,]+ MB free: give at most [\d,]+"), "has # MB free: give at most #"),
    (re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"), "#"),
    (re.compile(r'"(nps|seconds)": [\d.e-]+'), r'"\1": #'),
]
# Never part of an example: the compile notice (also printed when loading cached kernels is slow)
# and the lines that stand in for a progress bar off a terminal (a terminal clears the bar).
UNSHOWN = re.compile(r"^(Compiling Caldera's kernels|game \d+/\d+: |balance: .* \d+/\d+ games$)")
SHIM = """#!{python}
# `caldera` for the examples: python -m cli of the tree under test, on a console that echoes what
# is typed as a terminal does (input() on a pipe writes the prompt but not the line read).
import builtins, runpy, sys
sys.path.insert(0, {root!r})

def typed(prompt=""):
    sys.stdout.write(prompt)
    line = sys.stdin.readline()
    if not line:
        sys.stdout.write("\\n")
        sys.stdout.flush()
        raise EOFError
    sys.stdout.write(line)
    sys.stdout.flush()
    return line.rstrip("\\n")

builtins.input = typed
sys.argv[0] = "caldera"
runpy.run_module("cli", run_name="__main__", alter_sys=True)
"""


@dataclass
class Command:
    """One `$ ` line of a block (with its continuation lines) and the output the page shows."""

    text: str
    shown: list[str] = field(default_factory=list)

    def typed(self) -> str:
        """What the page shows typed at a `play` prompt: the command's standard input."""
        return "".join(line[len(PROMPT):] + "\n" for line in self.shown if line.startswith(PROMPT))


@dataclass
class Block:
    """One ```console block: where it is, how it is checked and its commands."""

    page: str
    start: int  # index of the line after the opening fence
    end: int  # index of the closing fence
    mode: str  # exact, shape, skip or given
    note: str  # skip: the reason; given: the file
    commands: list[Command]

    def name(self) -> str:
        """page:line of the block's first command, as an editor opens it."""
        return f"{self.page}:{self.start + 1}"


def parse(page: str, lines: list[str]) -> list[Block]:
    """Every console block of a page's lines, with its marker."""
    blocks, i = [], 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        ticks, start = opening.group(1), i + 1
        # A fence closes on a line of at least as many backticks alone (a ```` block may show ``` ones).
        end = next((j for j in range(start, len(lines)) if re.fullmatch(f"{ticks}`*\\s*", lines[j])), len(lines))
        if lines[i].strip() == "```console":
            before = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
            marker = MARKER.match(before.strip())
            mode, note = marker.groups() if marker else ("exact", "")
            blocks.append(Block(page, start, end, mode, note, commands(lines[start:end])))
        i = end + 1
    return blocks


def commands(body: list[str]) -> list[Command]:
    """A block's commands: `$ ` lines (a trailing backslash joins the next line) and what follows."""
    found, continued = [], False
    for line in body:
        if continued:
            found[-1].text += "\n" + line
        elif line.startswith("$ "):
            found.append(Command(line[2:]))
        elif found:
            found[-1].shown.append(line.rstrip())
        continued = line.endswith("\\") and (continued or line.startswith("$ "))
    return found


def masked(lines: list[str]) -> list[str]:
    """The lines with what the machine decides replaced by '#'."""
    out = []
    for line in lines:
        for pattern, replacement in MASKS:
            line = pattern.sub(replacement, line)
        out.append(line)
    return out


def shape(lines: list[str]) -> list[str]:
    """What a shape-only block compares: each line's first word."""
    return [line.split()[0] if line.split() else "" for line in lines]


class Folder:
    """The temporary folder a page's commands run in, and the `caldera` they run."""

    def __init__(self, where: Path):
        self.where = where
        bin_dir = where / ".bin"
        bin_dir.mkdir()
        shim = bin_dir / "caldera"
        shim.write_text(SHIM.format(python=sys.executable, root=str(ROOT)))
        shim.chmod(0o755)
        self.env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
        self.env.update(PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", PYTHONUNBUFFERED="1",
                        PYTHONPATH=str(ROOT), TERM="dumb")

    def bring(self, command: str) -> None:
        """Copy in every file or folder of the repo that the command names (a maze, an image)."""
        try:
            words = shlex.split(command, comments=True)
        except ValueError:
            words = command.split()
        for word in words:
            word = word.split("=", 1)[-1]
            source = ROOT / word
            if not word or word.startswith(("/", ".", "-")) or not source.exists() or (self.where / word).exists():
                continue
            (self.where / word).parent.mkdir(parents=True, exist_ok=True)
            if source.is_dir():
                shutil.copytree(source, self.where / word)
            else:
                shutil.copy(source, self.where / word)

    def run(self, command: Command) -> list[str]:
        """The command's output lines (stdout and stderr as a terminal shows them)."""
        self.bring(command.text)
        done = subprocess.run(["bash", "-c", command.text], cwd=self.where, env=self.env, input=command.typed(),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=COMMAND_SECONDS)
        return [line.rstrip() for line in done.stdout.splitlines() if not UNSHOWN.match(line)]


@dataclass
class Outcome:
    """A block run: its output per command, and the diff against the page (empty: it matches)."""

    block: Block
    outputs: list[list[str]]
    diff: str
    seconds: float = 0.0


def check(block: Block, folder: Folder) -> Outcome:
    """Run a block's commands in the folder and compare their output with the page's."""
    began = time.monotonic()
    if block.mode == "skip":
        return Outcome(block, [c.shown for c in block.commands], "")
    if block.mode == "given":
        given = next(c for c in block.commands if shlex.split(c.text) == ["cat", block.note])
        (folder.where / block.note).write_text("".join(line + "\n" for line in given.shown))
    expected, actual, outputs = [], [], []
    for command in block.commands:
        output = folder.run(command)
        outputs.append(output)
        expected += ["$ " + command.text, *command.shown]
        actual += ["$ " + command.text, *output]
    diff = ""
    if block.mode == "shape" and shape(expected) != shape(actual):
        diff = unified(block, expected, actual)
    elif block.mode != "shape" and masked(expected) != masked(actual):
        diff = unified(block, masked(expected), masked(actual))
    return Outcome(block, outputs, diff, time.monotonic() - began)


def unified(block: Block, expected: list[str], actual: list[str]) -> str:
    """The page's block against the run, as a unified diff."""
    return "\n".join(difflib.unified_diff(expected, actual, f"{block.name()} (page, {block.mode})",
                                          f"{block.name()} (run)", lineterm=""))


def run_page(page: str) -> list[Outcome]:
    """Every console block of a page, run in order in one temporary folder."""
    blocks = parse(page, (ROOT / page).read_text(encoding="utf-8").splitlines())
    with tempfile.TemporaryDirectory(prefix="caldera-examples-") as where:
        folder = Folder(Path(where))
        return [check(block, folder) for block in blocks]


def differences(page: str) -> str:
    """The diffs of a page's blocks that do not match their run, with how to rerun the page ('' if all match)."""
    diffs = [outcome.diff for outcome in run_page(page) if outcome.diff]
    return "\n\n".join([*diffs, f"rerun the page: python -m tests.docs.examples --update {page}"]) if diffs else ""


def kept(page_lines: list[str], run_lines: list[str]) -> list[str]:
    """The run's lines, but the page's own where they differ only in what MASKS hides (a time):
    a rerun page changes only where the output did."""
    matcher = difflib.SequenceMatcher(None, masked([line.rstrip() for line in page_lines]), masked(run_lines),
                                      autojunk=False)
    out = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        out += page_lines[i1:i2] if tag == "equal" else run_lines[j1:j2]
    return out


def update(page: str, outcomes: list[Outcome]) -> int:
    """Write the real output into the page's blocks that differ; how many were rewritten."""
    lines = (ROOT / page).read_text(encoding="utf-8").splitlines()
    rewritten = 0
    for outcome in reversed([o for o in outcomes if o.diff]):
        page_lines, body = lines[outcome.block.start:outcome.block.end], []
        for command, output in zip(outcome.block.commands, outcome.outputs):
            body += ["$ " + command.text, *output]
        lines[outcome.block.start:outcome.block.end] = kept(page_lines, body)
        rewritten += 1
    (ROOT / page).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return rewritten


def main(argv: list[str]) -> int:
    """python -m tests.docs.examples [--update] [PAGE...]: check (or rewrite) the pages' examples."""
    rewrite = "--update" in argv
    pages = [a for a in argv if a != "--update"] or PAGES
    failed = 0
    for page in pages:
        began = time.monotonic()
        outcomes = run_page(page)
        differing = [o for o in outcomes if o.diff]
        for outcome in outcomes:
            if outcome.seconds >= SLOW_SECONDS:
                print(f"{outcome.block.name()}: {outcome.seconds:.1f} s", file=sys.stderr)
        for outcome in differing:
            print(outcome.diff, end="\n\n")
        if rewrite and differing:
            print(f"{page}: rewrote {update(page, outcomes)} block(s)")
        print(f"{page}: {len(outcomes)} block(s), {len(differing)} differ(s), {time.monotonic() - began:.1f} s",
              file=sys.stderr)
        failed += len(differing)
    return 1 if failed and not rewrite else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
