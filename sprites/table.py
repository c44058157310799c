"""The table scene: turns clicks, drags and keys into moves, and applied moves into animation.

Every decision about legality is the model's: a drop becomes a `Move` handed to the session, and an
`IllegalMove` comes back with the reason the status bar shows.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from game.assist import longest_lift, move_between
from game.cards import Card
from game.moves import FOUNDATION, STOCK, Move, Pile, PileKind, cell
from game.rules import IllegalMove, plural
from game.session import RESTART, Applied, Session
from game.solver import SolveResult
from game.state import State
from game.variants import Variant

from . import animation
from .board_view import BoardView, CardSprite, Stage
from .layout import pile_contents
from .status import StatusBar
from .widgets import BAR, Button, button_at, lay_out_buttons

DOUBLE_CLICK_MS = 400
DRAG_THRESHOLD = 4
HIGHLIGHT_OK = (120, 230, 120)
HIGHLIGHT_FOCUS = (255, 215, 70)
SELECTED_TINT = (80, 140, 255, 90)
HINT_COLOUR = (255, 120, 220)


@dataclass
class Drag:
    src: Pile
    count: int
    sprites: list[CardSprite]
    grab: tuple[int, int]  # pointer offset from the first card's corner
    start: tuple[int, int]
    offsets: list[tuple[int, int]]  # each card's offset from the first
    moving: bool = False
    target: Pile | None = None
    target_ok: bool = False


class Table:
    """One game on the table. `host` is the app: overlays, sounds, clock, window size, quitting."""

    def __init__(self, host: "TableHost", session: Session) -> None:
        self.host = host
        self.session = session
        self.view = BoardView(session.variant, host.size)
        self.drag: Drag | None = None
        self.selection: tuple[Pile, int] | None = None
        self.focus = 0
        self.keyboard_focus_visible = False
        self.message = ""
        self.status = StatusBar()
        self.hint_move: Move | None = None
        self.last_click: tuple[Card | None, Pile | None, int] = (None, None, -10_000)
        self.reported_end = False
        self.autosolve: list[Move] = []
        self.autosolve_next_ms = 0
        self.autoplay_before_solve = session.autoplay
        self.solve_wanted = False
        self.rewind_offered: set[int] = set()
        self.finish_declined = False  # "Not now" to finishing: not asked again until it stops being possible
        self.buttons = self._make_buttons()
        self.dirty = True
        lay_out_buttons(self.buttons, self.view.layout.toolbar)
        self.view.show(session.state, host.now_ms())

    # -- setup -----------------------------------------------------------------------------------

    def _make_buttons(self) -> list[Button]:
        h = self.host
        return [
            Button("New", self.new_deal),
            Button("Restart", self.restart, enabled=lambda: not self._at_start()),
            Button("Undo", self.undo, enabled=lambda: self.session.can_undo),
            Button("Redo", self.redo, enabled=lambda: self.session.can_redo),
            Button("Game", h.choose_game),
            Button("Deal", h.ask_deal_number),
            Button("Hint", self.show_hint),
            Button("Solve", self.solve_rest),
            Button("Stats", h.show_statistics),
            Button("Sound", self.toggle_sound),
            Button("Help", h.show_help),
        ]

    def relayout(self) -> None:
        self.view.resize(self.host.size)
        lay_out_buttons(self.buttons, self.view.layout.toolbar)
        self.dirty = True

    def replace_session(self, session: Session) -> None:
        """A new deal or game: lay the table out for it and deal the cards in from the corner."""
        self.cancel_drag()
        self.session = session
        self.selection = None
        self.hint_move = None
        self.reported_end = False
        self.autosolve = []
        self.solve_wanted = False
        self.rewind_offered = set()
        self.finish_declined = False
        self.view = BoardView(session.variant, self.host.size)
        self.relayout()
        self.view.show(session.state, self.host.now_ms())
        origin = self.view.layout.pile_rect(self.view.layout.all_piles()[0]).topleft
        for sprite in self.view.sprites.values():
            sprite.rect.topleft = origin
        self.view.show(session.state, self.host.now_ms(), round(420 / self.host.speed))
        self.host.play_sound("deal")
        self.say(f"{session.variant.name}, deal #{session.deal_number}")
        self.begin()

    def begin(self) -> None:
        """A game comes to the table: its --record header (with the moves that lead to where a resumed
        game stands), then, for a new game, whatever auto-play can already send home from the deal."""
        s = self.session
        self.host.record(f"# new game {s.variant.key} deal {s.deal_number}")
        for action in s.actions[: s.position_in_history]:
            self.host.record("# restart" if action == RESTART else action.notation)  # type: ignore[union-attr]
        if not s.actions:
            self._autoplay_now()

    def _autoplay_now(self) -> None:
        """With auto-play on, send home what is safe now (after a deal, a restart, or switching it on)."""
        if not self.session.autoplay:
            return
        applied = self.session.run_autoplay()
        if applied:
            for entry in applied:
                self.host.record(entry.move.notation)
            self._animate(applied)
            self.host.moved(self.session)

    # -- the loop's calls --------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.view.busy or bool(self.autosolve)

    def update(self, now_ms: int) -> bool:
        moved = self.view.update(now_ms)
        if self.autosolve and not self.view.busy and now_ms >= self.autosolve_next_ms:
            self._play_next_solution_move(now_ms)
        for sound in self.view.sounds_due:
            self.host.play_sound(sound)
        self.view.sounds_due.clear()
        if moved:
            self.dirty = True
        if not self.view.busy and not self.reported_end:
            self._report_end()
        return moved

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the rings around piles and the note box, then any lifted cards above them all."""
        lifted = self.drag.sprites if self.drag and self.drag.moving and self.view.backdrop is not None else None
        if lifted:
            surface.blit(self.view.backdrop, (0, 0))
        else:
            self.view.draw_table(surface)
            self._draw_selection(surface)
        self._draw_highlights(surface)
        self.status.draw_note(surface, self.view.layout, self._status_facts(), self.message)
        if lifted:
            self.view.draw_lifted(surface, lifted)
        self._draw_bars(surface)
        self.dirty = False

    # -- events ------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.autosolve and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.stop_autosolve("stopped solving")
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _press(self, pos: tuple[int, int]) -> None:
        if self.status.note_rect is not None and self.status.note_rect.collidepoint(pos):
            self.say("")  # the note box is clicked away; it may lie over cards, which this click must not pick up
            return
        button = button_at(self.buttons, pos)
        if button is not None:
            if button.enabled():
                button.action()
            self.dirty = True
            return
        self.view.finish()
        self.keyboard_focus_visible = False
        self.hint_move = None
        state = self.session.state
        sprite = self.view.card_at(pos)
        pile = self.view.where[sprite.card][0] if sprite else self.view.pile_at(pos)
        if pile is None:
            self.selection = None
            self.dirty = True
            return
        if pile.kind is PileKind.STOCK:
            self.selection = None
            self.turn_stock()
            return
        if self.selection is not None and pile != self.selection[0]:
            src, count = self.selection
            self.selection = None
            self.try_move(lambda: move_between(self.session.rules, state, src, pile, count), exact=count)
            return
        if sprite is None:
            return
        cards, hidden = pile_contents(state, pile)
        depth = self.view.where[sprite.card][1]
        if depth < hidden:
            self.say("that card is face down")
            return
        count = len(cards) - depth
        if pile.kind is PileKind.FOUNDATION:
            count = 1  # a foundation's cards lie stacked: only the top one can be taken
        reason = self.session.rules.lift_reason(state, pile, count)
        if reason:
            self.say(reason, sound="illegal")
            self.selection = None
            return
        sprites = [self.view.sprites[card] for card in cards[depth:]] if pile.kind is not PileKind.FOUNDATION else [sprite]
        first = sprites[0].rect
        self.drag = Drag(
            src=pile, count=len(sprites), sprites=sprites, grab=(pos[0] - first.x, pos[1] - first.y), start=pos,
            offsets=[(s.rect.x - first.x, s.rect.y - first.y) for s in sprites],
        )

    def _motion(self, pos: tuple[int, int]) -> None:
        for button in self.buttons:
            hovered = button.rect.collidepoint(pos)
            if hovered != button.hovered:
                button.hovered = hovered
                self.dirty = True
        drag = self.drag
        if drag is None:
            return
        if not drag.moving:
            if abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) < DRAG_THRESHOLD:
                return
            drag.moving = True
            self.selection = None
            self.view.make_backdrop(self.host.size, {s.card for s in drag.sprites})
            self.host.play_sound("pickup")
        x, y = pos[0] - drag.grab[0], pos[1] - drag.grab[1]
        for sprite, (dx, dy) in zip(drag.sprites, drag.offsets):
            sprite.rect.topleft = (x + dx, y + dy)
        target = self.view.drop_target(drag.sprites[0].rect, drag.src)
        if target != drag.target:
            drag.target = target
            drag.target_ok = target is not None and self._would_accept(drag.src, target, drag.count)
        self.dirty = True

    def _release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        self.view.drop_backdrop()
        if drag.moving:
            if drag.target is None:
                self._fly_back()
                return
            src, dst, count = drag.src, drag.target, drag.count
            if not self.try_move(lambda: self._drop_move(src, dst, count)):
                self._fly_back()
            return
        self._click(drag.src, drag.sprites[0].card, drag.count)

    def _drop_move(self, src: Pile, dst: Pile, count: int) -> Move:
        if dst.kind is PileKind.FOUNDATION:
            return Move(src, FOUNDATION)
        return Move(src, dst, count)

    def _click(self, pile: Pile, card: Card, count: int) -> None:
        now = self.host.now_ms()
        last_card, last_pile, last_time = self.last_click
        self.last_click = (card, pile, now)
        if last_card is card and last_pile == pile and now - last_time <= DOUBLE_CLICK_MS:
            self.last_click = (None, None, -10_000)
            self.selection = None
            self.send_home_or_cell(pile, card)
            return
        if self.session.variant.table.click_plays_columns and pile.kind is PileKind.COLUMN:
            self.try_move(lambda: Move(pile, FOUNDATION))
            return
        if self.selection is not None and self.selection[0] == pile:
            self.selection = None
        else:
            self.selection = (pile, count)
        self.dirty = True

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        shift = event.mod & pygame.KMOD_SHIFT
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.drag:
                self.cancel_drag()
            self.selection = None
            self.hint_move = None
            self.say("")
        elif key == pygame.K_F2 or (ctrl and key == pygame.K_n):
            self.new_deal()
        elif key == pygame.K_F5 or (ctrl and key == pygame.K_r):
            self.restart()
        elif ctrl and key == pygame.K_z:
            self.redo() if shift else self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif ctrl and key == pygame.K_g:
            self.host.ask_deal_number()
        elif ctrl and key == pygame.K_q:
            self.host.quit()
        elif key == pygame.K_F1:
            self.host.show_help()
        elif key == pygame.K_s and not ctrl:
            self.host.show_statistics()
        elif key == pygame.K_w and not ctrl:
            self.host.toggle_winnable_only()
        elif key == pygame.K_F11:
            self.host.toggle_fullscreen()
        elif key == pygame.K_a and not ctrl:
            self.toggle_autoplay()
        elif key == pygame.K_m and not ctrl:
            self.toggle_sound()
        elif key == pygame.K_h and not ctrl:
            self.show_hint()
        elif key == pygame.K_f and not ctrl:
            self.finish_on_request()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            speed = self.host.change_speed(faster=key not in (pygame.K_MINUS, pygame.K_KP_MINUS))
            self.say(f"animation speed ×{speed:g}")
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self._move_focus(key, bool(shift))
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self._keyboard_pick_or_drop()

    # -- actions -----------------------------------------------------------------------------------

    def try_move(self, make_move: Callable[[], Move], exact: int | None = None) -> bool:
        """Ask the model to make a move; animate it, or say why not. True when it was made."""
        self.view.finish()
        try:
            move = make_move()
            applied = self.session.play(move)
        except IllegalMove as error:
            self.say(str(error), sound="illegal")
            return False
        self.hint_move = None
        self._animate(applied)
        for entry in applied:
            self.host.record(entry.move.notation)
        self.host.moved(self.session)
        self.say("")
        return True

    def _animate(self, applied: list[Applied]) -> None:
        stages: list[Stage] = []
        speed = self.host.speed
        for entry in applied:
            if entry.automatic:
                stages.append(Stage(entry.after, round(animation.AUTOPLAY_MS / speed), "foundation"))
                continue
            steps = entry.steps
            if len(steps) > 1:
                # The run flies back to its column first, then travels card by card as it really moves.
                stages.append(Stage(entry.before, round(animation.SUPERMOVE_RETURN_MS / speed)))
            flight, lead = animation.step_timing(len(steps), speed)
            state = entry.before
            for step in steps:
                state = self.session.rules.perform(state, step)
                sound = "foundation" if step.dst.kind is PileKind.FOUNDATION else "place"
                stages.append(Stage(state, flight, sound, lead))
            if state != entry.after:  # a move whose single steps are not the whole story (stock turns)
                stages.append(Stage(entry.after, flight))
        self.view.queue(stages)
        self.reported_end = False
        self.dirty = True

    def _fly_back(self) -> None:
        self.view.show(self.session.state, self.host.now_ms(), round(animation.RETURN_MS / self.host.speed))
        self.dirty = True

    def cancel_drag(self) -> None:
        if self.drag is not None:
            self.drag = None
            self.view.drop_backdrop()
            self._fly_back()

    def send_home_or_cell(self, pile: Pile, card: Card) -> None:
        """Double-click: the foundation if the card may go there, else a free cell, else say why."""
        state = self.session.state
        cards, _ = pile_contents(state, pile)
        if not cards or cards[-1] is not card:
            self.say(f"only the top card can go home, and {card.label} is covered", sound="illegal")
            return
        try:
            self.session.rules.check(state, Move(pile, FOUNDATION))
        except IllegalMove as home_error:
            free = [i for i, c in enumerate(state.cells) if c is None]
            if pile.kind is PileKind.CELL or not free:
                # Only a game with cells (none in Klondike or Golf) has a cell to mention.
                why = " and no cell is free" if state.cells and pile.kind is not PileKind.CELL else ""
                self.say(f"{home_error}{why}", sound="illegal")
                return
            self.try_move(lambda: Move(pile, cell(free[0])))
            return
        self.try_move(lambda: Move(pile, FOUNDATION))

    def turn_stock(self) -> None:
        """Klondike turns cards onto the waste (or the waste back over); Golf deals onto the foundation."""
        move = self.session.rules.stock_move(self.session.state)
        if move is None:
            self.say("the stock is empty", sound="illegal")
            return
        self.try_move(lambda: move)

    def finish_on_request(self) -> None:
        """The F key: finish now if the model says the rest can play itself, else say it cannot yet."""
        if self.session.rules.can_auto_finish(self.session.state):
            self.finish_automatically()
        else:
            self.say("the game cannot finish by itself yet")

    def decline_finish(self) -> None:
        self.finish_declined = True
        self.say("F finishes the game whenever you like")

    def finish_automatically(self) -> None:
        """Play the model's finishing moves, card after card (asking again after each, since
        auto-play may already have sent later cards home)."""
        self.view.finish()
        applied: list[Applied] = []
        while moves := self.session.rules.auto_finish(self.session.state):
            # the first move is the player's request; the rest belong to it, so one undo takes all back
            for entry in self.session.play(moves[0], automatic=bool(applied)):
                applied.append(Applied(entry.move, entry.before, entry.after, entry.steps, automatic=True))
                self.host.record(entry.move.notation)
        self._animate(applied)
        self.host.moved(self.session)

    def new_deal(self, number: int | None = None) -> None:
        self.host.start_game(self.session.variant, number)

    def _at_start(self) -> bool:
        """Nothing but auto-play since the deal or the last restart: restarting would change nothing."""
        s = self.session
        here = s.position_in_history
        for action, automatic in zip(reversed(s.actions[:here]), reversed(s.automatic[:here])):
            if action == RESTART:
                return True
            if not automatic:
                return False
        return True

    def restart(self) -> None:
        self.view.finish()
        try:
            if self._at_start():
                raise IllegalMove("the game is already at its start")
            self.session.restart()
        except IllegalMove as error:
            self.say(str(error))
            return
        self.host.record("# restart")
        self._show_session_state("restarted")
        self._autoplay_now()

    def undo(self) -> None:
        """Take back a turn: the player's move and whatever auto-play sent home after it, together."""
        self._step_history(self.session.undo, "undo")

    def redo(self) -> None:
        self._step_history(self.session.redo, "redo")

    def _step_history(self, step: Callable[[], State], name: str) -> None:
        self.view.finish()
        before = self.session.position_in_history
        try:
            step()
        except IllegalMove as error:
            self.say(str(error))
            return
        self.host.record(f"# {name} {plural(abs(self.session.position_in_history - before), 'move')}")
        self._show_session_state("")

    def _show_session_state(self, message: str) -> None:
        self.selection = None
        self.hint_move = None
        self.reported_end = False
        self.view.show(self.session.state, self.host.now_ms(), round(animation.SETTLE_MS / self.host.speed))
        self.host.moved(self.session)
        self.say(message)

    def toggle_autoplay(self) -> None:
        self.session.autoplay = not self.session.autoplay
        self.host.setting_changed("autoplay", self.session.autoplay)
        self.say(f"auto-play {'on' if self.session.autoplay else 'off'}")
        self._autoplay_now()

    def toggle_sound(self) -> None:
        on = self.host.toggle_sound()
        self.say(f"sound {'on' if on else 'off'}")

    # -- the solver's help -------------------------------------------------------------------------

    def verdict_text(self) -> str:
        """Whether the position can still be won, as far as the background search knows."""
        if not self.host.analysing:
            return ""
        answer = self.host.winnability(self.session.state)
        if answer is None:
            return "checking…"
        return {"solved": "winnable", "unsolvable": "not winnable", "unknown": "winnable? not known"}[answer.status.value]

    def on_verdict(self) -> None:
        """A background answer arrived: start a wanted Solve, or offer to rewind a losing move."""
        answer = self.host.winnability(self.session.state)
        self.dirty = True
        if answer is None:
            return
        if self.solve_wanted:
            self.solve_wanted = False
            self._start_autosolve(answer)
        if answer.status.value == "unsolvable" and not self.session.is_lost:
            self._offer_rewind()

    def _offer_rewind(self) -> None:
        here = self.session.position_in_history
        if here in self.rewind_offered:
            return
        for position in range(here - 1, -1, -1):
            known = self.host.winnability(self.session.state_at(position))
            if known is not None and known.status.value == "solved":
                self.rewind_offered.add(here)
                self.host.offer_rewind(lambda: self.rewind_to(position), here - position)
                return

    def rewind_to(self, position: int) -> None:
        self.view.finish()
        self.session.rewind_to(position)
        self.host.record(f"# rewind to {position}")
        self._show_session_state("back at the last winnable position")

    def solve_rest(self) -> None:
        """Play the rest of the game from here at a watchable speed; any key or click stops it."""
        answer = self.host.winnability(self.session.state)
        if answer is None or answer.status.value == "unknown":
            self.solve_wanted = True
            self.host.search_now(self.session.state)
            self.say("solving…")
            return
        self._start_autosolve(answer)

    def _start_autosolve(self, answer) -> None:  # type: ignore[no-untyped-def]
        if answer.status.value != "solved":
            self.say("this position cannot be won" if answer.status.value == "unsolvable" else "no solution found in time")
            return
        self.autosolve = list(answer.moves)
        self.autoplay_before_solve = self.session.autoplay
        self.session.autoplay = False  # the solution names every move, auto-play included
        self.autosolve_next_ms = 0
        self.say(f"solving: {len(self.autosolve)} moves (any key or click stops)")

    def _play_next_solution_move(self, now_ms: int) -> None:
        move = self.autosolve.pop(0)
        if not self.try_move(lambda: move):
            self.stop_autosolve("the solution no longer fits this position")
            return
        self.say(f"solving: {len(self.autosolve)} moves left (any key or click stops)" if self.autosolve else "solved")
        self.autosolve_next_ms = now_ms + round(animation.SOLVE_PACE_MS / self.host.speed)
        if not self.autosolve:
            self.session.autoplay = self.autoplay_before_solve

    def stop_autosolve(self, message: str) -> None:
        if self.autosolve:
            self.autosolve = []
            self.session.autoplay = self.autoplay_before_solve
        self.say(message)

    def show_hint(self) -> None:
        move = self.host.hint(self.session)
        if move is None:
            self.say("no hint: no move helps here")
            return
        self.hint_move = move
        self.session.hints += 1
        self.say(f"hint: {self._describe(move)}")

    def _describe(self, move: Move) -> str:
        cards, _ = pile_contents(self.session.state, move.src)
        what = cards[-move.count].label if cards and move.src.kind is not PileKind.STOCK else "the stock"
        return f"{what} from {move.src} to {move.dst}"

    def say(self, message: str, sound: str | None = None) -> None:
        self.message = message
        if sound:
            self.host.play_sound(sound)
        self.dirty = True

    # -- keyboard play ---------------------------------------------------------------------------

    def _move_focus(self, key: int, backwards: bool) -> None:
        piles = self.view.layout.all_piles()
        self.keyboard_focus_visible = True
        self.focus %= len(piles)
        current = self.view.layout.pile_rect(piles[self.focus])
        if key == pygame.K_TAB:
            self.focus = (self.focus + (-1 if backwards else 1)) % len(piles)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            row = [i for i, p in enumerate(piles) if self.view.layout.pile_rect(p).top == current.top]
            row.sort(key=lambda i: self.view.layout.pile_rect(piles[i]).left)
            at = row.index(self.focus)
            self.focus = row[(at + (1 if key == pygame.K_RIGHT else -1)) % len(row)]
        else:
            others = [i for i, p in enumerate(piles) if self.view.layout.pile_rect(p).top != current.top]
            if others:
                self.focus = min(others, key=lambda i: abs(self.view.layout.pile_rect(piles[i]).centerx - current.centerx))
        self.dirty = True

    def _keyboard_pick_or_drop(self) -> None:
        self.keyboard_focus_visible = True
        piles = self.view.layout.all_piles()
        pile = piles[self.focus % len(piles)]
        state = self.session.state
        if pile.kind is PileKind.STOCK:
            self.turn_stock()
            return
        if self.selection is None:
            cards, hidden = pile_contents(state, pile)
            if not cards:
                self.say(f"{pile} is empty")
                return
            most = 1 if pile.kind is PileKind.FOUNDATION else len(cards) - hidden
            self.selection = (pile, longest_lift(self.session.rules, state, pile, most))
            self.say(f"picked up from {pile}: choose where with the arrows, then Space")
            return
        src, count = self.selection
        self.selection = None
        if src == pile:
            self.say("put back")
            return
        self.try_move(lambda: move_between(self.session.rules, state, src, pile, count))

    # -- drawing helpers -------------------------------------------------------------------------

    def _would_accept(self, src: Pile, dst: Pile, count: int) -> bool:
        try:
            self.session.rules.check(self.session.state, self._drop_move(src, dst, count))
        except IllegalMove:
            return False
        return True

    def _draw_selection(self, surface: pygame.Surface) -> None:
        if self.selection is None:
            return
        pile, count = self.selection
        rects = self.view.rects_of(self.session.state, pile)[-count:]
        for rect in rects:
            tint = pygame.Surface(rect.size, pygame.SRCALPHA)
            tint.fill(SELECTED_TINT)
            surface.blit(tint, rect)

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        width = max(2, self.view.layout.card_w // 30)
        if self.drag and self.drag.moving and self.drag.target is not None and self.drag.target_ok:
            pygame.draw.rect(surface, HIGHLIGHT_OK, self.view.top_rect(self.drag.target).inflate(6, 6), width + 1, border_radius=8)
        if self.keyboard_focus_visible:
            piles = self.view.layout.all_piles()
            pygame.draw.rect(surface, HIGHLIGHT_FOCUS, self.view.top_rect(piles[self.focus % len(piles)]).inflate(8, 8), width, border_radius=8)
        if self.hint_move is not None:
            state = self.session.state
            source = self.view.rects_of(state, self.hint_move.src)[-self.hint_move.count:] if self.hint_move.src.kind is not PileKind.STOCK else [self.view.layout.pile_rect(STOCK)]
            if source:
                pygame.draw.rect(surface, HINT_COLOUR, source[0].unionall(source).inflate(6, 6), width + 1, border_radius=8)
            if self.hint_move.dst.kind is PileKind.FOUNDATION:
                slots = [r for p, r in self.view.layout.top_piles if p.kind is PileKind.FOUNDATION]
                dest = slots[0].unionall(slots)
            else:
                dest = self.view.top_rect(self.hint_move.dst)
            pygame.draw.rect(surface, HINT_COLOUR, dest.inflate(6, 6), width, border_radius=8)

    def _draw_bars(self, surface: pygame.Surface) -> None:
        surface.fill(BAR, self.view.layout.toolbar)
        for button in self.buttons:
            button.draw(surface)
        self.draw_status(surface)

    def draw_status(self, surface: pygame.Surface) -> pygame.Rect:
        """The status bar alone, for the once-a-second clock tick; returns the area drawn."""
        return self.status.draw(surface, self.view.layout, self._status_facts(), self.message)

    def _status_facts(self) -> str:
        """The status bar's left side: the game, the deal, the moves, the clock and what is switched off."""
        s = self.session
        seconds = int(s.elapsed)
        flags = [] if s.autoplay or not s.rules.has_autoplay else ["auto-play off"]
        if not self.host.sound_on:
            flags.append("muted")
        facts = f"{s.variant.name}  ·  Deal #{s.deal_number}  ·  Moves {s.move_count}  ·  {seconds // 60}:{seconds % 60:02d}"
        if flags:
            facts += "  ·  " + ", ".join(flags)
        verdict = self.verdict_text()
        return f"{facts}  ·  {verdict}" if verdict else facts

    # -- ends ----------------------------------------------------------------------------------------

    def _report_end(self) -> None:
        self.reported_end = True
        if self.session.is_won:
            self.host.game_won(self.session)
        elif self.session.is_lost:
            self.host.game_stuck(self.session)
        elif not self.session.rules.can_auto_finish(self.session.state):
            self.finish_declined = False  # the game moved back out of its finishable stretch: offer anew
        elif not self.finish_declined:
            self.host.offer_auto_finish(self.session, self.decline_finish)


class TableHost(Protocol):
    """What the table needs from the application (implemented by `sprites.app.App`)."""

    size: tuple[int, int]
    speed: float
    sound_on: bool
    analysing: bool

    def now_ms(self) -> int: ...
    def play_sound(self, name: str) -> None: ...
    def toggle_sound(self) -> bool: ...
    def record(self, line: str) -> None: ...
    def moved(self, session: Session) -> None: ...
    def setting_changed(self, name: str, value: object) -> None: ...
    def start_game(self, variant: Variant, number: int | None = None) -> None: ...
    def choose_game(self) -> None: ...
    def ask_deal_number(self) -> None: ...
    def show_help(self) -> None: ...
    def show_statistics(self) -> None: ...
    def toggle_winnable_only(self) -> None: ...
    def toggle_fullscreen(self) -> None: ...
    def quit(self) -> None: ...
    def hint(self, session: Session) -> Move | None: ...
    def winnability(self, state: State) -> SolveResult | None: ...
    def search_now(self, state: State) -> None: ...
    def offer_rewind(self, rewind: Callable[[], None], moves_back: int) -> None: ...
    def game_won(self, session: Session) -> None: ...
    def game_stuck(self, session: Session) -> None: ...
    def offer_auto_finish(self, session: Session, decline: Callable[[], None]) -> None: ...
    def change_speed(self, faster: bool) -> float: ...
