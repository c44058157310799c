"""Whether Ace and King touch is worded once, by the piece that plays it (game/pieces/wrap.py), and
every game that plays it says it in the player's language: Golf's foundation and TriPeaks' waste."""
from __future__ import annotations

import pytest

from game import i18n
from game.i18n import LANGUAGES, _
from game.pieces.wrap import TOUCH
from game.variants import find_variant

# Each game with its setting: whether Ace and King touch, and whether nothing may go on a King.
GAMES = {"golf": (True, False), "golf-strict": (False, True), "tripeaks": (True, False), "tripeaks-strict": (False, False)}
NOTHING_ON_A_KING = "Nothing may be played on a King."


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_each_game_says_once_whether_ace_and_king_touch_in_the_pieces_words(language: str) -> None:
    i18n.use_language(language)
    for key, (wrap, kings_closed) in GAMES.items():
        text = find_variant(key).description
        assert text.count(_(TOUCH[wrap])) == 1, key
        assert _(TOUCH[not wrap]) not in text, key
        assert (_(NOTHING_ON_A_KING) in text) is kings_closed, key


def test_the_shared_sentence_is_translated_and_the_two_settings_read_apart() -> None:
    english = {wrap: TOUCH[wrap] for wrap in (True, False)}
    for language in sorted(set(LANGUAGES) - {"en"}):
        i18n.use_language(language)
        assert all(_(text) != text for text in (*english.values(), NOTHING_ON_A_KING)), language
        assert _(english[True]) != _(english[False])
