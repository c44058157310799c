"""Card faces kept between runs: read back exactly as drawn, and never trusted across a change."""
from __future__ import annotations

import pygame
import pytest

from game.cards import Card, full_deck
from game.i18n import use_language
from game.session import Session
from game.variants import find_variant
from sprites.deck import face_cache, faces
from sprites.deck.cards import CardImages
from sprites.window.app import App

SIZE = (90, 126)


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((200, 100))
    yield
    face_cache.use(None)
    pygame.quit()


def pixels(image: pygame.Surface) -> bytes:
    return pygame.image.tobytes(image, "RGBA")


def drawn_and_kept(folder) -> dict[Card, bytes]:
    face_cache.use(folder)
    images = CardImages(*SIZE)
    faces = {card: pixels(images.face(card)) for card in full_deck()}
    images.face(Card.parse("QS"), strip=20)  # a squeezed variant is kept too
    images.keep_faces()
    return faces


def no_drawing(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("a kept face was drawn again")

    monkeypatch.setattr(faces, "draw_face", refuse)


def test_kept_faces_come_back_pixel_for_pixel_without_drawing(tmp_path, monkeypatch) -> None:
    drawn = drawn_and_kept(tmp_path)
    face_cache.use(tmp_path)  # a new run
    no_drawing(monkeypatch)
    images = CardImages(*SIZE)
    assert {card: pixels(images.face(card)) for card in full_deck()} == drawn
    images.face(Card.parse("QS"), strip=20)


def test_faces_kept_in_french_come_back_too(tmp_path, monkeypatch) -> None:
    """A French King is `R♥` to a player, which is no card to Card.parse: the kept file names cards by
    their codes, so a French start reads its faces back instead of drawing them all again."""
    use_language("fr")
    try:
        drawn = drawn_and_kept(tmp_path)
        face_cache.use(tmp_path)  # a new run
        no_drawing(monkeypatch)
        images = CardImages(*SIZE)
        assert {card: pixels(images.face(card)) for card in full_deck()} == drawn
    finally:
        use_language("en")


def test_faces_kept_by_other_drawing_code_are_ignored(tmp_path, monkeypatch) -> None:
    drawn_and_kept(tmp_path)
    monkeypatch.setattr(face_cache, "drawing_digest", lambda: "another")
    face_cache.use(tmp_path)
    calls = []
    real = faces.draw_face
    monkeypatch.setattr(faces, "draw_face", lambda *a, **k: calls.append(1) or real(*a, **k))
    CardImages(*SIZE).face(Card.parse("AS"))
    assert calls == [1]


def test_a_damaged_file_means_drawing_again(tmp_path) -> None:
    drawn = drawn_and_kept(tmp_path)
    (kept,) = tmp_path.glob("faces-*.bin")
    kept.write_bytes(kept.read_bytes()[:1000])
    face_cache.use(tmp_path)
    assert pixels(CardImages(*SIZE).face(Card.parse("KH"))) == drawn[Card.parse("KH")]



def test_an_empty_file_means_drawing_again(tmp_path) -> None:
    drawn = drawn_and_kept(tmp_path)
    (kept,) = tmp_path.glob("faces-*.bin")
    kept.write_bytes(b"")
    face_cache.use(tmp_path)
    assert pixels(CardImages(*SIZE).face(Card.parse("KH"))) == drawn[Card.parse("KH")]


def test_drawing_on_a_kept_face_leaves_the_file_as_it_was(tmp_path, monkeypatch) -> None:
    """The faces are the kept file's pages, mapped: a change to one is the process's own copy."""
    drawn_and_kept(tmp_path)
    (kept,) = tmp_path.glob("faces-*.bin")
    before = kept.read_bytes()
    face_cache.use(tmp_path)
    no_drawing(monkeypatch)
    face = CardImages(*SIZE).face(Card.parse("KH"))
    face.fill((255, 0, 0, 255))
    assert face.get_at((5, 5)) == (255, 0, 0, 255)
    assert kept.read_bytes() == before

def test_only_the_latest_size_is_kept(tmp_path) -> None:
    drawn_and_kept(tmp_path)
    face_cache.use(tmp_path)
    other = CardImages(100, 140)
    other.face(Card.parse("AS"))
    other.keep_faces()
    assert [p.name for p in tmp_path.glob("faces-*.bin")] == [f"faces-pictured-100x140-{face_cache.drawing_digest()}.bin"]


def test_nothing_is_kept_unless_the_window_asked(tmp_path) -> None:
    face_cache.use(None)
    images = CardImages(*SIZE)
    images.face(Card.parse("AS"))
    images.keep_faces()
    assert face_cache.kept_face("pictured", SIZE, (Card.parse("AS"), images.index_height, False)) is None
    assert not list(tmp_path.iterdir())


def test_the_window_keeps_its_faces_when_it_closes(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SOLITAIRE_CACHE_DIR", str(tmp_path))
    app = App(Session(find_variant("freecell"), 1), (1000, 700), sound=False, analyse=False)
    app.step()
    app.close()
    assert len(list(tmp_path.glob("faces-pictured-*.bin"))) == 1
    pygame.display.init()
    pygame.display.set_mode((200, 100))
    no_drawing(monkeypatch)
    app = App(Session(find_variant("freecell"), 1), (1000, 700), sound=False, analyse=False)
    app.step()  # the next start draws the table without drawing a face
    app.close()
