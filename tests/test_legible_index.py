"""Issue 57 item 1: no card index a player can see is drawn under about 10 px at 800x600, however long
a game's columns grow. Measured off the drawn table, along games played by random legal moves (seeded)
in every registered game: each face-up card's visible part (its strip in a column, its edge in a fanned
waste, the whole of a top card) is searched for its corner index's ink, and the rows that ink covers
at least half are counted."""
from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from game.cards import Card, Suit
from game.moves import Move, PileKind, column
from game.session import Session
from game.variants import all_variants, find_variant
from sprites.deck.cards import TALLEST_INDEX, _corner_index
from sprites.deck.legible import LEGIBLE_INDEX, legible_strip
from sprites.deck.palette import CLASSIC, Inks
from sprites.window.app import App
from sprites.window.layout import compute_layout, pile_contents

from .gui_helpers import board, make_app

FLOOR = 10  # px: the least index a player is shown
SIZE = (800, 600)
MOVES = 120
GROWTH = 0.7


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()


def ink_rows(surface: pygame.Surface, area: pygame.Rect, ink: tuple[int, int, int], inks: Inks = CLASSIC) -> int:
    """How many rows, first to last, hold a pixel at least half of `ink` over the card stock."""
    area = area.clip(surface.get_rect())
    if area.width <= 0 or area.height <= 0:
        return 0
    halfway = [max(1, abs(a - b) // 2) for a, b in zip(ink, inks.stock)]
    mask = pygame.mask.from_threshold(surface.subsurface(area), ink, (*halfway, 255))
    rects = mask.get_bounding_rects()
    return max(r.bottom for r in rects) - min(r.top for r in rects) if rects else 0


def visible_indices(app: App) -> list[tuple[int, Card, str]]:
    """The height of each face-up card's index as it shows on the drawn table, with the card and its pile."""
    view = app.table.view
    images, state = view.images, app.table.session.state
    found = []
    for pile in view.layout.all_piles():
        cards, hidden = pile_contents(state, pile)
        for depth in range(hidden, len(cards)):
            rect = view.sprites[cards[depth]].rect
            right, bottom = rect.left + rect.width // 2, rect.top + images.field_top
            if depth + 1 < len(cards):
                above = view.sprites[cards[depth + 1]].rect
                if above.topleft == rect.topleft:
                    continue  # wholly covered: a foundation's or an unfanned waste's lower card
                right = min(right, above.left) if above.left > rect.left else right
                bottom = min(bottom, above.top) if above.top > rect.top else bottom
            left = rect.left + max(2, rect.width // 16)
            area = pygame.Rect(left, rect.top + images.index_top, right - left, bottom - rect.top - images.index_top)
            found.append((ink_rows(app.screen, area, images.inks.of(cards[depth].suit)), cards[depth], str(pile)))
    return found


def grows(move: Move, columns: tuple[tuple[Card, ...], ...]) -> bool:
    """A move that makes the table's columns longer: onto a column, from another pile or a shorter column."""
    if move.dst.kind is not PileKind.COLUMN:
        return False
    return move.src.kind is not PileKind.COLUMN or len(columns[move.dst.index]) >= len(columns[move.src.index])


def next_move(session: Session, rng: random.Random) -> Move | None:
    """A random legal move (turning the stock among them), most often one onto the longest column that
    takes one, so the columns grow as long as play makes them."""
    moves = sorted(session.rules.legal_moves(session.state), key=str)
    turn = session.rules.stock_move(session.state)
    moves += [turn] if turn is not None else []
    columns = session.state.columns
    onto = [move for move in moves if grows(move, columns)]
    if onto and rng.random() < GROWTH:
        tallest = max(len(columns[move.dst.index]) for move in onto)
        moves = [move for move in onto if len(columns[move.dst.index]) == tallest]
    return rng.choice(moves) if moves else None


@pytest.mark.parametrize("game", [variant.key for variant in all_variants()])
def test_every_visible_index_stays_legible_along_a_played_game(game: str) -> None:
    variant = find_variant(game)
    rng = random.Random(f"{game}-57")
    played = grew = 0
    while played < MOVES:  # a stuck game is followed by another deal
        app, clock = make_app(game=game, deal=rng.randrange(1, 10_000), size=SIZE, autoplay=False)
        session = app.table.session
        dealt = max(len(column) for column in session.state.columns)
        while played < MOVES and (move := next_move(session, rng)) is not None:
            session.play(move)
            played += 1
            app.table.view.show(session.state, clock.ms)
            app.table.draw(app.screen)
            shown = visible_indices(app)
            least = min(shown, key=lambda found: found[0])
            assert least[0] >= FLOOR, f"{variant.name}, move {played}: {least[1]} in {least[2]} shows {least[0]} px"
            grew = max(grew, max(len(column) for column in session.state.columns) - dealt)
    assert grew >= 2 or variant.table.longest_column[0] <= dealt  # the columns grew (Golf's never do)


def test_the_legible_index_is_ten_pixels_on_every_card() -> None:
    """LEGIBLE_INDEX, the least height of Q with its tail, draws every other rank and suit 10 px tall
    and more (the rows its ink covers at least half), in every language's letters; one size smaller does not."""
    from sprites.deck.cards import _index_font_size

    def least_height(font_size: int) -> int:
        heights = []
        for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "R", "D", "V", "B", "C", "S"):
            for suit in Suit:
                ink = CLASSIC.of(suit)
                index = _corner_index(rank, suit.symbol, ink, font_size)
                card = pygame.Surface(index.get_size())
                card.fill(CLASSIC.stock)
                card.blit(index, (0, 0))
                heights.append(ink_rows(card, card.get_rect(), ink))
        return min(heights)

    at_floor = _index_font_size(40, LEGIBLE_INDEX)
    assert _corner_index(*TALLEST_INDEX, (0, 0, 0), at_floor).get_height() <= LEGIBLE_INDEX
    assert least_height(at_floor) >= FLOOR
    assert least_height(_index_font_size(40, LEGIBLE_INDEX - 1)) < FLOOR  # the floor is no higher than it needs


def test_a_freecell_column_of_nineteen_cards_shows_every_index_legibly() -> None:
    """The longest column FreeCell can build (seven dealt, a King and its run down to the Two on them),
    which random play seldom builds: the table's cards get smaller for it."""
    start = board("freecell", {0: "AH 2C 3D 4S 5H 6C 8D KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D"})
    app, _clock = make_app(game="freecell", deal=1, start=start, size=SIZE, autoplay=False)
    app.table.draw(app.screen)
    assert app.table.view.layout.card_w < compute_layout(*SIZE, find_variant("freecell")).card_w
    shown = visible_indices(app)
    assert len([found for found in shown if found[2] == str(column(0))]) == 19
    assert min(height for height, _card, _pile in shown) >= FLOOR


@pytest.mark.parametrize("game", ["yukon", "spider-1", "freecell", "klondike"])
def test_a_column_too_long_for_the_window_makes_every_card_smaller(game: str) -> None:
    """The window's size alone sets the cards until a column cannot show its indices legibly; then the
    layout made for that column has smaller cards, whose column shows each covered card's strip whole."""
    variant = find_variant(game)
    usual = compute_layout(*SIZE, variant)
    hidden = variant.table.longest_column[1]
    count = next(n for n in range(2, 60) if not usual.holds(n, hidden))
    grown = compute_layout(*SIZE, variant, ((count, hidden),))
    assert grown.card_w < usual.card_w and grown.holds(count, hidden)
    offsets = grown.column_offsets(count, hidden)
    strips = [b - a for a, b in zip(offsets[hidden:], offsets[hidden + 1:])]
    assert min(strips) >= legible_strip(grown.card_h)
    assert grown.column_tops[0].top + offsets[-1] + grown.card_h <= grown.column_bottom


def test_face_down_cards_close_up_before_a_face_up_strip_narrows() -> None:
    layout = compute_layout(*SIZE, find_variant("klondike"))
    fits = next(n for n in range(8, 40) if layout.fan_steps(n, 6)[0] < layout.card_h * 0.12)
    down, up = layout.fan_steps(fits, 6)
    assert up == pytest.approx(layout.card_h * 0.26) and down < layout.card_h * 0.12  # the backs closed up first
    longer = layout.fan_steps(fits + 4, 6)
    assert longer[0] == pytest.approx(layout.card_h * 0.04) and longer[1] < up
