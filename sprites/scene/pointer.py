"""The mouse on the table: a press, a drag and a drop, a click and a double-click, each made an intent.

A drag lifts the card under the pointer and the cards on it, but only as many as the model says can
move together; the drop is aimed with the card, not the pointer, and the model decides it. The
pointer reads the table (through `PointerScene`) and moves the lifted cards' sprites; every change
of the table itself is an intent the table applies.
"""
from __future__ import annotations

from typing import Protocol

import pygame

from game.cards import Card
from game.i18n import _
from game.moves import FOUNDATION, Move, Pile, PileKind
from game.rules import IllegalMove
from game.session import Session

from ..deck.legible import legible_strip
from ..panels.widgets import Button, button_at
from ..window.layout import pile_contents
from .board_view import BoardView, CardSprite
from .intents import (
    Drop,
    FlyBack,
    Intent,
    Lift,
    MoveSelection,
    PlayHome,
    PressButton,
    Redraw,
    Say,
    Select,
    SendHome,
    Touch,
    TurnStock,
)

DOUBLE_CLICK_MS = 400
DRAG_THRESHOLD = 4


class Drag:
    """Cards picked up by the pointer, and where they would go. A plain class, as Button is: nothing
    compares or prints a drag, and a dataclass cost every start a third of a millisecond to make."""

    __slots__ = ("src", "count", "sprites", "grab", "start", "offsets", "moving", "target", "target_ok")

    def __init__(
        self, src: Pile, count: int, sprites: list[CardSprite], grab: tuple[int, int], start: tuple[int, int],
        offsets: list[tuple[int, int]],
    ) -> None:
        self.src = src
        self.count = count
        self.sprites = sprites
        self.grab = grab  # pointer offset from the first card's corner
        self.start = start
        self.offsets = offsets  # each card's offset from the first
        self.moving = False
        self.target: Pile | None = None
        self.target_ok = False


def drop_move(src: Pile, dst: Pile, count: int) -> Move:
    """The move a drop means: onto a foundation a card goes to whichever of them takes it."""
    if dst.kind is PileKind.FOUNDATION:
        return Move(src, FOUNDATION)
    return Move(src, dst, count)


class PointerScene(Protocol):
    """What the pointer reads of the table (implemented by `sprites.scene.table.Table`); it writes none of it."""

    @property
    def view(self) -> BoardView: ...
    @property
    def session(self) -> Session: ...
    @property
    def selection(self) -> tuple[Pile, int] | None: ...
    @property
    def buttons(self) -> list[Button]: ...
    @property
    def note_rect(self) -> pygame.Rect | None: ...
    def now_ms(self) -> int: ...


class Pointer:
    """The table's mouse input; it holds the drag under way and the last click (for double-clicks)."""

    def __init__(self) -> None:
        self.drag: Drag | None = None
        self.last_click: tuple[Card | None, Pile | None, int] = (None, None, -10_000)

    @property
    def lifted(self) -> list[CardSprite] | None:
        """The cards following the pointer, once a drag has really begun."""
        return self.drag.sprites if self.drag is not None and self.drag.moving else None

    def press(self, pos: tuple[int, int], scene: PointerScene) -> list[Intent]:
        note = scene.note_rect
        if note is not None and note.collidepoint(pos):
            return [Say("")]  # the note box is clicked away; it may lie over cards, which this click must not pick up
        button = button_at(scene.buttons, pos)
        if button is not None:
            return [PressButton(button)]
        view = scene.view
        view.finish()
        sprite = view.card_at(pos)
        pile = view.where[sprite.card][0] if sprite else view.pile_at(pos)
        if pile is None:
            return [Touch(), Select(None)]
        if pile.kind is PileKind.STOCK:
            return [Touch(), Select(None), TurnStock()]
        selection = scene.selection
        if selection is not None and pile != selection[0]:
            src, count = selection
            return [Touch(), Select(None), MoveSelection(src, pile, count)]
        if sprite is None:
            return [Touch()]
        return [Touch(), *self._grab(pos, scene, pile, sprite)]

    def _grab(self, pos: tuple[int, int], scene: PointerScene, pile: Pile, sprite: CardSprite) -> list[Intent]:
        """Take hold of the card under the pointer and those on it, if the model lets them move together."""
        view, state = scene.view, scene.session.state
        cards, hidden = pile_contents(state, pile)
        depth = view.where[sprite.card][1]
        if depth < hidden:
            return [Say(_("that card is face down"))]
        count = len(cards) - depth
        if pile.kind is PileKind.FOUNDATION:
            count = 1  # a foundation's cards lie stacked: only the top one can be taken
        reason = scene.session.rules.lift_reason(state, pile, count)
        if reason:
            return [Say(str(reason), sound="illegal", unselect=True)]
        sprites = [view.sprites[card] for card in cards[depth:]] if pile.kind is not PileKind.FOUNDATION else [sprite]
        first = sprites[0].rect
        self.drag = Drag(
            src=pile, count=len(sprites), sprites=sprites, grab=(pos[0] - first.x, pos[1] - first.y), start=pos,
            offsets=[(s.rect.x - first.x, s.rect.y - first.y) for s in sprites],
        )
        return []

    def motion(self, pos: tuple[int, int], scene: PointerScene) -> list[Intent]:
        intents: list[Intent] = []
        for button in scene.buttons:
            hovered = button.rect.collidepoint(pos)
            if hovered != button.hovered:
                button.hovered = hovered
                intents = [Redraw()]
        drag = self.drag
        if drag is None:
            return intents
        if not drag.moving:
            if abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) < DRAG_THRESHOLD:
                return intents
            drag.moving = True
            intents.append(Lift(frozenset(s.card for s in drag.sprites)))
        x, y = pos[0] - drag.grab[0], pos[1] - drag.grab[1]
        layout = scene.view.layout
        offsets = lifted_fan(drag.offsets, layout.table_area.bottom - y - layout.card_h, legible_strip(layout.card_h))
        for sprite, (dx, dy) in zip(drag.sprites, offsets):
            sprite.rect.topleft = (x + dx, y + dy)
        target = scene.view.drop_target(drag.sprites[0].rect, drag.src)
        if target != drag.target:
            drag.target = target
            drag.target_ok = target is not None and _would_accept(scene.session, drag.src, target, drag.count)
        intents.append(Redraw())
        return intents

    def release(self, pos: tuple[int, int], scene: PointerScene) -> list[Intent]:
        drag, self.drag = self.drag, None
        if drag is None:
            return []
        scene.view.drop_backdrop()
        if drag.moving:
            if drag.target is None:
                return [FlyBack()]
            return [Drop(drag.src, drag.target, drag.count)]
        return [self._click(drag.src, drag.sprites[0].card, drag.count, scene)]

    def cancel(self, view: BoardView) -> list[Intent]:
        """Let go of a drag under way (a panel opened, Esc, another game): its cards fly back."""
        if self.drag is None:
            return []
        self.drag = None
        view.drop_backdrop()
        return [FlyBack()]

    def _click(self, pile: Pile, card: Card, count: int, scene: PointerScene) -> Intent:
        now = scene.now_ms()
        last_card, last_pile, last_time = self.last_click
        self.last_click = (card, pile, now)
        if last_card is card and last_pile == pile and now - last_time <= DOUBLE_CLICK_MS:
            self.last_click = (None, None, -10_000)
            return SendHome(pile, card)
        if scene.session.variant.table.click_plays_columns and pile.kind is PileKind.COLUMN:
            return PlayHome(pile)
        return Select(pile, count)

    def target(self) -> Pile | None:
        """Where a drop would land and be accepted, to ring it while dragging."""
        drag = self.drag
        if drag and drag.moving and drag.target is not None and drag.target_ok:
            return drag.target
        return None


def lifted_fan(offsets: list[tuple[int, int]], room: int, least_step: int) -> list[tuple[int, int]]:
    """A dragged run's offsets from its first card, its fan closed up (never below `least_step`, where
    each covered card's index still shows) so the last card ends within `room` below the first: a long
    run carried down the table stays on it instead of running under the status bar and off the window."""
    reach = offsets[-1][1] if offsets else 0
    if reach <= max(room, 0) or len(offsets) < 2:
        return offsets
    steps = [b[1] - a[1] for a, b in zip(offsets, offsets[1:])]
    scale = max(room, 0) / reach
    fitted, y = [offsets[0]], offsets[0][1]
    for (dx, _dy), step in zip(offsets[1:], steps):
        y += max(min(step, least_step), round(step * scale))
        fitted.append((dx, y))
    return fitted


def _would_accept(session: Session, src: Pile, dst: Pile, count: int) -> bool:
    try:
        session.rules.check(session.state, drop_move(src, dst, count))
    except IllegalMove:
        return False
    return True
