"""`main.py console` as a player's shell runs it: piped input, end of input, colour or lower case."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.cards import Card
from game.variants import all_variants, find_variant, rules_for
from solitaire.console.view import RED, RESET, card_text, render

ROOT = Path(__file__).resolve().parent.parent


def console(*args: str, script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", "console", *args], cwd=ROOT, input=script,
        capture_output=True, text=True, encoding="utf-8", timeout=60,
    )


def test_piped_script_plays_and_end_of_input_quits_cleanly() -> None:
    result = console("--game", "freecell", "--deal", "617", "--ascii", "--no-autoplay", script="TC 1 1\n58\nbogus\n")
    assert result.returncode == 0
    assert result.stderr == ""
    out = result.stdout
    assert "1[ Jd]" in out  # J♦ went to cell 1, red in lower case
    assert "Error: unknown command 'bogus' (type h for help)" in out
    assert out.rstrip().endswith("End of input: goodbye.")
    assert "\x1b[" not in out


def test_piped_output_shows_red_in_lower_case_and_black_in_upper_case() -> None:
    out = console("--game", "freecell", "--deal", "617", "--ascii", script="q\n").stdout
    first_row = next(line for line in out.splitlines() if line.startswith("  7d"))
    assert first_row.split() == ["7d", "Ad", "5C", "3S", "5S", "8C", "2d", "Ah"]


def test_colour_always_puts_red_cards_in_ansi_red() -> None:
    out = console("--game", "golf", "--deal", "5", "--colour", "always", script="").stdout
    assert f"{RED}2♦{RESET}" in out  # the foundation's red card, solid suit, in colour
    assert "6♣" in out and f"{RED}6♣" not in out
    assert "♡" not in out


def test_card_text_colour_versus_lower_case() -> None:
    heart, spade = Card.parse("7H"), Card.parse("7S")
    assert card_text(heart, ascii=True) == "7h" and card_text(spade, ascii=True) == "7S"
    assert card_text(heart, ascii=True, colour=True) == f"{RED}7H{RESET}"
    assert card_text(spade, ascii=True, colour=True) == "7S"
    assert card_text(heart) == "7♡" and card_text(heart, colour=True) == f"{RED}7♥{RESET}"
    assert card_text(Card.parse("TD"), ascii=True) == "10d"


def test_klondike_board_shows_face_down_cards_stock_and_waste() -> None:
    variant = find_variant("klondike")
    rules = rules_for(variant)
    state = rules.perform(rules.deal(5), rules.stock_move(rules.deal(5)))
    text = render(state, variant, ascii=True)
    lines = text.splitlines()
    assert lines[0] == "stock (N): [###] (23 cards)    waste (P): [ JC] (1 card)"
    assert lines[1] == "foundations: S[   ]  H[   ]  D[   ]  C[   ]"
    assert lines[3].split() == [f"T{i}" for i in range(7)]
    assert lines[4].split() == ["7C", "##", "##", "##", "##", "##", "##"]
    assert lines[-1].split() == ["2h"]


def test_bad_game_name_is_a_usage_error() -> None:
    result = console("--game", "nosuchgame", script="")
    assert result.returncode == 2
    assert "unknown game 'nosuchgame'" in result.stderr


@pytest.mark.parametrize("game", [variant.key for variant in all_variants()])
def test_the_board_writes_every_suit_as_its_cards_do(game: str) -> None:
    """Without colour the red suits are outline, on the cards and beside the piles alike (the
    foundations' line wrote ♥ ♦ above cards written ♡ ♢); in colour, solid everywhere."""
    variant = find_variant(game)
    state = rules_for(variant).deal(3)
    plain = render(state, variant)
    assert "♥" not in plain and "♦" not in plain
    coloured = render(state, variant, colour=True)
    assert "♡" not in coloured and "♢" not in coloured


def test_klondikes_foundations_show_their_suits_beside_their_letters() -> None:
    variant = find_variant("klondike")
    state = rules_for(variant).deal(5)
    assert render(state, variant).splitlines()[1] == "foundations: S♠[   ]  H♡[   ]  D♢[   ]  C♣[   ]"
    assert render(state, variant, ascii=True).splitlines()[1] == "foundations: S[   ]  H[   ]  D[   ]  C[   ]"
