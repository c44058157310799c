"""The window's questions never nag: none while the solver plays, one at a time, gone once they no
longer apply, the safe choice focused; and cards in flight stay under them. Driven headless."""
from __future__ import annotations

import pygame
import pytest

from game.cards import Card, Suit, full_deck
from game.moves import Move, PileKind, cell, column
from game.state import State
from sprites.panels.overlays import MessageOverlay, WinOverlay

from .gui_helpers import click, key, make_app, settle, wait_for_verdict


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


def klondike_end(stock: str = "") -> State:
    """Klondike with every suit home to the Ten, the court cards in four columns (and `stock`'s cards
    in the stock instead, the columns left without them)."""
    held = {Card.parse(code) for code in stock.split()}
    columns = [tuple(c for c in (Card.parse(a), Card.parse(b), Card.parse(d)) if c not in held)
               for a, b, d in (("KS", "QH", "JC"), ("KH", "QC", "JD"), ("KC", "QD", "JS"), ("KD", "QS", "JH"))]
    home = tuple(tuple(c for c in full_deck() if c.suit == suit and c.rank <= 10) for suit in Suit)
    return State(tuple(columns) + ((),) * 3, (), home, (0,) * 7, tuple(held), ())


def play_out_the_solution(app, clock) -> list[str]:
    """Run the loop until the solver has played its last move and everything has landed; the titles
    of the panels seen open on the way, while it played."""
    seen: list[str] = []
    for _ in range(20_000):
        clock.ms += 16
        app.step()
        if app.table.assistant.solving:
            seen.extend(o.title for o in app.overlays if isinstance(o, MessageOverlay))
        if not app.table.busy:
            return seen
    raise AssertionError("the solver never finished")


def test_solve_in_klondike_asks_nothing_and_ends_with_the_win_alone() -> None:
    app, clock = make_app(game="klondike", deal=1, start=klondike_end(stock="JS"), autoplay=False)
    wait_for_verdict(app)
    settle(app, clock)
    assert app.overlays == []  # the stock is not empty: nothing to finish yet
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    assert app.table.assistant.solving, app.table.message
    assert play_out_the_solution(app, clock) == []
    assert app.table.session.is_won
    assert [type(o) for o in app.overlays] == [WinOverlay]


def test_the_finish_question_closes_itself_when_solve_plays_the_game_out() -> None:
    app, clock = make_app(game="klondike", deal=1, start=klondike_end(), autoplay=False)
    wait_for_verdict(app)
    settle(app, clock)
    assert [o.title for o in app.overlays] == ["Finish the game?"]
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)  # the game's keys reach the table under a question
    assert app.table.assistant.solving, app.table.message
    assert play_out_the_solution(app, clock) == []
    assert [type(o) for o in app.overlays] == [WinOverlay]


@pytest.mark.parametrize("put_away", ["escape", "click beside"])
def test_the_finish_question_put_away_unanswered_is_not_now(put_away: str) -> None:
    """Escape or a click on the table beside the panel answers "Not now": the question does not come
    back at the next move, as it would if the panel had only been closed."""
    app, clock = make_app(game="klondike", deal=1, start=klondike_end(), autoplay=False)
    wait_for_verdict(app)
    settle(app, clock)
    assert [o.title for o in app.overlays] == ["Finish the game?"]
    if put_away == "escape":
        key(app, pygame.K_ESCAPE)
    else:
        click(app, clock, (4, app.size[1] // 2))
    settle(app, clock)
    assert app.overlays == [] and app.table.finish_declined
    session = app.table.session
    home = next(m for m in session.rules.legal_moves(session.state) if m.dst.kind is PileKind.FOUNDATION)
    assert app.table.try_move(lambda: home)  # a Jack home: still every card face up, the game not won
    settle(app, clock)
    assert app.overlays == [] and not session.is_won


def test_a_new_question_replaces_the_one_open() -> None:
    app, clock = make_app()
    for title in ("First", "Second", "Third"):
        app.dialogs.ask(lambda title=title: (title, ["a line"], ["Yes", "No"]), [lambda: None, lambda: None])
    app.step()
    assert [o.title for o in app.overlays] == ["Third"]


def test_abandon_this_game_focuses_keep_playing() -> None:
    app, clock = make_app()
    session = app.table.session
    app.table.try_move(lambda: Move(column(0), cell(0)))
    settle(app, clock)
    key(app, pygame.K_F2)  # New deal
    overlay = app.overlays[-1]
    assert overlay.title == "Abandon this game?"
    assert overlay.buttons[overlay.focus].label == "Keep playing"
    key(app, pygame.K_RETURN)
    assert app.overlays == [] and app.table.session is session


def test_cards_in_flight_are_drawn_under_the_shade_and_the_panel() -> None:
    app, clock = make_app()
    app.dialogs.ask(lambda: ("A question", ["a line"], ["Yes", "No"]), [lambda: None, lambda: None])
    app.step()
    app.table.try_move(lambda: Move(column(0), cell(0)))
    clock.ms += 60
    app.step()
    view = app.table.view
    (card,) = [c for c in view.tweens if c in view.flying]
    sprite = view.sprites[card]
    image = sprite.image
    # A light, opaque point of the card (black would look the same shaded), where it is on the screen.
    points = [(x, y) for x in range(4, image.get_width() - 4, 3) for y in range(4, image.get_height() - 4, 3)
              if image.get_at((x, y)).a == 255 and min(image.get_at((x, y))[:3]) > 150
              and app.screen.get_rect().collidepoint(sprite.rect.x + x, sprite.rect.y + y)]
    assert points
    assert all(app.screen.get_at((sprite.rect.x + x, sprite.rect.y + y))[:3] != image.get_at((x, y))[:3] for x, y in points)

