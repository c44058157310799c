"""Card faces as drawn: pips counted and their direction read off the pixels, courts told apart, backs
compared, the corner index measured. Nothing here trusts a list of positions: every check reads the
image a player would see."""
from __future__ import annotations

import itertools
import re

import pygame
import pytest

from game.cards import ACE, Card, Suit
from game.variants import find_variant
from sprites.deck.cards import BACK_STYLES, FACE_STYLES, CardImages
from sprites.deck.court import BLUE, GOLD, PANEL
from sprites.deck.palette import FACE, suit_colour
from sprites.window.layout import compute_layout


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


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
                for image in (images.face(card), images.face(card, strip=strip), images.face(card, fanned=True)):
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


@pytest.mark.parametrize("game", ["freecell", "eight-off", "seahaven", "klondike", "golf"])
@pytest.mark.parametrize("face_style", FACE_STYLES)
def test_the_rank_in_the_corner_stays_readable_in_the_least_window(face_style, game) -> None:
    """At 800×600 the rank's glyph is at least 15 px tall in every game, ten narrow columns too."""
    layout = compute_layout(*SMALL, find_variant(game))
    images = CardImages(*layout.card_size, layout.tightest_strip, face_style=face_style)
    for rank in range(1, 14):
        card = Card.of(rank, Suit.CLUBS)
        corner = images.face(card).subsurface((0, 0, images.size[0] // 2, images.field_top))
        glyphs = sorted(blobs(ink(corner, suit_colour(card.suit), 60)), key=lambda b: b.get_bounding_rects()[0].x)
        rank_glyph = glyphs[0].get_bounding_rects()[0]  # leftmost: the rank (the 1 of a 10), then the suit
        assert rank_glyph.height >= 15, f"{card}: rank glyph {rank_glyph.height} px tall"


def index_glyphs_right(images: CardImages, card: Card) -> int:
    """Where the top-left index's rank and suit end: its left margin and the index's width as drawn."""
    from game.cards import rank_name
    from sprites.deck.cards import _corner_index, _index_font_size

    size = _index_font_size(images._usual_font, images.index_height)
    return max(2, images.size[0] // 16) + _corner_index(rank_name(card.rank), card.suit.symbol, (0, 0, 0), size).get_width()


@pytest.mark.parametrize("face_style", FACE_STYLES)
def test_the_centre_keeps_clear_of_both_corner_indices(face_style) -> None:
    """Nothing of the centre is drawn in the index's corner, so a fanned column shows a clean index:
    pips stay below the index band, and a court's picture, which reaches up beside the index, turns
    round its corner (issue 57 item 9), leaving it card stock down to the field."""
    images = CardImages(*card_size(SMALL), face_style=face_style)
    width, height = images.size
    for card in (Card.of(10, Suit.HEARTS), Card.of(8, Suit.SPADES), Card.of(13, Suit.CLUBS), Card.of(1, Suit.SPADES),
                 Card.of(12, Suit.DIAMONDS)):
        face = images.face(card)
        picture_beside = face_style == "pictured" and card.rank > 10
        right = index_glyphs_right(images, card) + 1 if picture_beside else width - 2
        # Below the top index band's ink, down to the centre's field, the face is bare card (tinted or not);
        # a court's frame turns round the index a pixel or two under it.
        below = images.index_top + images.index_height + 1
        for y in list(range(below, below if picture_beside else images.field_top)):
            row = {tuple(face.get_at((x, y)))[:3] for x in range(2, right)}
            assert len(row) == 1, f"{card}: centre reaches row {y}"
        for y in range(2, images.index_top + images.index_height + 1):  # nothing of the picture beside the index
            golden = [x for x in range(2, right) if max(abs(a - b) for a, b in zip(face.get_at((x, y))[:3], GOLD)) < 40]
            assert not golden, f"{card}: the picture's gold at row {y}, x {golden}"


def _grown(mask: pygame.mask.Mask) -> pygame.mask.Mask:
    """`mask` with a pixel added all round: takes in the smoothed edge of a shape along with the shape."""
    grown = mask.copy()
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            grown.draw(mask, (dx, dy))
    return grown


def _ground(area: pygame.Surface) -> pygame.mask.Mask:
    """The picture's cream panel and the card stock round it: what every court shares."""
    ground = ink(area, PANEL, 12)
    ground.draw(ink(area, FACE, 12), (0, 0))
    return ground


def _share_differing_beyond_suit_colour(a: pygame.Surface, suit_a: Suit, b: pygame.Surface, suit_b: Suit) -> float:
    """Of the pixels that are neither in either card's suit colour (nor at its edge) nor bare ground in both,
    the share that differ between the two pictures.

    Two courts that are one drawing in two colours (and with two pips) differ almost only where one has
    its suit's colour, so this is near 0 for them, whichever two colours they are in."""
    skip = _grown(ink(a, suit_colour(suit_a), 60))
    skip.draw(_grown(ink(b, suit_colour(suit_b), 60)), (0, 0))
    skip.draw(_ground(a).overlap_mask(_ground(b), (0, 0)), (0, 0))
    keep = skip.copy()
    keep.invert()
    difference = a.copy()  # |a − b| per channel: (a − b) clipped at 0, plus (b − a) clipped at 0
    difference.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other_way = b.copy()
    other_way.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    difference.blit(other_way, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    alike = pygame.mask.from_threshold(difference, (0, 0, 0, 255), (32, 32, 32, 255))
    differing = keep.copy()
    differing.erase(alike, (0, 0))
    return differing.count() / max(1, keep.count())


@pytest.mark.parametrize("window", [SMALL, LARGE])
@pytest.mark.parametrize("rank", [11, 12, 13])
def test_the_four_courts_of_a_rank_are_four_drawings_not_one_in_four_colours(window, rank) -> None:
    """K♠ and K♣ (and every other pair of one rank) differ beyond their suit colour: in the figure's
    dress, hair, headwear and what it holds. Measured on the picture with each card's own suit colour
    masked out, so pips and a mantle of the suit's colour do not count."""
    images = CardImages(*card_size(window))
    areas = {suit: centre(images, images.face(Card.of(rank, suit))) for suit in Suit}
    for first, second in itertools.combinations(Suit, 2):
        share = _share_differing_beyond_suit_colour(areas[first], first, areas[second], second)
        assert share > 0.1, f"{Card.of(rank, first)} and {Card.of(rank, second)}: only {share:.3f} differs beyond the suit colour"


def _palette(area: pygame.Surface, suit: Suit) -> dict[tuple[int, int, int], float]:
    """The share of each coarse colour (64 levels a channel) among the picture's pixels that are not the suit's
    colour, its edge, nor bare ground."""
    skip = _grown(ink(area, suit_colour(suit), 60))
    skip.draw(_ground(area), (0, 0))
    data = pygame.image.tobytes(area, "RGB")
    width = area.get_width()
    counts: dict[tuple[int, int, int], int] = {}
    for i in range(0, len(data), 3):
        pixel = i // 3
        if not skip.get_at((pixel % width, pixel // width)):
            key = (data[i] // 64, data[i + 1] // 64, data[i + 2] // 64)
            counts[key] = counts.get(key, 0) + 1
    total = sum(counts.values())
    return {key: n / total for key, n in counts.items()}


@pytest.mark.parametrize("window", [SMALL, LARGE])
def test_courts_of_one_colour_are_dressed_in_different_colours(window) -> None:
    """Beside the suit's own colour, K♠ and K♣ (J♥ and J♦, and so on) wear different colours: their
    palettes, compared as colour histograms, are far apart. One drawing recoloured would give the same one."""
    images = CardImages(*card_size(window))
    for rank in (11, 12, 13):
        for first, second in ((Suit.SPADES, Suit.CLUBS), (Suit.HEARTS, Suit.DIAMONDS)):
            a, b = (_palette(centre(images, images.face(Card.of(rank, suit))), suit) for suit in (first, second))
            distance = sum(abs(a.get(key, 0) - b.get(key, 0)) for key in a.keys() | b.keys()) / 2
            assert distance > 0.06, f"{Card.of(rank, first)} and {Card.of(rank, second)}: palettes {distance:.3f} apart"


def _stockish(colour: pygame.Color) -> bool:
    """Opaque and near the white card stock (the cream rules of the backs are further off)."""
    return colour.a == 255 and all(abs(colour[k] - FACE[k]) <= 8 for k in range(3))


@pytest.mark.parametrize("width", [70, *(card_size(w)[0] for w in (SMALL, LARGE)), 300])
@pytest.mark.parametrize("back_style", BACK_STYLES)
def test_the_backs_field_follows_the_rounded_corners(width, back_style) -> None:
    """At each corner of every back: the card's outline closes the corner (no stock touches the transparent
    outside), and the coloured field inside the white margin is rounded too, with nothing of its
    pattern running on into the margin. Walking the diagonal in from the corner the pixels go outside,
    outline, stock, field, and the stock never comes back once the field has begun: a stray stroke of
    the pattern in the margin, or a notch of white cut into the field's corner, breaks that order."""
    height = round(width * 1.4)
    back = CardImages(width, height, back_style=back_style).back()
    for y in range(height):
        for x in (*range(width // 5), *range(width - width // 5, width)):
            if _stockish(back.get_at((x, y))):
                for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                    outside = not (0 <= nx < width and 0 <= ny < height) or back.get_at((nx, ny)).a == 0
                    assert not outside, f"{back_style} back at {width} px: card stock at {(x, y)} outside the outline"
    # The field's edges, read along the middle row and column: the first pixel past the margin that is not stock.
    left = next(x for x in range(2, width) if not _stockish(back.get_at((x, height // 2))))
    top = next(y for y in range(2, height) if not _stockish(back.get_at((width // 2, y))))
    depth = min(width, height) // 3
    corners = ((0, 0, 1, 1), (width - 1, 0, -1, 1), (0, height - 1, 1, -1), (width - 1, height - 1, -1, -1))
    for corner_x, corner_y, step_x, step_y in corners:
        field_corner = back.get_at((corner_x + step_x * left, corner_y + step_y * top))
        assert min(field_corner[:3]) > 200, f"{back_style} back at {width} px: the field's corner is square, {field_corner}"
        seen = []  # outside (-), card stock (s), anything else (x): the outline, then the field
        for i in range(depth):
            pixel = back.get_at((corner_x + step_x * i, corner_y + step_y * i))
            seen.append("-" if pixel.a == 0 else "s" if _stockish(pixel) else "x")
        walk = "".join(seen)
        assert re.fullmatch(r"-*x*s+x+", walk), f"{back_style} back at {width} px, corner {(corner_x, corner_y)}: {walk}"


def window_card_sizes() -> list[tuple[int, int, int]]:
    """Every (width, height, tightest strip) of cards the window draws, in every game at the sizes players use."""
    from game.variants import all_variants

    sizes = set()
    for window in (SMALL, (1024, 768), (1280, 800), LARGE):
        for variant in all_variants():
            layout = compute_layout(*window, variant)
            sizes.add((*layout.card_size, layout.tightest_strip))
    return sorted(sizes)


def test_pictured_court_cards_are_point_symmetric_at_every_size() -> None:
    """The lower half IS the upper half turned round: same size, same place, to the pixel (the corner
    indices too, the one turned round the other). (The large-index courts show a letter, which is not.)"""
    for width, height, strip in window_card_sizes():
        images = CardImages(width, height, strip)
        for rank in (11, 12, 13):
            for suit in Suit:
                face = images.face(Card.of(rank, suit))
                turned = pygame.transform.rotate(face, 180)
                difference = face.copy()
                difference.blit(turned, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
                other_way = turned.copy()
                other_way.blit(face, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
                difference.blit(other_way, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
                alike = pygame.mask.from_threshold(difference, (0, 0, 0, 0), (33, 33, 33, 33))
                differing = width * height - alike.count()
                assert differing == 0, f"{Card.of(rank, suit)} at {width}x{height}: {differing} pixels differ turned round"


@pytest.mark.parametrize("rank", [11, 12, 13])
def test_both_faces_of_a_court_are_faces_not_blobs_in_the_least_window(rank) -> None:
    """At 800×600 each half's face (its skin, between hair, crown and beard) is drawn at least 9 pixels
    across, enough for two eyes and a nose to show; and the lower face is the upper one's size."""
    from sprites.deck.court import SKIN

    images = CardImages(*card_size(SMALL))
    for suit in Suit:
        area = centre(images, images.face(Card.of(rank, suit)))
        half = area.get_height() // 2
        faces = sorted(blobs(ink(area, SKIN, 12)), key=lambda b: b.count(), reverse=True)[:2]
        upper, lower = sorted((b.get_bounding_rects()[0] for b in faces), key=lambda r: r.top)
        assert upper.bottom <= half <= lower.top, f"{Card.of(rank, suit)}: the faces {upper}, {lower} are not one a half"
        assert upper.size == lower.size, f"{Card.of(rank, suit)}: faces {upper.size} and {lower.size}"
        assert upper.width >= 9, f"{Card.of(rank, suit)}: a face {upper.width} px across"


@pytest.mark.parametrize("face_style", FACE_STYLES)
def test_the_nine_and_ten_rows_of_pips_keep_a_gap_at_every_size(face_style) -> None:
    """No two pips of a 9 or a 10 touch or overlap: every pair of pips one above the other keeps a gap of
    at least a sixth of a pip (and 2 px), as on a printed deck, at every card size the window uses."""
    for width, height, strip in window_card_sizes():
        images = CardImages(width, height, strip, face_style=face_style)
        for rank in (9, 10):
            for suit in Suit:
                area = centre(images, images.face(Card.of(rank, suit)))
                boxes = [b.get_bounding_rects()[0] for b in blobs(ink(area, suit_colour(suit)))]
                assert len(boxes) == rank, f"{Card.of(rank, suit)} at {width}x{height}: {len(boxes)} pips"
                tall = max(box.height for box in boxes)
                for i, a in enumerate(boxes):
                    for b in boxes[i + 1:]:
                        assert not a.colliderect(b), f"{Card.of(rank, suit)} at {width}x{height}: pips {a} and {b} overlap"
                        if a.left < b.right and b.left < a.right:  # one above the other
                            gap = max(a.top, b.top) - min(a.bottom, b.bottom)
                            assert gap >= max(2, tall / 6), f"{Card.of(rank, suit)} at {width}x{height}: rows {gap} px apart"


def rank_glyph_height(images: CardImages, card: Card) -> int:
    # the index's band only: a court's frame turns round the index just under it
    corner = images.face(card).subsurface((0, 0, images.size[0] // 2, images.index_top + images.index_height + 1))
    glyphs = sorted(blobs(ink(corner, suit_colour(card.suit), 60)), key=lambda b: b.get_bounding_rects()[0].x)
    return glyphs[0].get_bounding_rects()[0].height


@pytest.mark.parametrize("window", [SMALL, LARGE])
def test_the_large_index_face_has_a_larger_index_and_still_shows_the_pips(window) -> None:
    pictured = CardImages(*card_size(window))
    large = CardImages(*card_size(window), face_style="large-index")
    for rank in (2, 7, 13):
        card = Card.of(rank, Suit.SPADES)
        assert rank_glyph_height(large, card) >= 1.3 * rank_glyph_height(pictured, card), f"{card}: index not larger"
    for suit in Suit:
        for rank in range(2, 11):
            found = blobs(ink(centre(large, large.face(Card.of(rank, suit))), suit_colour(suit)))
            assert len(found) == rank, f"{Card.of(rank, suit)} large-index at {window}: {len(found)} pips"


CREAM_LIKE = (246, 236, 210)


@pytest.mark.parametrize("back_style", BACK_STYLES)
def test_every_back_has_a_border_rule_and_a_centre_motif(back_style) -> None:
    """Each back, the default blue one too, has a light rule framing its field and a light motif in the
    middle: read along the middle row, light pixels near each side of the field and in its centre."""
    width, height, _strip = card_size(LARGE)
    back = CardImages(width, height, back_style=back_style).back()
    row = [tuple(back.get_at((x, height // 2)))[:3] for x in range(width)]
    light = [x for x, colour in enumerate(row) if all(abs(colour[k] - CREAM_LIKE[k]) < 40 for k in range(3))]
    margin = width // 10  # the white stock round the field is lighter still and not counted (cream is darker)
    assert any(margin < x < width // 4 for x in light), f"{back_style}: no rule along the field's left side"
    assert any(width * 3 // 4 < x < width - margin for x in light), f"{back_style}: no rule along the right side"
    middle = back.subsurface((width * 3 // 8, height * 3 // 8, width // 4, height // 4))
    motif = ink(middle, CREAM_LIKE, 40).count()
    assert motif > middle.get_width() * middle.get_height() * 0.1, f"{back_style}: no motif in the middle"


@pytest.mark.parametrize("size", [(131, 183), (97, 136), (89, 125)])
def test_a_courts_figures_have_room_and_the_picture_most_of_the_card(size) -> None:
    """Issue 57 item 9: the two busts met at the middle (the upper beard ran into the lower head), in a
    picture of about 100x115 px on a card of 131x183. The frame now turns round the indices and runs
    nearly the card's height; each half's face keeps well apart from the other's."""
    from sprites.deck.court import SKIN

    images = CardImages(*size)
    width, height = size
    for suit in Suit:
        for rank in (11, 12, 13):
            card = Card.of(rank, suit)
            face = images.face(card)
            gold = ink(face, GOLD, 30).get_bounding_rects()
            frame = gold[0].unionall(gold[1:])  # the frame's gold line, round everything of the picture
            assert frame.height >= 0.85 * height and frame.width >= 0.8 * width, f"{card}: the picture {frame.size}"
            faces = sorted(blobs(ink(face, SKIN, 12)), key=lambda b: b.count(), reverse=True)[:2]
            upper, lower = sorted((b.get_bounding_rects()[0] for b in faces), key=lambda r: r.top)
            assert lower.top - upper.bottom >= 0.28 * height, f"{card}: the faces {upper} and {lower} are close"
