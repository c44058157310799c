"""Thousands of typed lines, plausible and not: never a traceback, and a rejected line changes nothing.

Lines come from a grammar of the tokens players type (keywords, numbers in and out of range, card
names, pile names, notation) mixed with arbitrary text, so both near-misses and garbage are tried,
in sequences so that later lines meet positions the earlier ones made.
"""
from __future__ import annotations

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cards import Card, Suit
from game.moves import Move
from game.session import Session
from game.variants import find_variant
from solitaire.console import Console, HintUnavailable

WORDS = [
    "tc", "tf", "tt", "cf", "ct", "t2f", "t2c", "t2t", "c2t", "c2f", "r", "h", "q", "u", "redo", "hint",
    "new", "restart", "d", "n", "p", "s", "c", "f", "v", "#", "?", "help", "quit",
    *(f"t{i}" for i in range(-1, 9)), *(str(i) for i in range(-1, 13)), "99999999999999999999", "x", "",
]
CARDS = [Card.of(rank, suit) for suit in Suit for rank in range(1, 14)]
NOTATION = "0123456789abcdefghijkswv"

token = st.one_of(
    st.sampled_from(WORDS),
    st.sampled_from(CARDS).map(lambda c: c.code.lower() if c.rank % 2 else c.label),
    st.text(NOTATION, min_size=1, max_size=4),
    st.text(max_size=6),
)
line = st.one_of(
    st.lists(token, min_size=0, max_size=4).map(" ".join),
    st.text(max_size=20),
)
GAMES = ["freecell", "bakers-game", "eight-off", "seahaven", "klondike", "klondike-draw3", "golf", "golf-strict"]


def no_hint(_: Session) -> Move:
    raise HintUnavailable("hint is not available yet")


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), deal=st.integers(1, 6), lines=st.lists(line, min_size=1, max_size=12))
def test_random_lines_never_crash_and_rejections_change_nothing(game: str, deal: int, lines: list[str]) -> None:
    out = io.StringIO()
    console = Console(Session(find_variant(game), deal, autoplay=deal % 2 == 0), out, new_deal=lambda: 7, hint=no_hint)
    for text in lines:
        before = console.session
        state, history, actions = before.state, before.position_in_history, list(before.actions)
        written = len(out.getvalue())
        reply = console.execute(text)
        if not reply.ok:
            assert console.session is before
            assert (before.state, before.position_in_history, before.actions) == (state, history, actions)
            assert out.getvalue()[written:].startswith("Error: ")
        assert sorted(console.session.state.cards()) == sorted(CARDS)  # accepted or not, no card is lost
        if reply.finished:
            break


@settings(max_examples=150, deadline=None)
@given(script=st.lists(line, max_size=8).map("\n".join))
def test_any_script_runs_to_the_end_of_input_with_exit_code_0(script: str) -> None:
    out = io.StringIO()
    console = Console(Session(find_variant("freecell"), 617), out, new_deal=lambda: 7, hint=no_hint)
    assert console.run(io.StringIO(script)) == 0
    text = out.getvalue()
    assert text.rstrip().endswith(("End of input: goodbye.", "Goodbye."))
