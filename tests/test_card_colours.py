"""The deck's colours as drawn: every index colour of every face style passes WCAG AA (4.5:1) on its
card in the classic, four-colour and high-contrast decks; four colours are four; high contrast is
white stock and a bold edge; and the two choices are kept settings that old files lack."""
from __future__ import annotations

import json
from collections import Counter

import pygame
import pytest

from game.cards import Card, Suit
from game.variants import find_variant
from solitaire.store.settings import FOUR_COLOUR, HIGH_CONTRAST, Settings
from sprites.deck.cards import BACK_STYLES, FACE_STYLES, CardImages
from sprites.window.layout import compute_layout
from sprites.window.look import Look, look_from, look_settings

DECKS = [(False, False), (True, False), (False, True), (True, True)]  # (four_colour, high_contrast)


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


def card_images(window: tuple[int, int], face_style: str, four_colour: bool, high_contrast: bool) -> CardImages:
    layout = compute_layout(*window, find_variant("klondike"))
    return CardImages(*layout.card_size, layout.tightest_strip, face_style=face_style,
                      four_colour=four_colour, high_contrast=high_contrast)


def luminance(colour: tuple[int, ...]) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def index_colours(images: CardImages, card: Card) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """(ink, ground) of the top-left corner index as drawn: the ground is the commonest colour round
    the index, the ink the commonest colour of the pixels far from it (the glyphs' solid cores, not
    their smoothed edges)."""
    face = images.face(card)
    width = images.size[0]
    corner = face.subsurface((2, images.index_top, width // 2, images.index_height))
    pixels = [tuple(corner.get_at((x, y)))[:3] for x in range(corner.get_width()) for y in range(corner.get_height())]
    ground = Counter(pixels).most_common(1)[0][0]
    far = [p for p in pixels if sum(abs(p[k] - ground[k]) for k in range(3)) > 150]
    assert far, f"{card}: no index ink found"
    return Counter(far).most_common(1)[0][0], ground


@pytest.mark.parametrize("window", [(800, 600), (1280, 800)])
@pytest.mark.parametrize(("four_colour", "high_contrast"), DECKS)
@pytest.mark.parametrize("face_style", FACE_STYLES)
def test_every_index_colour_passes_wcag_aa_on_its_card(face_style, four_colour, high_contrast, window) -> None:
    images = card_images(window, face_style, four_colour, high_contrast)
    for suit in Suit:
        for rank in (1, 10, 12):  # a number card's stock and each court's (the large-index courts are tinted)
            card = Card.of(rank, suit)
            ink, ground = index_colours(images, card)
            ratio = contrast(ink, ground)
            deck = f"{face_style}, four-colour {four_colour}, high contrast {high_contrast}"
            assert ratio >= 4.5, f"{card} ({deck}): {ink} on {ground} is {ratio:.2f}:1"
            if high_contrast:
                assert ratio >= 7, f"{card}: high contrast should pass AAA too, {ratio:.2f}:1"


@pytest.mark.parametrize("high_contrast", [False, True])
@pytest.mark.parametrize("face_style", FACE_STYLES)
def test_the_four_colour_deck_tells_every_suit_by_its_colour(face_style, high_contrast) -> None:
    images = card_images((1280, 800), face_style, True, high_contrast)
    ink = {suit: index_colours(images, Card.of(7, suit))[0] for suit in Suit}
    r, g, b = ink[Suit.CLUBS]
    assert g > r + 40 and g > b + 40, f"clubs are not green: {ink[Suit.CLUBS]}"
    r, g, b = ink[Suit.DIAMONDS]
    assert b > r + 60 and b > g + 60, f"diamonds are not blue: {ink[Suit.DIAMONDS]}"
    r, g, b = ink[Suit.HEARTS]
    assert r > g + 80 and r > b + 80, f"hearts are not red: {ink[Suit.HEARTS]}"
    assert max(ink[Suit.SPADES]) < 60, f"spades are not black: {ink[Suit.SPADES]}"
    classic = card_images((1280, 800), face_style, False, high_contrast)
    assert index_colours(classic, Card.of(7, Suit.CLUBS))[0] == index_colours(classic, Card.of(7, Suit.SPADES))[0]


@pytest.mark.parametrize("face_style", FACE_STYLES)
def test_high_contrast_cards_are_pure_white_with_a_bold_dark_edge(face_style) -> None:
    normal = card_images((800, 600), face_style, False, False)
    bold = card_images((800, 600), face_style, False, True)
    width, height = bold.size
    for card in (Card.of(5, Suit.HEARTS), Card.of(13, Suit.SPADES)):
        face = bold.face(card)
        assert tuple(face.get_at((width - 4, height // 2)))[:3] == (255, 255, 255)  # beside the centre
        for x in (0, 1):  # the left edge, two pixels wide, at mid height
            assert max(tuple(face.get_at((x, height // 2)))[:3]) < 40, f"{card}: edge pixel {x} is not dark"
        assert max(tuple(normal.face(card).get_at((1, height // 2)))[:3]) > 200  # the usual edge is one grey pixel
    for back_style in BACK_STYLES:
        back = CardImages(width, height, back_style=back_style, high_contrast=True).back()
        assert max(tuple(back.get_at((1, height // 2)))[:3]) < 40, f"{back_style} back: no bold edge"


def settings_over(stored: dict[str, str]) -> Settings:
    def write(name: str, text: str) -> None:
        stored[name] = text

    return Settings(stored.get, write)


def test_the_two_choices_are_kept_settings_off_by_default_and_checked() -> None:
    stored: dict[str, str] = {"face_style": json.dumps("pictured")}  # a file written before these settings
    settings = settings_over(stored)
    assert (settings.get(FOUR_COLOUR), settings.get(HIGH_CONTRAST)) == (False, False)
    assert look_from(settings) == Look()
    settings.set(FOUR_COLOUR, True)
    settings.set(HIGH_CONTRAST, True)
    assert look_from(settings) == Look(four_colour=True, high_contrast=True)
    for bad in ("yes", 1, None):
        with pytest.raises(ValueError, match="true or false"):
            settings.set(HIGH_CONTRAST, bad)  # type: ignore[arg-type]
    stored["four_colour"] = json.dumps("green")  # hand-edited: the default, never an error
    stored["high_contrast"] = "{not json"
    assert (settings.get(FOUR_COLOUR), settings.get(HIGH_CONTRAST)) == (False, False)
    kept = dict(look_settings(Look(four_colour=True)))
    assert kept[FOUR_COLOUR] is True and kept[HIGH_CONTRAST] is False
