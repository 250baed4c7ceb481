"""The runner of the pages' console examples (tests/docs/examples.py) fails a block whose output
changed, forgives only what the machine decides, and rewrites pages with --update."""

from pathlib import Path

from tests.docs.examples import ROOT, differences, parse, run_page, update


def page(tmp_path: Path, text: str) -> str:
    """A page with the given text, as the runner names pages."""
    path = tmp_path / "page.md"
    path.write_text(text)
    return str(path)


def test_blocks_markers_commands_and_typed_input_are_read():
    """Markers before the fence, several commands, a continued command, a play session's typed
    lines; a ```` fence that shows a ``` block holds no example."""
    lines = """<!-- example: shape the time decides -->
```console
$ caldera play penguins pond \\
    --save t.cgf
board
> hint
> quit
$ caldera moves penguins pond
```
````markdown
```console
$ caldera show penguins
```
````
<!-- example: skip takes an hour -->
```console
$ caldera match penguins random random --games 100000
```
```bash
$ caldera show penguins
```
""".splitlines()
    shape, skip = parse("page.md", lines)
    assert (shape.mode, shape.note, skip.mode, skip.note) == ("shape", "the time decides", "skip", "takes an hour")
    play, moves = shape.commands
    assert play.text == "caldera play penguins pond \\\n    --save t.cgf"
    assert play.shown == ["board", "> hint", "> quit"] and play.typed() == "hint\nquit\n"
    assert moves.text == "caldera moves penguins pond" and moves.shown == []


def test_a_changed_output_fails_with_a_diff_and_the_same_output_passes(tmp_path):
    """An exact block compares every line; the diff names the block and the changed line."""
    wrong = page(tmp_path, "```console\n$ echo one; echo two\none\nthree\n```\n")
    found = differences(wrong)
    assert "-three" in found and "+two" in found and f"{wrong}:2" in found and "--update" in found
    assert differences(page(tmp_path, "```console\n$ echo one; echo two\none\ntwo\n```\n")) == ""


def test_only_what_the_machine_decides_is_forgiven(tmp_path):
    """Times and speeds may differ; a node count may not."""
    ran = "depth 8  nodes 127,308  1,510,608 nodes/s  time 0.08 s"
    timed = "depth 8  nodes 127,308  654,053 nodes/s  time 0.19 s"
    counted = "depth 8  nodes 127,172  1,510,608 nodes/s  time 0.08 s"
    assert differences(page(tmp_path, f"```console\n$ echo '{ran}'\n{timed}\n```\n")) == ""
    assert "nodes 127,172" in differences(page(tmp_path, f"```console\n$ echo '{ran}'\n{counted}\n```\n"))


def test_a_shape_block_compares_lines_and_first_words(tmp_path):
    """Shape-only: other numbers pass, another first word or another line count fails."""
    block = "<!-- example: shape -->\n```console\n$ printf 'best 1\\nline 2\\n'\n{}\n```\n"
    assert differences(page(tmp_path, block.format("best 7\nline 9"))) == ""
    assert differences(page(tmp_path, block.format("worst 1\nline 2")))
    assert differences(page(tmp_path, block.format("best 1")))


def test_a_skipped_block_is_not_run(tmp_path):
    """A skip block's output is not compared (the command would print something else)."""
    assert differences(page(tmp_path, "<!-- example: skip too long -->\n```console\n$ echo yes\nno\n```\n")) == ""


def test_files_of_earlier_commands_given_files_and_repo_files_are_there(tmp_path):
    """A page's commands share one folder; a given file is written from the page; a repo file a
    command names is copied in."""
    maze_first_line = (ROOT / "tests/meerkats/tiny.maze").read_text().splitlines()[0]
    text = f"""```console
$ echo kept > made.txt
```
<!-- example: given input.txt -->
```console
$ cat input.txt
a line of the page
$ cat made.txt input.txt
kept
a line of the page
$ head -1 tests/meerkats/tiny.maze
{maze_first_line}
```
"""
    assert differences(page(tmp_path, text)) == ""


def test_caldera_is_this_tree_and_a_play_session_gets_the_typed_lines(tmp_path):
    """`caldera` runs cli.py of the tree; `play` reads the lines typed at its prompt and shows
    them as a terminal does."""
    text = """```console
$ caldera play penguins "6x6 P4I/6/6/p4I/6/6 - A play 3/3 2+1/2+1 20" --save t.cgf | tail -2
> quit
game saved to t.cgf
$ grep -c '^game' t.cgf
1
```
"""
    assert differences(page(tmp_path, text)) == ""


def test_update_writes_what_changed_and_keeps_the_page_times(tmp_path):
    """--update rewrites a differing block with the run's lines, but keeps a page line that
    differs from the run only in a time; matching blocks stay as they are."""
    text = """Text.

```console
$ echo 'nodes 5  time 0.01 s'; echo 'score 2'
nodes 5  time 9.99 s
score 1
```

```console
$ echo same
same
```
"""
    name = page(tmp_path, text)
    assert update(name, run_page(name)) == 1
    assert Path(name).read_text() == text.replace("score 1", "score 2")
    assert differences(name) == ""
