"""Klondike and Golf on the table, driven through the real loop headless."""
from __future__ import annotations

import pygame
import pytest

from game.cards import Card, Suit, full_deck
from game.moves import FOUNDATION, STOCK, Move, PileKind, column
from game.session import Session
from game.state import State
from game.variants import find_variant, rules_for
from sprites.panels.overlays import MessageOverlay, WinOverlay
from sprites.scene.animation import FLIP_MS

from .gui_helpers import card_point, centre_of_top, click, drag, key, make_app, settle


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


def stock_point(app) -> tuple[int, int]:
    return app.table.view.layout.pile_rect(STOCK).center


def test_clicking_the_stock_turns_cards_then_turns_the_waste_back_over() -> None:
    app, clock = make_app(game="klondike", deal=3, autoplay=False)
    state = app.table.session.state
    assert (len(state.stock), len(state.waste)) == (24, 0)
    click(app, clock, stock_point(app))
    top = app.table.session.state.waste[-1]
    assert (len(app.table.session.state.stock), len(app.table.session.state.waste)) == (23, 1)
    assert top is state.stock[-1]
    for _ in range(23):
        click(app, clock, stock_point(app))
    assert not app.table.session.state.stock
    click(app, clock, stock_point(app))
    assert app.table.session.state.stock == state.stock  # the next pass comes in the same order
    settle(app, clock)
    waste_sprite = app.table.view.sprites[state.stock[-1]]
    assert waste_sprite.face_up is False and waste_sprite.rect.topleft == app.table.view.layout.pile_rect(STOCK).topleft


def test_draw_three_fans_three_cards_on_the_waste() -> None:
    app, clock = make_app(game="klondike-draw3", deal=3, autoplay=False)
    click(app, clock, stock_point(app))
    settle(app, clock)
    waste = app.table.session.state.waste
    assert len(waste) == 3
    xs = [app.table.view.sprites[c].rect.x for c in waste]
    assert xs[0] < xs[1] < xs[2]
    assert all(app.table.view.sprites[c].face_up for c in waste)


def _klondike_deal_with_uncovering_move():
    rules = rules_for(find_variant("klondike"))
    for deal in range(1, 300):
        state = rules.deal(deal)
        for move in rules.legal_moves(state):
            between_columns = move.src.kind is move.dst.kind is PileKind.COLUMN
            if between_columns and state.hidden[move.src.index] and state.columns[move.dst.index]:
                return deal, move
    raise AssertionError("no deal with an uncovering move")


def test_a_drag_in_klondike_turns_the_uncovered_card_face_up() -> None:
    deal, move = _klondike_deal_with_uncovering_move()
    app, clock = make_app(game="klondike", deal=deal, autoplay=False)
    state = app.table.session.state
    moving = state.columns[move.src.index][-1]
    uncovered = state.columns[move.src.index][-2]
    assert app.table.view.sprites[uncovered].face_up is False
    drag(app, clock, card_point(app, moving), centre_of_top(app, move.dst))
    flipping_seen = False
    for _ in range(100):
        app.step()
        flipping_seen = flipping_seen or uncovered in app.table.view.flips
        if not app.table.busy:
            break
        clock.ms += 16
    assert flipping_seen, "the uncovered card was not animated turning over"
    assert app.table.view.sprites[uncovered].face_up is True
    assert app.table.session.state.hidden[move.src.index] == state.hidden[move.src.index] - 1
    app.table.play.undo()
    settle(app, clock)
    assert app.table.view.sprites[uncovered].face_up is False


def test_golf_click_plays_a_column_card_and_the_stock_deals() -> None:
    rules = rules_for(find_variant("golf"))
    deal, move = next((d, m) for d in range(1, 200) for m in rules.legal_moves(rules.deal(d)) if m.src.kind is PileKind.COLUMN)
    app, clock = make_app(game="golf", deal=deal)
    card = app.table.session.state.columns[move.src.index][-1]
    click(app, clock, card_point(app, card))
    assert app.table.session.state.foundations[0][-1] is card
    settle(app, clock)
    before = len(app.table.session.state.stock)
    click(app, clock, stock_point(app))
    assert len(app.table.session.state.stock) == before - 1
    # A card that does not fit stays, and the status bar says why.
    state = app.table.session.state
    legal = set(rules.legal_moves(state))
    misfit = next((i for i, c in enumerate(state.columns) if c and Move(column(i), FOUNDATION) not in legal), None)
    if misfit is not None:
        click(app, clock, card_point(app, state.columns[misfit][-1]))
        assert app.table.session.state == state
        assert app.table.message


def test_golf_says_it_is_lost_and_offers_undo_restart_new() -> None:
    rules = rules_for(find_variant("golf"))
    for deal in range(1, 500):
        session = Session(find_variant("golf"), deal, autoplay=False)
        for _ in range(15):
            session.play(Move(STOCK, FOUNDATION))
        last = session.state
        after = rules.perform(last, Move(STOCK, FOUNDATION))
        if rules.is_lost(after) and not rules.is_lost(last):
            break
    else:
        raise AssertionError("no deal lost by dealing alone")
    app, clock = make_app(game="golf", deal=deal, start=last)
    click(app, clock, stock_point(app))
    settle(app, clock)
    overlay = app.overlays[-1]
    assert isinstance(overlay, MessageOverlay) and overlay.title == "No moves left"
    assert [b.label for b in overlay.buttons] == ["Undo", "Restart", "New"]
    click(app, clock, overlay.buttons[0].rect.center)
    assert app.table.session.state == last


def test_klondike_offers_to_finish_and_finishes() -> None:
    high = [Card.of(rank, suit) for rank in (13, 12, 11) for suit in Suit]
    columns = [(Card.parse("KS"), Card.parse("QH"), Card.parse("JC")), (Card.parse("KH"), Card.parse("QC"), Card.parse("JD")),
               (Card.parse("KC"), Card.parse("QD"), Card.parse("JS")), (Card.parse("KD"), Card.parse("QS"), Card.parse("JH")),
               (), (), ()]
    assert sorted(c for col in columns for c in col) == sorted(high)
    home = tuple(tuple(c for c in full_deck() if c.suit == suit and c.rank <= 10) for suit in Suit)
    start = State(tuple(columns), (), home, (0,) * 7, (), ())
    app, clock = make_app(game="klondike", deal=1, start=start, autoplay=False)
    settle(app, clock)
    overlay = app.overlays[-1]
    assert overlay.title == "Finish the game?"
    click(app, clock, overlay.buttons[1].rect.center)  # Not now
    assert app.overlays == []
    jack = Card.parse("JC")
    click(app, clock, card_point(app, jack))
    click(app, clock, card_point(app, jack), gap_ms=100)
    settle(app, clock)
    assert app.table.session.state.foundations[jack.suit][-1] is jack
    assert app.overlays == []  # not asked again after every move
    key(app, pygame.K_f)  # but it finishes when asked
    settle(app, clock, limit_ms=20000)
    assert app.table.session.is_won
    assert isinstance(app.overlays[-1], WinOverlay)
    assert app.table.session.move_count == 2  # the double-click and the request to finish
    assert len(app.table.session.actions) == 12
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # one undo takes back the whole finish
    assert app.table.session.state.foundations[jack.suit][-1] is jack and app.table.session.move_count == 1


def test_double_click_in_klondike_says_why_without_talking_of_cells() -> None:
    app, clock = make_app(game="klondike", deal=3, autoplay=False)
    state = app.table.session.state
    card = next(c[-1] for c in state.columns if c[-1].rank > 1)
    click(app, clock, card_point(app, card))
    click(app, clock, card_point(app, card), gap_ms=100)
    assert app.table.session.state == state
    assert app.table.message and "cell" not in app.table.message
    assert app.sounds.played[-1] == "illegal"


@pytest.mark.parametrize("game", ["klondike", "golf"])
def test_the_stock_shows_how_many_cards_are_left_to_turn(game: str) -> None:
    app, clock = make_app(game=game, deal=3, autoplay=False)
    settle(app, clock)

    def tag_pixels() -> bytes:
        app.table.draw(app.screen)
        pile = app.table.view.layout.pile_rect(STOCK)
        area = pygame.Rect(0, 0, pile.width // 2, pile.height // 8)
        area.center = (pile.centerx, pile.bottom)
        assert any(app.screen.get_at((x, pile.bottom))[:3] == app.look.palette.tag for x in range(area.left, area.right))
        return pygame.image.tobytes(app.screen.subsurface(area), "RGB")

    before = tag_pixels()
    click(app, clock, stock_point(app))
    settle(app, clock)
    assert tag_pixels() != before  # one card fewer: another number


def test_the_card_turned_from_the_stock_flips_as_it_travels() -> None:
    app, clock = make_app(game="klondike", deal=3, autoplay=False)
    card = app.table.session.state.stock[-1]
    click(app, clock, stock_point(app))
    view = app.table.view
    clock.ms += FLIP_MS // 4  # a quarter of the turn: narrowed to half its width
    app.step()
    assert card in view.tweens  # still on its way to the waste
    image = view.sprites[card].image
    middle = image.get_height() // 2
    assert image.get_at((2, middle)).a == 0 and image.get_at((image.get_width() - 3, middle)).a == 0
    assert image.get_at((image.get_width() // 2, middle)).a == 255
    settle(app, clock)
    assert view.sprites[card].image is view.images.face(card)


def test_covered_waste_cards_show_the_fragments_a_real_fan_shows() -> None:
    """Issue 57 item 5: a draw-3 waste card under the next one showed its index over a blank strip.
    Each shows, below its index, the slice of its pips or picture that a fan of real cards shows."""
    app, clock = make_app(game="klondike-draw3", deal=3, autoplay=False, size=(800, 600))
    click(app, clock, stock_point(app))
    settle(app, clock)
    view = app.table.view
    app.table.draw(app.screen)
    waste = app.table.session.state.waste
    field_top, height = view.images.field_top, view.layout.card_h
    for below, above in zip(waste, waste[1:]):
        rect, next_rect = view.sprites[below].rect, view.sprites[above].rect
        strip = pygame.Rect(rect.left + 3, rect.top + field_top, next_rect.left - rect.left - 4, height - 2 * field_top)
        stock = view.images.inks.stock
        inked = sum(1 for x in range(strip.left, strip.right) for y in range(strip.top, strip.bottom)
                    if sum(abs(a - b) for a, b in zip(app.screen.get_at((x, y))[:3], stock)) > 90)
        assert inked > 30, f"{below}: {inked} pixels of its face show beside {above}"


def test_a_new_deal_flies_out_face_down_and_turns_its_face_up_cards_as_they_land() -> None:
    """Issue 57 item 5: the new deal's seven face-up cards flashed face up, stacked on the stock,
    before they fanned out. Every card leaves the stock face down; the face-up ones turn at their place."""
    app, clock = make_app(game="klondike", deal=3, autoplay=False, analyse=False)
    app.life.start_game(find_variant("klondike"), 5)
    view = app.table.view
    app.step()
    back = view.images.back()
    face_up = [card for column_cards, hidden in zip(app.table.session.state.columns, app.table.session.state.hidden)
               for card in column_cards[hidden:]]
    assert len(face_up) == 7 and all(view.sprites[card].image is back for card in face_up)
    settle(app, clock)
    assert all(view.sprites[card].image is not back and view.sprites[card].face_up for card in face_up)
    assert all(view.sprites[card].rect == view.top_rect(column(i)) for i, card in enumerate(face_up))
