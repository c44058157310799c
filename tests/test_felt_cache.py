"""The table's background kept between runs: copied back exactly as painted, never across a change."""
from __future__ import annotations

import pygame
import pytest

from game.i18n import use_language
from game.variants import find_variant
from sprites.deck import face_cache
from sprites.scene import felt as felt_module
from sprites.scene import felt_cache
from sprites.scene.board_view import DEFAULT_LOOK, images_for
from sprites.scene.felt import Felt
from sprites.window.layout import compute_layout
from sprites.window.look import Look

SIZE = (800, 600)


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZE)
    yield
    face_cache.use(None)
    use_language("en")
    pygame.quit()


def drawn(game: str = "klondike", size: tuple[int, int] = SIZE, look: Look = DEFAULT_LOOK,
          depth: int = 0) -> tuple[Felt, bytes]:
    """A new window's felt for `game`, its first frame drawn: (the felt, the frame's pixels)."""
    felt = Felt(find_variant(game))
    layout = compute_layout(*size, felt.variant)
    images = images_for(layout.card_size, layout.tightest_strip, layout.waste_step, look)
    surface = pygame.Surface(size, 0, depth) if depth else pygame.Surface(size, 0, pygame.display.get_surface())
    felt.draw(surface, layout, look, images)
    felt.keep(layout, look, images)  # the window closes
    return felt, pygame.image.tobytes(surface, "RGB")


def no_painting(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("a kept table was painted again")

    monkeypatch.setattr(felt_module, "paint_felt", refuse)


def test_a_kept_table_comes_back_pixel_for_pixel_without_painting(tmp_path, monkeypatch) -> None:
    face_cache.use(tmp_path)
    _felt, painted = drawn()  # closed after its first frame: the table is painted at close to be kept
    assert (tmp_path / felt_cache.FILE_NAME).exists()
    no_painting(monkeypatch)
    felt, copied = drawn()  # the next run
    assert copied == painted
    assert felt._copied


def test_another_game_size_look_or_language_is_painted_anew(tmp_path) -> None:
    face_cache.use(tmp_path)
    drawn()
    for game, size, look in (("freecell", SIZE, DEFAULT_LOOK), ("klondike", (900, 600), DEFAULT_LOOK),
                             ("klondike", SIZE, DEFAULT_LOOK.replace(felt="blue"))):
        felt, _pixels = drawn(game, size, look)
        assert felt._kept is None, (game, size, look)
        drawn()  # the first table kept again
    use_language("de")  # an empty King's column shows the language's letter
    felt, _pixels = drawn()
    assert felt._kept is None


def test_a_damaged_kept_table_is_painted(tmp_path) -> None:
    face_cache.use(tmp_path)
    _felt, painted = drawn()
    kept = tmp_path / felt_cache.FILE_NAME
    kept.write_bytes(kept.read_bytes()[:-10])  # cut short
    felt, again = drawn()
    assert again == painted
    assert not felt._copied
    felt, again = drawn()  # kept whole again when that window closed
    assert felt._copied and again == painted


def test_nothing_is_kept_without_a_folder(tmp_path) -> None:
    face_cache.use(None)
    felt, _pixels = drawn()
    assert felt._background is None  # not even painted at close: nobody keeps it
    assert list(tmp_path.iterdir()) == []


def test_a_surface_whose_rows_are_padded_is_painted_and_never_kept(tmp_path) -> None:
    """Three bytes a pixel and an odd width: each row is padded, so its pixels are not one run of bytes."""
    face_cache.use(tmp_path)
    padded = pygame.Surface((801, 600), 0, 24)
    assert padded.get_pitch() > 3 * 801
    assert not felt_cache.copy(memoryview(bytes(padded.get_pitch() * 600)), padded)
    felt_cache.keep("facts", padded)
    assert list(tmp_path.iterdir()) == []  # nor a temporary file left behind
    _felt, painted = drawn(size=(801, 600), depth=24)
    felt, again = drawn(size=(801, 600), depth=24)
    assert again == painted and not felt._copied
