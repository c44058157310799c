"""The model's texts pass through the player's language, and what the code compares does not.

There may be no catalogue for a language yet, so these tests do not look for French words: they put
a marking translation in place of the active one and check that the model's reasons, names, rules
text and the store's messages come out through it, while the rules decide exactly as in English and
games are still found by their English names.
"""
from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from game import i18n
from game.cards import Card, CardError
from game.moves import FOUNDATION, Move, column
from game.rules import IllegalMove
from game.session import Session
from game.state import BoardError, State
from game.variants import all_variants, customised, find_variant, rules_for
from solitaire.store import open_store
from solitaire.store.stats import format_streak

MARK = "⟦"


class Marking(gettext.NullTranslations):
    """Every text comes out with MARK in front (placeholders untouched), and plural calls are logged."""

    def __init__(self) -> None:
        super().__init__()
        self.plurals: list[tuple[str, str, int]] = []

    def gettext(self, message: str) -> str:
        return MARK + message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.plurals.append((msgid1, msgid2, n))
        return MARK + (msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return MARK + message


@pytest.fixture
def marking(monkeypatch: pytest.MonkeyPatch) -> Marking:
    i18n.use_language("fr")
    translation = Marking()
    monkeypatch.setattr(i18n, "_translation", translation)
    return translation


def refusal(rules, state: State, move: Move) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMove) as caught:
        rules.check(state, move)
    return str(caught.value)


def colour_clash(rules, state: State) -> Move:  # type: ignore[no-untyped-def]
    """A one-card column move of `state` that breaks the alternating-colour rule."""
    for i, src in enumerate(state.columns):
        for j, dst in enumerate(state.columns):
            if i != j and src[-1].rank == dst[-1].rank - 1 and src[-1].is_red == dst[-1].is_red:
                return Move(column(i), column(j))
    raise AssertionError("no such move in this deal")


def test_a_rule_reason_comes_out_through_the_translation_and_the_rule_is_unchanged(marking: Marking) -> None:
    rules = rules_for(find_variant("freecell"))
    state = rules.deal(1)
    english_moves = list(rules.legal_moves(state))
    move = colour_clash(rules, state)
    reason = refusal(rules, state, move)
    # the sentence and the rule it quotes are both translated texts, the cards' labels filled in
    assert reason.startswith(MARK) and f"{MARK}columns build down in alternating colours" in reason
    assert "{" not in reason and state.columns[move.src.index][-1].label in reason
    assert list(rules.legal_moves(state)) == english_moves  # the rules decide as in English
    with pytest.raises(IllegalMove):
        rules.apply(state, move)


def test_counts_are_worded_with_ngettext(marking: Marking) -> None:
    rules = rules_for(find_variant("freecell"))
    state = rules.deal(1)  # seven cards in each of the first four columns
    reason = refusal(rules, state, Move(column(0), column(1), 9))
    assert reason == f"{MARK}{MARK}column 1 has only 7 cards"  # the sentence and the pile's name are both translated
    assert ("{pile} has only {n} card", "{pile} has only {n} cards", 7) in marking.plurals


def test_loss_reasons_and_session_refusals_are_translated(marking: Marking) -> None:
    golf = rules_for(find_variant("golf"))
    text = "Foundation: 7H\nStock:\n: 9S 4C\n: TS\n" + ":\n" * 5
    stuck = State.from_text(text, cells=0, columns=7, stock_pile=True, single_foundation=True, full_deck_required=False)
    reason = str(golf.lost_reason(stuck))
    assert reason.startswith(MARK) and reason.endswith("3 cards left in the columns")
    session = Session(find_variant("klondike"), 5)
    with pytest.raises(IllegalMove, match=f"^{MARK}nothing to undo$"):
        session.undo()


def test_board_and_move_text_errors_are_translated(marking: Marking) -> None:
    with pytest.raises(BoardError, match=f"^{MARK}cards missing: "):
        State.from_text(": AS\n", cells=0, columns=1)
    with pytest.raises(ValueError, match=f"^{MARK}'zz' is not a move"):
        Move.parse("zz")


def test_card_errors_are_values_worded_in_the_language(marking: Marking) -> None:
    with pytest.raises(CardError) as caught:
        Card.parse("ZZ")
    assert caught.value.facts == {"text": "'ZZ'"}
    assert str(caught.value) == f"{MARK}'ZZ' is not a card (write rank then suit, like AC, TD, 10d or qh)"
    with pytest.raises(BoardError, match=f"^{MARK}{MARK}line 1: {MARK}'X' is not a suit"):
        State.from_text("Foundations: X-6\n: AS\n", cells=0, columns=1, full_deck_required=False)


def test_variant_names_are_translated_and_found_by_their_english_names(marking: Marking) -> None:
    freecell = find_variant("FreeCell")
    assert freecell.name == f"{MARK}FreeCell" and freecell.english_name == "FreeCell"
    for variant in all_variants():
        assert variant.name == MARK + variant.english_name
        assert find_variant(variant.english_name) is variant  # English names work in every language
        assert find_variant(variant.key) is variant
        assert all(find_variant(alias) is variant for alias in variant.aliases)
        assert find_variant(variant.name) is variant  # and the name the player reads
    assert find_variant("baker's game") is find_variant("bakers-game")


def test_a_custom_shapes_name_is_one_template(marking: Marking) -> None:
    shaped = customised(find_variant("bakers-game"), 2, 10)
    assert shaped.name == f"{MARK}{MARK}Baker's Game (2 cells, 10 columns)"
    assert ("{game} ({cells} cell, {columns} columns)", "{game} ({cells} cells, {columns} columns)", 2) in marking.plurals
    assert shaped.english_name == "Baker's Game (2 cells, 10 columns)"
    assert find_variant(shaped.key) == shaped  # the key is what is stored, whatever the language
    assert customised(find_variant("freecell"), 1, 8).english_name == "FreeCell (1 cell, 8 columns)"


def test_rules_text_and_pile_names_are_read_in_the_language(marking: Marking) -> None:
    for variant in all_variants():
        assert variant.description.startswith(MARK) and "{" not in variant.description
    assert str(column(2)) == f"{MARK}column 3" and str(FOUNDATION) == f"{MARK}foundation"


def test_the_language_is_read_when_the_text_is_shown_not_when_the_module_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    variant = find_variant("eight-off")
    english_name, english_rules = variant.name, variant.description
    monkeypatch.setattr(i18n, "_translation", Marking())
    assert (variant.name, variant.description[:1]) == (MARK + english_name, MARK)
    monkeypatch.setattr(i18n, "_translation", gettext.NullTranslations())
    assert (variant.name, variant.description) == (english_name, english_rules)


def test_the_stores_messages_are_translated(marking: Marking, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    store, message = open_store(blocker / "data")
    assert message is not None and message.startswith(f"{MARK}Cannot create the data folder")
    assert f"{MARK}you can play, but nothing will be saved" in message
    store.close()
    assert format_streak(3) == f"{MARK}3 won" and format_streak(-2) == f"{MARK}2 lost"
