"""The cards on the table as sprites, kept in step with model states through animated stages.

The view is shown a sequence of states (the single-card steps of a move, then auto-play); each stage
tweens the cards that moved. It never decides anything: it only draws what the model produced.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Set as AbstractSet

import pygame

from game.cards import Card
from game.moves import Pile, PileKind
from game.state import State
from game.variant import Variant

from ..deck.cards import CardImages
from ..window.layout import Layout, compute_layout, pile_contents
from ..window.look import Look
from .animation import FLIP_MS, Tween
from .felt import Felt

MOVING_LAYER = 1000
NO_CARDS: frozenset[Card] = frozenset()
DEFAULT_LOOK = Look()


def least_strip(rects: list[pygame.Rect], hidden: int) -> int:
    """The least height a covered face-up card of a column shows: every covered card of the column has
    its index sized for it, so one column never mixes sizes where the rounded fan step alternates."""
    return min((b.top - a.top for a, b in zip(rects[hidden:-1], rects[hidden + 1:])), default=rects[-1].height)


def images_for(card_size: tuple[int, int], tightest_strip: int, waste_step: int, look: Look) -> CardImages:
    """The card images of a table laid out with cards `card_size` large, in the player's `look`."""
    return CardImages(*card_size, tightest_strip, face_style=look.face, back_style=look.back,
                      four_colour=look.four_colour, high_contrast=look.high_contrast, edge_room=waste_step)


class CardSprite(pygame.sprite.Sprite):
    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card
        self.face_up = True
        self.image: pygame.Surface = pygame.Surface((1, 1))
        self.rect: pygame.Rect = pygame.Rect(0, 0, 1, 1)


class Stage:
    """A state to show, its cards flying there for `duration_ms`. The next stage may begin `lead_ms`
    after this one did, before its flights land: a long supermove's steps overlap in the air. (A plain
    class, as Tween.)"""

    __slots__ = __match_args__ = ("state", "duration_ms", "sound", "lead_ms")

    def __init__(self, state: State, duration_ms: int, sound: str | None = None, lead_ms: int | None = None) -> None:
        self.state = state
        self.duration_ms = duration_ms
        self.sound = sound
        self.lead_ms = lead_ms

    @property
    def gap_ms(self) -> int:
        return self.duration_ms if self.lead_ms is None else self.lead_ms


class BoardView:
    def __init__(self, variant: Variant, size: tuple[int, int], look: Look = DEFAULT_LOOK) -> None:
        self.variant = variant
        self.look = look
        self.grown: set[tuple[int, int]] = set()  # columns (cards, face down) this deal grew too long for the window's cards
        self.layout: Layout = compute_layout(*size, variant)
        self.images = self._card_images()
        self.sprites: dict[Card, CardSprite] = {}
        self.group: pygame.sprite.LayeredUpdates = pygame.sprite.LayeredUpdates()
        self.where: dict[Card, tuple[Pile, int]] = {}
        self.shown: State | None = None
        self.pending: deque[Stage] = deque()
        self.tweens: dict[Card, Tween] = {}
        self.flying: set[Card] = set()  # cards whose tween takes them to another pile (not a re-fan)
        self.next_stage_ms = 0  # when the next queued stage may begin
        self.sounds_due: list[str] = []
        self.backdrop: pygame.Surface | None = None  # set only while a drag is under way
        self._backdrop_surface: pygame.Surface | None = None
        self.flips: dict[Card, tuple[int, int]] = {}  # card -> (start, duration) of a turn face up
        self.felt = Felt(variant)

    # -- geometry --------------------------------------------------------------------------------

    def _card_images(self) -> CardImages:
        layout = self.layout
        return images_for(layout.card_size, layout.tightest_strip, layout.waste_step, self.look)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = compute_layout(*size, self.variant, tuple(self.grown))
        self._redraw_cards()

    def _make_room(self, state: State) -> None:
        """A column grown longer than the table holds with legible indices (Yukon's carried cards,
        Spider's runs on runs): every card gets smaller at once, before any index is squeezed. They
        stay so for the rest of the deal, so a column growing and shrinking does not rescale the table."""
        layout = self.layout
        shapes = {(len(cards), hidden) for cards, hidden in zip(state.columns, state.hidden)}
        grown = {shape for shape in shapes if not layout.holds(*shape)}
        if grown:
            self.grown |= grown
            self.layout = compute_layout(layout.width, layout.height, self.variant, tuple(sorted(self.grown)))
            self.images = self._card_images()

    def restyle(self, look: Look) -> None:
        """Another face, back or felt: every card is drawn anew in it, where it lies."""
        self.look = look
        self._redraw_cards()

    def retranslate(self) -> None:
        """Another language: the faces' indices and the empty slots' letters are drawn anew in it."""
        self.felt.forget()
        self._redraw_cards()

    def _redraw_cards(self) -> None:
        self.images = self._card_images()
        if self.shown is not None:
            self.finish()
            self._place(self.shown, 0)

    def rects_of(self, state: State, pile: Pile) -> list[pygame.Rect]:
        cards, hidden = pile_contents(state, pile)
        return self.layout.card_rects(pile, len(cards), hidden, self.variant.table.fan(pile.kind))

    # -- showing states --------------------------------------------------------------------------

    def show(self, state: State, now_ms: int, duration_ms: int = 0) -> None:
        """Show a state at once (duration 0) or as one tween, dropping any queued stages."""
        self.pending.clear()
        self.finish()
        self._place(state, now_ms, duration_ms)

    def deal_in(self, state: State, origin: tuple[int, int], now_ms: int, duration_ms: int) -> None:
        """A new deal: every card flies out from `origin` face down, as from a dealer's hand, and the
        face-up ones turn over as they land. (Flying face up, the stack at the origin showed the deal's
        face-up cards for the first frames, which the window's work at a new deal can hold for a while.)"""
        self.show(state, now_ms)
        for sprite in self.sprites.values():
            sprite.rect.topleft = origin
        self._place(state, now_ms, duration_ms)
        landing = now_ms + duration_ms * 2 // 3  # an eased flight is all but there by then
        for card, sprite in self.sprites.items():
            if sprite.face_up and card in self.tweens:
                self.flips[card] = (landing, FLIP_MS)
                sprite.image = self.images.back()

    def queue(self, stages: list[Stage]) -> None:
        self.pending.extend(stages)

    @property
    def busy(self) -> bool:
        return bool(self.tweens or self.pending or self.flips)

    def update(self, now_ms: int) -> bool:
        """Advance the animation; True when something moved and the screen needs drawing.

        A stage begins when it was due, not at the first frame after, so a supermove's steps add up
        to their planned total whatever the frame rate; but never before the cards it moves have all
        but landed from their last flight, so every step is seen arriving where the model put it.
        """
        if not self.busy:
            return False
        self._turn_cards(now_ms)
        while self.pending and now_ms >= self.next_stage_ms:
            stage = self.pending[0]
            late = now_ms - self.next_stage_ms
            begin = self.next_stage_ms if 0 <= late < stage.duration_ms else now_ms
            landing = max((self.tweens[card].nearly_there_ms for card in self._movers(stage.state) if card in self.flying),
                          default=begin)
            if landing > begin:
                self.next_stage_ms = landing
                if landing > now_ms:
                    break
                begin = landing
            self.pending.popleft()
            if stage.sound:
                self.sounds_due.append(stage.sound)
            self._place(stage.state, begin, stage.duration_ms, stage.gap_ms)
        for card, tween in list(self.tweens.items()):
            self.sprites[card].rect.topleft = tween.position(now_ms)
            if tween.done(now_ms):
                del self.tweens[card]
                self.flying.discard(card)
                self.group.change_layer(self.sprites[card], self._layer_of(card))
        return True

    def _turn_cards(self, now_ms: int) -> None:
        """A card turning face up narrows to its edge showing the back, then widens showing the face."""
        for card, (start, duration) in list(self.flips.items()):
            sprite = self.sprites[card]
            t = (now_ms - start) / duration
            if t < 0:  # not turning yet (a dealt card still in flight)
                sprite.image = self.images.back()
                continue
            if t >= 1:
                del self.flips[card]
                sprite.image = self._image_where_it_lies(card)
                continue
            side = self.images.back() if t < 0.5 else self.images.face(card)
            width = max(1, round(side.get_width() * abs(1 - 2 * t)))
            turned = pygame.Surface(side.get_size(), pygame.SRCALPHA)
            turned.blit(pygame.transform.smoothscale(side, (width, side.get_height())), ((side.get_width() - width) // 2, 0))
            sprite.image = turned

    def finish(self) -> None:
        """Jump every animation to its end, so input always acts on what the model holds."""
        flipped, self.flips = self.flips, {}
        for card in flipped:
            self.sprites[card].image = self._image_where_it_lies(card)
        self._snap()
        while self.pending:
            self._place(self.pending.popleft().state, 0)

    def _snap(self) -> None:
        for card, tween in self.tweens.items():
            self.sprites[card].rect.topleft = (round(tween.end[0]), round(tween.end[1]))
            self.group.change_layer(self.sprites[card], self._layer_of(card))
        self.tweens.clear()
        self.flying.clear()

    def _layer_of(self, card: Card) -> int:
        pile, depth = self.where[card]
        if pile.kind is not PileKind.COLUMN:
            return depth
        # overlapping slots (Pyramid's rows) lie each over those laid out before it
        return 100 + depth + (pile.index if self.layout.placed else 0)

    def _place(self, state: State, now_ms: int, duration_ms: int = 0, gap_ms: int | None = None) -> None:
        self._make_room(state)
        self.shown = state
        moved = False
        for pile in self.layout.all_piles():
            cards, hidden = pile_contents(state, pile)
            rects = self.layout.card_rects(pile, len(cards), hidden, self.variant.table.fan(pile.kind))
            for depth, (card, rect) in enumerate(zip(cards, rects)):
                sprite = self._sprite(card)
                changes_pile = card in self.where and self.where[card][0] != pile
                self.where[card] = (pile, depth)
                face_up = depth >= hidden
                if face_up and not sprite.face_up and duration_ms > 0:  # uncovered in a column, or turned from the stock
                    self.flips[card] = (now_ms, FLIP_MS)
                sprite.face_up = face_up
                if card not in self.flips:
                    sprite.image = self._image(pile, card, face_up, rects, depth, hidden)
                sprite.rect.size = rect.size
                if self._heading(card) == rect.topleft:
                    if card not in self.tweens:
                        self.group.change_layer(sprite, self._layer_of(card))
                elif duration_ms > 0:
                    tween = self.tweens.get(card)  # a card still on its way sets off from where it is by then
                    start = tween.position(now_ms) if tween else sprite.rect.topleft
                    self.tweens[card] = Tween(start, rect.topleft, now_ms, duration_ms)
                    self.group.change_layer(sprite, MOVING_LAYER + depth)
                    if changes_pile:
                        self.flying.add(card)
                    moved = True
                else:
                    self.tweens.pop(card, None)
                    self.flying.discard(card)
                    sprite.rect.topleft = rect.topleft
                    self.group.change_layer(sprite, self._layer_of(card))
        self.next_stage_ms = now_ms + (duration_ms if gap_ms is None else gap_ms) if moved else now_ms  # nothing moved: no wait

    def _heading(self, card: Card) -> tuple[int, int]:
        """Where a card is going (or lies, when it is still)."""
        tween = self.tweens.get(card)
        return (round(tween.end[0]), round(tween.end[1])) if tween else self.sprites[card].rect.topleft

    def _movers(self, state: State) -> list[Card]:
        """The cards that `state` puts on another pile (not those a column merely re-fans)."""
        movers: list[Card] = []
        for pile in self.layout.all_piles():
            cards, _hidden = pile_contents(state, pile)
            movers.extend(card for card in cards if card in self.where and self.where[card][0] != pile)
        return movers

    def _image_where_it_lies(self, card: Card) -> pygame.Surface:
        assert self.shown is not None
        pile, depth = self.where[card]
        cards, hidden = pile_contents(self.shown, pile)
        rects = self.layout.card_rects(pile, len(cards), hidden, self.variant.table.fan(pile.kind))
        return self._image(pile, card, depth >= hidden, rects, depth, hidden)

    def _image(self, pile: Pile, card: Card, face_up: bool, rects: list[pygame.Rect], depth: int,
               hidden: int) -> pygame.Surface:
        """The face as it shows where it lies: a covered card in a squeezed column gets a smaller
        corner index, a covered waste card one narrow enough to show whole beside the next card."""
        if not face_up:
            return self.images.back()
        if depth + 1 < len(rects):
            if pile.kind is PileKind.COLUMN:
                return self.images.face(card, strip=least_strip(rects, hidden))
            if self.variant.table.fan(pile.kind) > 1:
                return self.images.face(card, fanned=True)
        return self.images.face(card)

    def _uncovered(self, lifted: AbstractSet[Card]) -> dict[Card, pygame.Surface]:
        """The card each lifted run leaves on top of its pile, by its whole face: while a drag holds the
        cards above it away it shows all of itself, not the strip or edge it shows when covered."""
        if not lifted or self.shown is None:
            return {}
        whole: dict[Card, pygame.Surface] = {}
        for card in lifted:
            pile, depth = self.where.get(card, (None, 0))
            if pile is None or depth == 0:
                continue
            cards, hidden = pile_contents(self.shown, pile)
            below = cards[depth - 1]
            if below not in lifted and depth - 1 >= hidden:
                whole[below] = self.images.face(below)
        return whole

    def _sprite(self, card: Card) -> CardSprite:
        sprite = self.sprites.get(card)
        if sprite is None:
            sprite = self.sprites[card] = CardSprite(card)
            sprite.image = self.images.face(card)
            sprite.rect = sprite.image.get_rect()
            self.group.add(sprite, layer=0)
        return sprite

    # -- hit testing -----------------------------------------------------------------------------

    def card_at(self, pos: tuple[int, int]) -> CardSprite | None:
        hits = [s for s in self.group.get_sprites_at(pos) if isinstance(s, CardSprite)]
        return hits[-1] if hits else None

    def pile_at(self, pos: tuple[int, int]) -> Pile | None:
        """The pile whose slot or fanned cards lie under a point (empty piles included)."""
        sprite = self.card_at(pos)
        if sprite is not None:
            return self.where[sprite.card][0]
        assert self.shown is not None
        for pile in self.layout.all_piles():
            cards, hidden = pile_contents(self.shown, pile)
            if self.layout.drop_zone(pile, len(cards), hidden).collidepoint(pos):
                return pile
        return None

    def drop_target(self, moving: pygame.Rect, exclude: Pile) -> Pile | None:
        """The pile a dragged card overlaps most; a player aims with the card, not the pointer."""
        assert self.shown is not None
        best, best_area = None, 0
        for pile in self.layout.all_piles():
            if pile == exclude:
                continue
            cards, hidden = pile_contents(self.shown, pile)
            zone = self.layout.drop_zone(pile, len(cards), hidden)
            if pile.kind is PileKind.COLUMN and cards:
                last = self.rects_of(self.shown, pile)[-1]
                zone = zone.union(last)
            overlap = zone.clip(moving)
            area = overlap.width * overlap.height
            if area > best_area:
                best, best_area = pile, area
        return best

    # -- drawing ---------------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface, skip: AbstractSet[Card] = NO_CARDS) -> None:
        """The felt, the empty slots and every card at rest (not `skip`, nor those in flight, which
        `draw_above` puts above them)."""
        self.felt.draw(surface, self.layout, self.look, self.images)
        resting = [s for s in self.group.sprites() if s.card not in skip and s.card not in self.tweens]
        whole = self._uncovered(skip)
        surface.fblits([(whole.get(s.card, s.image), s.rect) for s in resting])
        if self.shown is not None:
            self.felt.draw_stock_count(surface, self.layout, self.look, self.shown)

    def draw_above(self, surface: pygame.Surface, lifted: list[CardSprite] | None) -> None:
        """The cards in flight, in their layers' order, then the `lifted` ones being dragged: above
        everything on the table, and clipped to it, so they pass under the toolbar and the status bar."""
        clip = surface.get_clip()
        surface.set_clip(self.layout.table_area.clip(clip))
        if self.tweens:
            surface.fblits([(s.image, s.rect) for s in self.group.sprites() if s.card in self.tweens])
        if lifted:
            self.draw_lifted(surface, lifted)
        surface.set_clip(clip)

    def draw_lifted(self, surface: pygame.Surface, sprites: list[CardSprite]) -> None:
        """Cards being dragged, over a soft shadow a little below and right of them: they look lifted."""
        area = sprites[0].rect.unionall([s.rect for s in sprites[1:]])
        shadow = self.images.shadow(area.size)
        spread = (shadow.get_width() - area.width) // 2
        surface.blit(shadow, (area.x - spread // 2, area.y))  # centred, then moved half right and fully down
        for sprite in sprites:
            surface.blit(sprite.image, sprite.rect)

    def make_backdrop(self, surface_size: tuple[int, int], skip: set[Card]) -> None:
        """Draw everything that stays still during a drag once, so each drag frame is one blit.

        The surface is kept between drags (made in the screen's own format, so blits need no
        conversion): allocating a full-window surface at every pickup was a visible hitch.
        """
        if self._backdrop_surface is None or self._backdrop_surface.get_size() != surface_size:
            screen = pygame.display.get_surface()
            self._backdrop_surface = pygame.Surface(surface_size, 0, screen) if screen else pygame.Surface(surface_size)
        self.draw_table(self._backdrop_surface, skip)
        self.backdrop = self._backdrop_surface

    def drop_backdrop(self) -> None:
        self.backdrop = None

    def top_rect(self, pile: Pile) -> pygame.Rect:
        """The rectangle of a pile's top card, or of its empty slot."""
        assert self.shown is not None
        rects = self.rects_of(self.shown, pile)
        return rects[-1] if rects else self.layout.pile_rect(pile)
