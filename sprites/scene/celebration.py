"""The win's celebration: cards leap off the foundations and bounce out of the window, then it ends.

It is finite on purpose: a fixed number of cards, each gone once it leaves the window or its time is
up, so the loop goes back to waiting for events (an endless celebration kept a core busy) and the
cards never pile up over the table.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from game.cards import Card

from ..deck.cards import CardImages

LAUNCHES = 16
LAUNCH_EVERY_MS = 220
LIFETIME_MS = 4500
GRAVITY = 2.2  # window heights per second squared
BOUNCE = 0.7  # share of its speed a card keeps when it hits the bottom


@dataclass
class Bouncer:
    card: Card
    x: float
    y: float
    vx: float
    vy: float
    born_ms: int


class Celebration:
    """`area` is the table between the bars: the cards leap and bounce inside it and are drawn only
    there (they passed over the toolbar and bounced on the status bar); without one, the whole window."""

    def __init__(self, images: CardImages, launchers: list[tuple[pygame.Rect, list[Card]]], seed: int = 7,
                 area: pygame.Rect | None = None) -> None:
        self.images = images
        self.area = area
        self.launchers = launchers  # each foundation's place and its cards, top first: K, then Q...
        self.rng = random.Random(seed)
        self.bouncers: list[Bouncer] = []
        self.launched = 0
        self.started_ms: int | None = None
        self.last_ms = 0

    @property
    def done(self) -> bool:
        return self.started_ms is not None and not self.bouncers and (self.launched >= LAUNCHES or not self.launchers)

    def update(self, now_ms: int, size: tuple[int, int]) -> bool:
        """Move the cards to `now_ms`; True while anything is still on the move."""
        if self.started_ms is None:
            self.started_ms = self.last_ms = now_ms
        if self.done:
            return False
        area = self.area or pygame.Rect((0, 0), size)
        width, height = area.size
        while self.launchers and self.launched < LAUNCHES and now_ms >= self.started_ms + self.launched * LAUNCH_EVERY_MS:
            rect, cards = self.launchers[self.launched % len(self.launchers)]
            card = cards[self.launched // len(self.launchers) % len(cards)]
            direction = -1 if rect.centerx > area.centerx else 1  # towards the middle first: longer flights
            speed = width * self.rng.uniform(0.12, 0.26)
            self.bouncers.append(Bouncer(card, rect.x, rect.y, direction * speed, -height * self.rng.uniform(0.0, 0.5), now_ms))
            self.launched += 1
        dt = min(50, now_ms - self.last_ms) / 1000
        self.last_ms = now_ms
        card_w, card_h = self.images.size
        for b in self.bouncers:
            b.vy += GRAVITY * height * dt
            b.x += b.vx * dt
            b.y += b.vy * dt
            if b.y + card_h > area.bottom:
                b.y = area.bottom - card_h
                b.vy = -b.vy * BOUNCE
        self.bouncers = [b for b in self.bouncers if area.left - card_w < b.x < area.right and now_ms - b.born_ms < LIFETIME_MS]
        return True

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        if self.area is not None:
            surface.set_clip(self.area.clip(clip))
        for b in self.bouncers:
            surface.blit(self.images.face(b.card), (round(b.x), round(b.y)))
        surface.set_clip(clip)
