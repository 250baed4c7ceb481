"""HOP! from the command line: show, moves, analyze, hint and match with views (--as), skill
tables in a position, 3 to 6 seats, and one-line errors."""

import re

from tests.cli_cases import one_line_error, run

START4 = "1/1/1/1 5/5/5/5 -/-/-/- -/-/-/- A partner --- - ---- - 20/10/10/5/5"
# Mid-game, four players: A holds clouds 1 and 2, C one cloud, B a dove and D two crows.
MIDGAME = "3/2/4/1 5/4/3/2 -/d/-/cc 12/-/0/- A partner --- - ---- - 18/9/10/5/4"


def test_show_draws_the_sky_track_balloons_birds_and_clouds():
    """Every pawn on its level of the sky, each player's balloons (kept and lost), birds, clouds
    and score, read off MIDGAME: A level 3 + clouds 1 + 2 = 6; C level 4 + 0 = 4."""
    code, out, _ = run("show", "hop", MIDGAME)
    assert code == 0
    sky = {line.split()[0]: line for line in out.splitlines()[1:8]}
    assert [sky["3"].split()[1:5], sky["4"].split()[1:5]] == [["A", ".", ".", "."], [".", ".", "C", "."]]
    rows = {line.split()[0]: line.split() for line in out.splitlines() if re.match(r"^ [A-D] ", line)}
    assert rows["A"][-1] == "6" and "12" in rows["A"] and "●●●●●" in rows["A"]
    assert rows["C"][-1] == "4" and "●●●○○" in rows["C"]
    assert "cc" in rows["D"] and "d" in rows["B"]
    assert "pool: 33 clouds (11 of value 0, 11 of 1, 11 of 2)" in out  # 12 each, less A's 1, 2 and C's 0


def test_show_as_a_player_hides_the_others_clouds():
    """As C: A's clouds are '??' and scored at the mean of the clouds C has not seen (C holds a
    0, so 11 of value 0 and 12 each of 1 and 2 are unseen: mean 36/35, two clouds ~2.06; A's
    ~5.1 with level 3); C's own 0 shows; the notation says view=C."""
    code, out, _ = run("show", "hop", MIDGAME, "--as", "C")
    assert code == 0
    rows = {line.split()[0]: line.split() for line in out.splitlines() if re.match(r"^ [A-D] ", line)}
    assert "??" in rows["A"] and rows["A"][-1] == "~5.1"
    assert rows["C"][-1] == "4" and "0" in rows["C"]
    assert out.rstrip().endswith("3/2/4/1 5/4/3/2 -/d/-/cc ??/-/0/- A partner --- - ---- - 18/9/10/5/4 view=C")


def test_moves_in_a_view_draw_another_players_cloud_as_one_outcome():
    """Three players, as A: B partners, C assists (so nobody bets) and the throw lands; B's cloud
    is hidden from A, so its draw is one outcome."""
    start3 = "1/1/1 5/5/5 -/-/- -/-/- A partner --- - --- - 20/10/10/5/5"
    code, out, _ = run("moves", "hop", start3, "--as", "A", "--after", "partner:B card:assister assister:C lands")
    assert code == 0
    assert "1 outcome" in out and "cloud:?" in out and "1/1 (100.0%)" in out


def test_hint_picks_the_partner_who_throws_clearly_better(tmp_path):
    """A throws to C at 0.9 and to B and D at 0.2: each landing raises A a level, so C is the
    pick, with the words of the skill table."""
    skill = tmp_path / "c.toml"
    skill.write_text("default = 0.5\n[success]\nA = { B = 0.2, C = 0.9, D = 0.2 }\n", encoding="utf-8")
    code, out, _ = run("hint", "hop", f"{START4} skill={skill}", "--as", "A", "--time", "1")
    assert code == 0
    first = next(line for line in out.splitlines() if line.startswith("1. "))
    assert first.startswith("1. partner:C pick C: C throws well with you (0.90)"), first
    assert re.search(r"\(\d+% to win, as simulated\); 95% interval [\d.]+-[\d.]+%; win chance [\d.]+% \(calibrated\)$",
                     first)


def test_analyze_gives_every_partner_a_win_chance_and_every_player_a_chance():
    """start4: without --multipv, the three partners, each with A's simulated win chance, and a
    line of every player's chance (four seats); --multipv 1 gives the best alone."""
    code, out, _ = run("analyze", "hop", "start4", "--sims", "4000", "--seed", "1")
    assert code == 0
    listed = re.findall(r"^\d  (partner:[BCD])  +(\d+\.\d)%", out, re.M)
    assert sorted(move for move, _ in listed) == ["partner:B", "partner:C", "partner:D"]
    chances = re.search(r"^chances A (\S+)%  B (\S+)%  C (\S+)%  D (\S+)%$", out, re.M)
    assert chances and abs(sum(float(c) for c in chances.groups()) - 100) < 0.5  # shares of one win
    assert re.search(r"^best      partner:[BCD]: pick [BCD]", out, re.M)  # "partner:B:" is not an emoji code
    code, out, _ = run("analyze", "hop", "start4", "--sims", "4000", "--seed", "1", "--multipv", "1")
    assert code == 0 and len(re.findall(r"^\d  partner:", out, re.M)) == 1


def test_a_search_looks_from_the_view_of_the_player_to_move():
    """A view of B while A is to move cannot be searched: B does not make this decision."""
    message = one_line_error("analyze", "hop", MIDGAME, "--as", "B", "--sims", "100")
    assert "this is B's view, but A is to move" in message


def test_hint_at_a_chance_event_lists_the_outcomes():
    """After A picks B the card is drawn: the outcomes are the card types by the cards left
    (18 plain of 46)."""
    code, out, _ = run("hint", "hop", MIDGAME, "--after", "partner:B")
    assert code == 0
    assert out.startswith("The next move is the card draw, not a choice of A")
    assert re.search(r"card:plain +18/46 +39\.1%", out)


def test_match_plays_three_to_six_seats():
    """A match from start3, start5 and start6 rotates engine A over every seat."""
    for players in (3, 5, 6):
        code, out, _ = run("match", "hop", "policy", "random", "--position", f"start{players}",
                           "--games", str(players), "--seed", "2")
        assert code == 0, out
        assert f"{players} games, {players} seats" in out
        assert f"played seats A-{'ABCDEF'[players - 1]} {'/'.join(['1'] * players)} times" in out


BAD = [
    (("show", "hop", MIDGAME, "--as", "E"), "--as E: this position's seats are A B C D"),
    (("show", "penguins", "--as", "A"), "penguins hides nothing"),
    (("show", "hop", MIDGAME.replace(" 12/", " 1?/")), "clouds"),
    (("show", "hop", MIDGAME.replace(" 12/-/0/- ", " ??/-/?/- ") + " view=B", "--as", "C"), "it cannot be seen as C"),
    (("moves", "hop", MIDGAME, "--after", "partner:A"), "A is the hurler"),
    (("moves", "hop", START4, "--as", "C", "--after", "partner:B card:plain happy sad lands"), "throw reveals"),
]


def test_bad_input_is_one_line():
    """A seat the position lacks, a game without hidden parts, a bad cloud, seeing another
    player's view, an illegal pick, and the throw before a view's hidden bets are revealed."""
    for args, words in BAD:
        assert words in one_line_error(*args), args
