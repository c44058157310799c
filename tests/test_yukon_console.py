"""Yukon and Russian Solitaire in the terminal: their own move syntax, board and help, and every move
a hint or `solve` writes reads back as that very move."""
from __future__ import annotations

import io

import pytest

from game.moves import FOUNDATION, Move, column
from game.session import Session
from game.variants import dialect_for, find_variant, rules_for
from solitaire.console import Console
from solitaire.console.commands import CommandError, interpret


def play(game: str, deal: int, lines: str) -> tuple[Session, str]:
    session = Session(find_variant(game), deal, autoplay=False)
    out = io.StringIO()
    Console(session, out, ascii=True).run(io.StringIO(lines))
    return session, out.getvalue()


def test_a_console_game_of_yukon_in_its_own_words() -> None:
    session, text = play("yukon", 1, "h\n7 2\n1 h\n5 4\n3 2 9\n2 3 4\nq\n")
    assert "3 6 4" in text and "TC x y" not in text  # its own help, not FreeCell's
    assert "foundations (h):" in text and "cells (" not in text
    # 7 2: 4♥ (the fifth card from the top) fits 5♣; 1 h: A♥ home; 5 4: 2♦ fits no card of column 4
    assert session.actions[:2] == [Move(column(6), column(1), 5), Move(column(0), FOUNDATION)]
    assert len(session.actions) == 2
    assert "Traceback" not in text
    assert text.count("illegal move") + text.count("not a") + text.count("has only") >= 2


def test_a_console_game_of_russian_solitaire() -> None:
    session, text = play("russian", 1, "5 4\n73\n6 4\nq\n")  # 2♦ onto 3♦, J♠ onto Q♠, A♦ (6♠ on it) onto 2♦
    assert session.actions == [Move(column(4), column(3)), Move(column(6), column(2)), Move(column(5), column(3), 2)]
    assert "Traceback" not in text


def test_two_cards_that_fit_are_told_apart_by_their_count() -> None:
    rules = rules_for(find_variant("yukon"))
    state = rules.from_text(
        """Foundations: H-0 C-0 D-0 S-0
: KH QH JH TH 9H 8H 7H 6D 6H 5H 4H 3H 2H AH
: AD 2D 3D 4D 5D 7D 8D 9D TD JD QD KD
: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
: AS 2S 3S 4S 5S 6S 8S 9S TS JS QS KS 7S
:
:
:
"""
    )
    with pytest.raises(CommandError, match="more than one card fits"):  # 6♥ and 6♦ both go on 7♠
        interpret("1 4", state, rules)
    assert interpret("1 4 6", state, rules) == Move(column(0), column(3), 6)  # 6♥ and the five on it
    assert interpret("1 4 7", state, rules) == Move(column(0), column(3), 7)  # 6♦
    with pytest.raises(CommandError, match="can't go on"):
        interpret("1 4 5", state, rules)  # 5♥ on 7♠


@pytest.mark.parametrize("game", ["yukon", "russian"])
@pytest.mark.parametrize("deal", [1, 2, 3, 4])
def test_every_legal_move_reads_back_from_the_way_the_console_writes_it(game: str, deal: int) -> None:
    rules = rules_for(find_variant(game))
    dialect = dialect_for(rules.variant)
    state = rules.deal(deal)
    for _step in range(6):
        moves = list(rules.legal_moves(state))
        for move in moves:
            assert interpret(dialect.phrase(move, state), state, rules) == move
        if not moves:
            break
        state = rules.apply(state, moves[-1])


def test_show_and_solve_print_yukon(capsys: pytest.CaptureFixture[str]) -> None:
    from solitaire.cli import main

    assert main(["show", "--game", "russian", "--deal", "5"]) == 0
    assert ": [6H] AH QH 8C QC KC" in capsys.readouterr().out
    assert main(["solve", "--game", "russian", "--deal", "5"]) in (0, 1)
    out = capsys.readouterr()
    assert "Traceback" not in out.err and out.out.strip()
