"""tools/winnability.py: the page's tables remade from deal tables, on a small table made by a real
`solve --range` run; and the committed page is what the committed tables say."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.variants import all_variants
from tools import winnability

ROOT = Path(__file__).resolve().parent.parent
ENV = {"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANGUAGE": "en"}
PAGE = f"# Winnability\n\nBefore.\n\n{winnability.BEGIN}\nold table\n{winnability.END}\n\nAfter.\n"


@pytest.fixture(scope="module")
def baker(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A folder holding Baker's Game deals 9-14 as `solve --range` writes them, and what it printed."""
    data = tmp_path_factory.mktemp("winnability")
    command = [sys.executable, "main.py", "solve", "--game", "bakers-game", "--range", "9-14", "--jobs", "1",
               "--max-positions", "100000", "--csv", str(data / "bakers-game.csv")]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300, env=ENV)
    assert result.returncode == 0, result.stderr
    return data, result.stdout


def remake(data: Path, page: Path, *options: str) -> int:
    return winnability.main(["--data", str(data), "--page", str(page), *options])


def test_the_tables_are_remade_from_the_deal_tables(tmp_path: Path, baker: tuple[Path, str]) -> None:
    data, printed = baker
    page = tmp_path / "winnability.md"
    page.write_text(PAGE)
    assert remake(data, page) == 0
    text = page.read_text()
    assert text.startswith("# Winnability\n\nBefore.\n\n") and text.endswith("\n\nAfter.\n") and "old table" not in text
    row = next(line for line in text.splitlines() if line.startswith("| Baker's Game | 9-14 |"))
    head, share = printed.splitlines()  # "...: 5 won, 1 lost, 0 unknown", "winnable: 83.3 % of 6 decided (95 % interval a-b %)"
    won, lost = (int(part.split()[0]) for part in head.split(": ")[1].split(", ")[:2])
    interval = share.split("interval ")[1].rstrip(")")
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert cells[2:6] == [str(won + lost), str(won), str(lost), "0"]
    assert cells[6] == f"{share.split()[1]} % ({interval})"  # the command's own figures
    assert cells[8] == ("`solitaire solve --game bakers-game --time-limit 60 --max-positions 100000 --range 9-14 --jobs 1 "
                        "--csv docs/winnability/bakers-game.csv --resume`")
    assert "| FreeCell | not measured yet |" in text  # every game of the suite has its row
    work = next(line for line in text.splitlines() if line.startswith("| Baker's Game | --time-limit 60"))
    assert work.endswith("| none |")


def test_a_published_figure_stands_in_its_game_s_row(tmp_path: Path, baker: tuple[Path, str]) -> None:
    data, _printed = baker
    (data / "published.csv").write_text("game,figure,source\nfreecell,99.997 %,[a study](https://example.org)\n")
    try:
        page = tmp_path / "winnability.md"
        page.write_text(PAGE)
        assert remake(data, page) == 0
    finally:
        (data / "published.csv").unlink()
    assert "| FreeCell | not measured yet | | | | | | 99.997 % ([a study](https://example.org)) |" in page.read_text()


def test_check_says_whether_the_page_is_out_of_date(tmp_path: Path, baker: tuple[Path, str]) -> None:
    data, _printed = baker
    page = tmp_path / "winnability.md"
    page.write_text(PAGE)
    assert remake(data, page, "--check") == 1
    assert page.read_text() == PAGE  # --check changes nothing
    assert remake(data, page) == 0
    assert remake(data, page, "--check") == 0


@pytest.mark.parametrize(("text", "problem"), [
    ("deal,verdict,moves,seconds,positions\n1,solved,90,0.1,100\n", "not a table written by solve --range"),
    ("deal,verdict,moves,seconds,positions,game,time_limit,max_positions\n1,solved,90,fast,100,golf,60.0,\n", "line 2"),
    ("deal,verdict,moves,seconds,positions,game,time_limit,max_positions\n1,solved,9,0.1,10,golf,60.0,\n"
     "2,solved,9,0.1,10,golf,4.0,\n", "line 3: golf --time-limit 4, not golf --time-limit 60 as above"),
])
def test_a_file_the_tool_cannot_read_is_one_line_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, problem: str,
) -> None:
    (tmp_path / "golf.csv").write_text(text)
    page = tmp_path / "winnability.md"
    page.write_text(PAGE)
    assert remake(tmp_path, page) == 2
    err = capsys.readouterr().err
    assert err.startswith("winnability: ") and problem in err and err.count("\n") == 1
    assert page.read_text() == PAGE


def test_the_committed_page_is_what_the_committed_tables_say() -> None:
    assert winnability.main(["--check"]) == 0, "run .venv/bin/python tools/winnability.py"


def test_a_game_the_chooser_does_not_offer_has_no_row_and_is_named_under_the_table(
    tmp_path: Path, baker: tuple[Path, str]
) -> None:
    data, _printed = baker
    page = tmp_path / "winnability.md"
    page.write_text(PAGE)
    assert remake(data, page) == 0
    text = page.read_text()
    hidden = [variant for variant in all_variants() if not variant.listed]
    assert hidden  # Spider's relaxed deal: a setting of Spider, not a game of the chooser
    for variant in hidden:
        assert f"| {variant.english_name} |" not in text
        assert f"{variant.english_name} (`{variant.key}`)" in text.split(winnability.END)[0]
    assert "| Spider (one suit) |" in text  # the games the chooser offers keep their rows
