"""Card faces as drawn: pips counted and their direction read off the pixels, courts told apart, backs
compared, the corner index measured. Nothing here trusts a list of positions: every check reads the
image a player would see."""
from __future__ import annotations

import pygame
import pytest

from game.cards import ACE, Card, Suit
from game.variants import find_variant
from sprites.cards import BACK_STYLES, FACE_STYLES, CardImages, forget_fonts
from sprites.court import BLUE, GOLD
from sprites.layout import compute_layout
from sprites.palette import suit_colour


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()
    forget_fonts()


def card_size(window: tuple[int, int]) -> tuple[int, int, int]:
    layout = compute_layout(*window, find_variant("freecell"))
    return (*layout.card_size, layout.tightest_strip)


SMALL = (800, 600)  # the least window: the smallest cards a player sees
LARGE = (1920, 1080)


def ink(surface: pygame.Surface, colour: tuple[int, int, int], tolerance: int = 90) -> pygame.mask.Mask:
    """Opaque pixels within `tolerance` of `colour` on every channel: the ink of that colour, edges half-covered or more.

    (The transparent black outside a card's rounded corner is near black too, hence opaque only.)"""
    near = pygame.mask.from_threshold(surface, (*colour, 255), (tolerance, tolerance, tolerance, 255))
    return near.overlap_mask(pygame.mask.from_surface(surface, 200), (0, 0))


def centre(images: CardImages, face: pygame.Surface) -> pygame.Surface:
    """The face between the two corner index bands, inside the card's grey edge: where the pips or the picture are."""
    width, height = images.size
    return face.subsurface((2, images.field_top, width - 4, height - 2 * images.field_top))


def blobs(mask: pygame.mask.Mask) -> list[pygame.mask.Mask]:
    return mask.connected_components(4)  # a few stray edge pixels are not a pip


@pytest.mark.parametrize("window", [SMALL, LARGE])
@pytest.mark.parametrize("suit", list(Suit))
def test_number_cards_show_as_many_pips_as_their_rank(window, suit) -> None:
    images = CardImages(*card_size(window))
    for rank in range(ACE, 11):
        face = images.face(Card.of(rank, suit))
        found = blobs(ink(centre(images, face), suit_colour(suit)))
        assert len(found) == rank, f"{Card.of(rank, suit)} at {images.size}: {len(found)} pips drawn"
        sizes = sorted(b.count() for b in found)
        assert sizes[-1] < sizes[0] * 1.5, "pips of one card differ in size: two merged, or one cut"


def test_the_ace_pip_is_large() -> None:
    images = CardImages(*card_size(SMALL))
    ace, two = (images.face(Card.of(rank, Suit.HEARTS)) for rank in (1, 2))
    (big,) = blobs(ink(centre(images, ace), suit_colour(Suit.HEARTS)))
    small = blobs(ink(centre(images, two), suit_colour(Suit.HEARTS)))[0]
    assert big.count() > 4 * small.count()


def top_heavy(blob: pygame.mask.Mask) -> bool:
    """True when the top sixth of the blob holds more ink than its bottom sixth.

    A heart's ends are its two lobes and its point; a spade's its point and its flared foot: either
    way the two ends differ by far more than a pixel's rounding."""
    (box,) = blob.get_bounding_rects()
    end = pygame.mask.Mask((box.width, max(1, box.height // 6)), fill=True)
    top = blob.overlap_area(end, box.topleft)
    bottom = blob.overlap_area(end, (box.left, box.bottom - end.get_size()[1]))
    return top > bottom


@pytest.mark.parametrize("window", [SMALL, LARGE])
@pytest.mark.parametrize(("suit", "upright_is_top_heavy"), [(Suit.HEARTS, True), (Suit.SPADES, False)])
def test_pips_in_the_lower_half_are_turned_upside_down(window, suit, upright_is_top_heavy) -> None:
    """A heart's lobes (a spade's foot) face the nearer end of the card, as on a printed deck."""
    images = CardImages(*card_size(window))
    for rank in (2, 6, 9, 10):
        area = centre(images, images.face(Card.of(rank, suit)))
        middle = area.get_height() / 2
        for blob in blobs(ink(area, suit_colour(suit))):
            (box,) = blob.get_bounding_rects()
            if abs(box.centery - middle) < 3:
                continue  # on the middle line: a 9's centre pip, either way is right
            upright = box.centery < middle
            assert top_heavy(blob) == (upright == upright_is_top_heavy), f"{rank} of {suit.name}: pip at y={box.centery}"


def test_court_cards_are_pictures_in_several_colours_and_differ_from_each_other() -> None:
    images = CardImages(*card_size(LARGE))
    plain = CardImages(*card_size(LARGE), face_style="large-index")
    for suit in Suit:
        pictures = {}
        for rank in (11, 12, 13):
            card = Card.of(rank, suit)
            area = centre(images, images.face(card))
            pixels = area.get_width() * area.get_height()
            assert ink(area, suit_colour(suit), 40).count() > pixels * 0.04, f"{card}: little of the suit's colour"
            assert ink(area, GOLD, 40).count() > pixels * 0.02, f"{card}: no gold"
            assert ink(area, BLUE, 40).count() > pixels * 0.02, f"{card}: no blue"
            pictures[rank] = pygame.image.tobytes(area, "RGBA")
            assert _share_differing(images.face(card), plain.face(card)) > 0.1, f"{card} looks like the large-index face"
        for a, b in ((11, 12), (12, 13), (11, 13)):
            assert _share_differing_bytes(pictures[a], pictures[b]) > 0.05, f"{suit.name}: ranks {a} and {b} look alike"


def _share_differing(a: pygame.Surface, b: pygame.Surface) -> float:
    return _share_differing_bytes(pygame.image.tobytes(a, "RGBA"), pygame.image.tobytes(b, "RGBA"))


def _share_differing_bytes(a: bytes, b: bytes) -> float:
    """The share of pixels (RGBA quadruples) that differ by more than a little on some channel."""
    differing = sum(1 for i in range(0, len(a), 4) if max(abs(a[i + k] - b[i + k]) for k in range(3)) > 24)
    return differing / (len(a) // 4)


@pytest.mark.parametrize("window", [SMALL, (3840, 2160)])
def test_every_face_style_and_back_draws_and_the_backs_differ(window) -> None:
    width, height, strip = card_size(window)
    backs = []
    for face_style in FACE_STYLES:
        for back_style in BACK_STYLES:
            images = CardImages(width, height, strip, face_style=face_style, back_style=back_style)
            for card in (Card.of(1, Suit.SPADES), Card.of(7, Suit.HEARTS), Card.of(12, Suit.DIAMONDS)):
                for image in (images.face(card), images.face(card, strip=strip), images.face(card, edge_only=True)):
                    assert image.get_size() == (width, height)
            back = images.back()
            assert back.get_size() == (width, height)
            if face_style == FACE_STYLES[0]:
                backs.append(back)
    for i, a in enumerate(backs):
        for b in backs[i + 1:]:
            assert _share_differing(a, b) > 0.3


def test_unknown_styles_are_refused() -> None:
    with pytest.raises(ValueError, match="face style"):
        CardImages(90, 126, face_style="photo")
    with pytest.raises(ValueError, match="back style"):
        CardImages(90, 126, back_style="plaid")


@pytest.mark.parametrize("face_style", FACE_STYLES)
def test_the_rank_in_the_corner_stays_readable_in_the_least_window(face_style) -> None:
    """At 800×600 the rank's glyph is at least 15 px tall, as it was before the pictured faces."""
    images = CardImages(*card_size(SMALL), face_style=face_style)
    for rank in range(1, 14):
        card = Card.of(rank, Suit.CLUBS)
        corner = images.face(card).subsurface((0, 0, images.size[0] // 2, images.field_top))
        glyphs = sorted(blobs(ink(corner, suit_colour(card.suit), 60)), key=lambda b: b.get_bounding_rects()[0].x)
        rank_glyph = glyphs[0].get_bounding_rects()[0]  # leftmost: the rank (the 1 of a 10), then the suit
        assert rank_glyph.height >= 15, f"{card}: rank glyph {rank_glyph.height} px tall"


@pytest.mark.parametrize("face_style", FACE_STYLES)
def test_the_centre_keeps_clear_of_both_corner_indices(face_style) -> None:
    """Nothing of the centre is drawn in the index bands, so a fanned column shows a clean index."""
    images = CardImages(*card_size(SMALL), face_style=face_style)
    width, height = images.size
    for card in (Card.of(10, Suit.HEARTS), Card.of(8, Suit.SPADES), Card.of(13, Suit.CLUBS), Card.of(1, Suit.SPADES)):
        face, bare = images.face(card), images.face(card, edge_only=True)
        # Below the top index band's ink, the full face differs from the index-only one only in the centre.
        for y in list(range(images.index_top + images.index_height + 1, images.field_top)):
            row = [face.get_at((x, y)) for x in range(2, width - 2)]
            assert row == [bare.get_at((x, y)) for x in range(2, width - 2)], f"{card}: centre reaches row {y}"
