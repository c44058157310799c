"""The mouse on the table: a press, a drag and a drop, a click and a double-click, each made a move.

A drag lifts the card under the pointer and the cards on it, but only as many as the model says can
move together; the drop is aimed with the card, not the pointer, and the model decides it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.assist import move_between
from game.cards import Card
from game.i18n import _
from game.moves import FOUNDATION, Move, Pile, PileKind
from game.rules import IllegalMove

from .board_view import CardSprite
from .layout import pile_contents
from .widgets import button_at

if TYPE_CHECKING:
    from .table import Table

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


class Pointer:
    """The table's mouse input; it holds the drag under way and the last click (for double-clicks)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.drag: Drag | None = None
        self.last_click: tuple[Card | None, Pile | None, int] = (None, None, -10_000)

    @property
    def lifted(self) -> list[CardSprite] | None:
        """The cards following the pointer, once a drag has really begun."""
        return self.drag.sprites if self.drag is not None and self.drag.moving else None

    def press(self, pos: tuple[int, int]) -> None:
        table = self.table
        if table.status.note_rect is not None and table.status.note_rect.collidepoint(pos):
            table.say("")  # the note box is clicked away; it may lie over cards, which this click must not pick up
            return
        button = button_at(table.buttons, pos)
        if button is not None:
            if button.enabled():
                button.action()
            table.dirty = True
            return
        table.view.finish()
        table.keyboard.visible = False
        table.hint_move = None
        state = table.session.state
        sprite = table.view.card_at(pos)
        pile = table.view.where[sprite.card][0] if sprite else table.view.pile_at(pos)
        if pile is None:
            table.selection = None
            table.dirty = True
            return
        if pile.kind is PileKind.STOCK:
            table.selection = None
            table.turn_stock()
            return
        if table.selection is not None and pile != table.selection[0]:
            src, count = table.selection
            table.selection = None
            table.try_move(lambda: move_between(table.session.rules, state, src, pile, count), exact=count)
            return
        if sprite is None:
            return
        cards, hidden = pile_contents(state, pile)
        depth = table.view.where[sprite.card][1]
        if depth < hidden:
            table.say(_("that card is face down"))
            return
        count = len(cards) - depth
        if pile.kind is PileKind.FOUNDATION:
            count = 1  # a foundation's cards lie stacked: only the top one can be taken
        reason = table.session.rules.lift_reason(state, pile, count)
        if reason:
            table.say(reason, sound="illegal")
            table.selection = None
            return
        sprites = [table.view.sprites[card] for card in cards[depth:]] if pile.kind is not PileKind.FOUNDATION else [sprite]
        first = sprites[0].rect
        self.drag = Drag(
            src=pile, count=len(sprites), sprites=sprites, grab=(pos[0] - first.x, pos[1] - first.y), start=pos,
            offsets=[(s.rect.x - first.x, s.rect.y - first.y) for s in sprites],
        )

    def motion(self, pos: tuple[int, int]) -> None:
        table = self.table
        for button in table.buttons:
            hovered = button.rect.collidepoint(pos)
            if hovered != button.hovered:
                button.hovered = hovered
                table.dirty = True
        drag = self.drag
        if drag is None:
            return
        if not drag.moving:
            if abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) < DRAG_THRESHOLD:
                return
            drag.moving = True
            table.selection = None
            table.view.make_backdrop(table.host.size, {s.card for s in drag.sprites})
            table.host.play_sound("pickup")
        x, y = pos[0] - drag.grab[0], pos[1] - drag.grab[1]
        for sprite, (dx, dy) in zip(drag.sprites, drag.offsets):
            sprite.rect.topleft = (x + dx, y + dy)
        target = table.view.drop_target(drag.sprites[0].rect, drag.src)
        if target != drag.target:
            drag.target = target
            drag.target_ok = target is not None and self._would_accept(drag.src, target, drag.count)
        table.dirty = True

    def release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        table = self.table
        table.view.drop_backdrop()
        if drag.moving:
            if drag.target is None:
                table.fly_back()
                return
            src, dst, count = drag.src, drag.target, drag.count
            if not table.try_move(lambda: drop_move(src, dst, count)):
                table.fly_back()
            return
        self._click(drag.src, drag.sprites[0].card, drag.count)

    def cancel(self) -> None:
        if self.drag is not None:
            self.drag = None
            self.table.view.drop_backdrop()
            self.table.fly_back()

    def _click(self, pile: Pile, card: Card, count: int) -> None:
        table = self.table
        now = table.host.now_ms()
        last_card, last_pile, last_time = self.last_click
        self.last_click = (card, pile, now)
        if last_card is card and last_pile == pile and now - last_time <= DOUBLE_CLICK_MS:
            self.last_click = (None, None, -10_000)
            table.selection = None
            table.send_home_or_cell(pile, card)
            return
        if table.session.variant.table.click_plays_columns and pile.kind is PileKind.COLUMN:
            table.try_move(lambda: Move(pile, FOUNDATION))
            return
        if table.selection is not None and table.selection[0] == pile:
            table.selection = None
        else:
            table.selection = (pile, count)
        table.dirty = True

    def _would_accept(self, src: Pile, dst: Pile, count: int) -> bool:
        try:
            self.table.session.rules.check(self.table.session.state, drop_move(src, dst, count))
        except IllegalMove:
            return False
        return True

    def target_ring(self) -> pygame.Rect | None:
        """Where a drop would land and be accepted, to ring it while dragging."""
        drag = self.drag
        if drag and drag.moving and drag.target is not None and drag.target_ok:
            return self.table.view.top_rect(drag.target)
        return None
