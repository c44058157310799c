"""Driving the real window loop with real pygame events, headless, with a clock the test controls."""
from __future__ import annotations

import time

import pygame

from game.cards import Card, full_deck
from game.moves import Pile
from game.session import Session
from game.solver import SolveResult
from game.state import State
from game.variants import find_variant
from sprites.window.app import App


class FakeClock:
    def __init__(self) -> None:
        self.ms = 1000

    def __call__(self) -> int:
        return self.ms


def board(game: str, columns: dict[int, str], cells: str = "", foundations: dict[str, int] | None = None) -> State:
    """A legal full-deck position: the given columns as written, every other card spread over the rest."""
    variant = find_variant(game)
    foundations = foundations or {}
    placed: list[list[Card]] = [[] for _ in range(variant.columns)]
    used: set[Card] = set()
    for index, text in columns.items():
        placed[index] = [Card.parse(code) for code in text.split()]
        used.update(placed[index])
    cell_cards = [Card.parse(code) if code != "-" else None for code in cells.split()]
    used.update(c for c in cell_cards if c)
    home = dict(foundations)
    home_cards = {c for c in full_deck() if c.rank <= home.get(c.suit.letter, 0)}
    used |= home_cards
    rest = [c for c in full_deck() if c not in used]
    free_columns = [i for i in range(variant.columns) if i not in columns]
    for n, card in enumerate(rest):
        placed[free_columns[n % len(free_columns)]].append(card)
    cells_tuple = tuple(cell_cards) + (None,) * (variant.cells - len(cell_cards))
    piles = tuple(tuple(c for c in full_deck() if c.suit == s and c in home_cards) for s in sorted({c.suit for c in full_deck()}))
    return State(tuple(tuple(p) for p in placed), cells_tuple, piles, (0,) * variant.columns)


def make_app(
    game: str = "freecell", deal: int = 617, start: State | None = None, size=(1280, 800), **options,
) -> tuple[App, FakeClock]:
    clock = FakeClock()
    session = Session(find_variant(game), deal, start=start, autoplay=options.pop("autoplay", True))
    app = App(session, size, now_ms=clock, sound=True, **options)
    app.step()
    return app, clock


def settle(app: App, clock: FakeClock, limit_ms: int = 5000) -> None:
    """Run the loop until no animation is left, advancing the fake clock a frame at a time."""
    for _ in range(limit_ms // 16):
        app.step()
        if not app.table.busy:
            return
        clock.ms += 16
    raise AssertionError("animation never finished")


def centre_of_top(app: App, pile: Pile) -> tuple[int, int]:
    rect = app.table.view.top_rect(pile)
    return rect.centerx, rect.top + min(10, rect.height // 4)


def card_point(app: App, card: Card) -> tuple[int, int]:
    rect = app.table.view.sprites[card].rect
    return rect.left + rect.width // 2, rect.top + 8


def post(kind: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def drag(app: App, clock: FakeClock, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step()
    x0, y0 = start
    for i in range(1, steps + 1):
        x = x0 + (end[0] - x0) * i // steps
        y = y0 + (end[1] - y0) * i // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        clock.ms += 16
        app.step()
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.step()


def click(app: App, clock: FakeClock, pos: tuple[int, int], gap_ms: int = 600) -> None:
    clock.ms += gap_ms
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    app.step()
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step()


def key(app: App, key_code: int, mod: int = 0, unicode: str = "") -> None:
    post(pygame.KEYDOWN, key=key_code, mod=mod, unicode=unicode, scancode=0)
    app.step()


def wait_for_verdict(app: App, seconds: float = 30.0) -> SolveResult:
    """Step the window until its background check answers for the position on the table."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.step()
        answer = app.solver.winnability(app.table.session.state)
        if answer is not None:
            return answer
        time.sleep(0.02)
    raise AssertionError("the background check never answered")
