"""A whole game per command language, played to its end purely in that language.

No script is written by hand: the solver solves a deal, and a small translator per language says
each of its moves the way a player of that language types it (`TF 3 2`, `t2c 5 1`, `58v3`, `7h 8s`,
`P T3`, `d`). The console must read every line back into the move the solver meant, and the deal
must end won. Auto-play is off, since the solver's line makes every move itself.
"""
from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest

from game.cards import Card
from game.moves import Move, PileKind
from game.rules import Rules
from game.session import Session
from game.solver import Status, solve
from game.state import State
from game.variants import find_variant, rules_for
from solitaire.console import Console, HintUnavailable
from tests.test_console import plain

COLUMN, CELL, FOUNDATION = PileKind.COLUMN, PileKind.CELL, PileKind.FOUNDATION
WASTE, STOCK = PileKind.WASTE, PileKind.STOCK
DEALS = range(1, 16)  # the first deal the solver can solve, and the language can say, is played
BUDGET = 4_000  # positions per deal: a fixed count, not seconds, so a busy machine picks the same deal

# A translator gets the position a move is made in and returns the lines that make it, or None when
# its language has no words for that move.
Translator = Callable[[Rules, State, Move], list[str] | None]


def moving_card(state: State, move: Move) -> Card:
    """The card a move picks up first: the deepest of a run."""
    src = move.src
    if src.kind is COLUMN:
        return state.columns[src.index][-move.count]
    if src.kind is CELL:
        held = state.cells[src.index]
        assert held is not None
        return held
    return state.waste[-1]


def foundation_number(card: Card) -> int:
    """The number the console shows a card's foundation under: 1♣ 2♦ 3♥ 4♠."""
    return int(card.suit) + 1


def two_numbers(state: State, move: Move, words: dict[tuple[PileKind, PileKind], str]) -> str | None:
    """`TC x y` / `t2c T C`: the keyword for the pair of pile kinds, then both piles' numbers."""
    keyword = words.get((move.src.kind, move.dst.kind))
    if keyword is None:
        return None
    target = foundation_number(moving_card(state, move)) if move.dst.kind is FOUNDATION else move.dst.index + 1
    return f"{keyword} {move.src.index + 1} {target}"


BAKERS = {(COLUMN, CELL): "TC", (COLUMN, FOUNDATION): "TF", (COLUMN, COLUMN): "TT", (CELL, FOUNDATION): "CF",
          (CELL, COLUMN): "CT"}
ONE_CARD = {(COLUMN, CELL): "t2c", (COLUMN, FOUNDATION): "t2f", (COLUMN, COLUMN): "t2t", (CELL, FOUNDATION): "c2f",
            (CELL, COLUMN): "c2t"}


def bakers_language(rules: Rules, state: State, move: Move) -> list[str] | None:
    line = two_numbers(state, move, BAKERS)
    return None if line is None else [line]


def one_card_language(rules: Rules, state: State, move: Move) -> list[str] | None:
    """The one-card program moves a run as the single cards it is made of."""
    lines = []
    for step in rules.expand(state, move):
        line = two_numbers(state, step, ONE_CARD)
        if line is None:
            return None
        lines.append(line)
        state = rules.perform(state, step)
    return lines


def standard_notation(rules: Rules, state: State, move: Move) -> list[str]:
    return [move.notation]


def card_language(rules: Rules, state: State, move: Move) -> list[str] | None:
    """`7h 8s`, `th f`, `as h`, `kd c`: the card, then where it goes (a card, a cell, home, an empty column)."""
    if move.src.kind not in (COLUMN, CELL):
        return None
    card = moving_card(state, move).code.lower()
    if move.dst.kind is FOUNDATION:
        return [f"{card} h"]
    if move.dst.kind is CELL:
        return [f"{card} f"]
    target = state.columns[move.dst.index]
    return [f"{card} {target[-1].code}" if target else f"{card} c"]


def klondike_language(rules: Rules, state: State, move: Move) -> list[str] | None:
    """T0-T6 or P, then T0-T6 or a suit letter; N for the stock."""
    if STOCK in (move.src.kind, move.dst.kind):
        return ["N"]
    if move.src.kind not in (COLUMN, WASTE):
        return None
    source = "P" if move.src.kind is WASTE else f"T{move.src.index}"
    if move.dst.kind is FOUNDATION:
        return [f"{source} {moving_card(state, move).suit.letter}"]
    return [f"{source} T{move.dst.index}"]


def golf_language(rules: Rules, state: State, move: Move) -> list[str]:
    return ["d"] if move.src.kind is STOCK else [str(move.src.index + 1)]


def said(rules: Rules, state: State, moves: list[Move], translate: Translator) -> list[str] | None:
    """The whole line of play in one language, or None when some move has no words in it."""
    script = []
    for move in moves:
        lines = translate(rules, state, move)
        if lines is None:
            return None
        script += lines
        state = rules.perform(state, move)
    return script


def solved_deal(game: str, translate: Translator) -> tuple[int, list[Move], list[str]]:
    """The first deal the solver solves whose solution the language can say, with its moves and script."""
    rules = rules_for(find_variant(game))
    for deal in DEALS:
        start = rules.deal(deal)
        result = solve(rules, start, max_positions=BUDGET)
        if result.status is Status.SOLVED:
            script = said(rules, start, list(result.moves), translate)
            if script is not None:
                return deal, list(result.moves), script
    raise AssertionError(f"no deal of {game} in {DEALS} was solved and sayable")


def no_hint(_: Session) -> Move:
    raise HintUnavailable("no hints in a scripted game")


def play(game: str, deal: int, script: list[str]) -> tuple[Session, str]:
    out = io.StringIO()
    console = Console(Session(find_variant(game), deal, autoplay=False), out, hint=no_hint)
    assert console.run(io.StringIO("\n".join(script) + "\n")) == 0
    return console.session, out.getvalue()


def expanded(rules: Rules, state: State, moves: list[Move]) -> Iterator[Move]:
    for move in moves:
        yield from rules.expand(state, move)
        state = rules.perform(state, move)


@pytest.mark.parametrize(
    ("game", "translate", "exact"),
    [
        ("bakers-game", bakers_language, True),  # TC x y, TF x y, TT x y, CF x y, CT x y
        ("freecell", one_card_language, True),  # t2f, t2c, t2t, c2t, c2f
        ("freecell", standard_notation, True),  # 5a, a5, 5h, 58v3
        ("freecell", card_language, False),  # 7h 8s, th f, as h, kd c: which free cell or empty column is its own
        ("klondike", klondike_language, True),  # T0-T6, P, S H D C, N
        ("klondike-draw3", klondike_language, True),
        ("golf", golf_language, True),  # 1-7 and d
    ],
    ids=["TC-TF-TT-CF-CT", "t2f-t2c-t2t-c2t-c2f", "notation", "card-names", "klondike", "klondike-draw3", "golf"],
)
def test_a_whole_deal_is_won_in_one_language(game: str, translate: Translator, exact: bool) -> None:
    deal, moves, script = solved_deal(game, translate)
    session, output = play(game, deal, script)
    assert "Error:" not in output
    assert session.is_won
    made = len(script) if translate is one_card_language else len(moves)
    assert output.rstrip().endswith(
        f"You won {session.variant.name} deal {deal} in {made} {'move' if made == 1 else 'moves'}. Congratulations!"
    )
    if exact:  # the console read every line as the very move the solver made
        rules = session.rules
        wanted = list(expanded(rules, rules.deal(deal), moves)) if translate is one_card_language else moves
        assert session.actions == wanted


def test_a_golf_deal_that_cannot_be_won_ends_in_its_loss_message() -> None:
    rules = rules_for(find_variant("golf"))
    deal = next(d for d in DEALS if solve(rules, rules.deal(d), time_limit=20).status is Status.UNSOLVABLE)
    state, script = rules.deal(deal), []
    while (move := next(iter(rules.legal_moves(state)), None)) is not None:  # any legal move, in Golf's words
        script += golf_language(rules, state, move)
        state = rules.perform(state, move)
    session, output = play("golf", deal, script)
    assert "Error:" not in output and not session.is_won
    reason = rules.lost_reason(session.state)
    assert reason and f"Game over, you lose: {reason}." in plain(output)
    assert output.rstrip().endswith("End of input: goodbye.")

