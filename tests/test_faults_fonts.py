"""A zero-length or garbage bundled font (issue 37 item 6) is met for real: damaged files on disk in
place of DejaVu Sans. The window must open and draw with pygame's own font, as with a missing file."""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from sprites.deck import face_cache, typeface
from sprites.scene.intents import Command

from .gui_helpers import make_app

DAMAGED_FONTS = {"empty": b"", "garbage": b"not a font at all\n" * 64, "cut short": b"\x00\x01\x00\x00\x00\x0f"}


@pytest.mark.parametrize("content", DAMAGED_FONTS.values(), ids=DAMAGED_FONTS.keys())
def test_a_damaged_font_falls_back_to_pygames_own_with_one_warning(
    content: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A zero-length or garbage DejaVu file is treated as a missing one: the window opens and draws."""
    for name in ("REGULAR_FONT", "BOLD_FONT"):
        damaged = tmp_path / f"{name}.ttf"
        damaged.write_bytes(content)
        monkeypatch.setattr(typeface, name, damaged)
    monkeypatch.setattr(typeface, "_MISSING_FONTS", set())
    typeface.forget_fonts()
    pygame.init()
    try:
        app, _ = make_app(analyse=False)
        app.command(Command.STATISTICS)  # a panel's texts too
        app.step()
        drawn = app.screen.copy()
        app.close()
    finally:
        typeface.forget_fonts()  # the next test loads the real files again
        pygame.quit()
    err = capsys.readouterr().err
    assert err.count("cannot load the font") == 1 and err.count("\n") == 1
    assert {tmp_path / "REGULAR_FONT.ttf", tmp_path / "BOLD_FONT.ttf"} == typeface._MISSING_FONTS
    assert len({drawn.get_at((x, y))[:3] for x in range(0, drawn.get_width(), 7) for y in range(0, drawn.get_height(), 7)}) > 3


def test_a_font_damaged_at_some_sizes_only_is_given_up_where_it_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """One changed byte of DejaVu Sans (the fuzzer's, seed 19) draws every letter at 12 px, so the
    first size's test passes, but "m" fails at 10 px ("Couldn't find glyph"): the window stopped on a
    button's label. The text is drawn with pygame's own font, once warned, and so is every size after."""
    damaged = bytearray(typeface.REGULAR_FONT.read_bytes())
    damaged[69217] = 180
    path = tmp_path / "DejaVuSans.ttf"
    path.write_bytes(bytes(damaged))
    monkeypatch.setattr(typeface, "REGULAR_FONT", path)
    monkeypatch.setattr(typeface, "_MISSING_FONTS", set())
    typeface.forget_fonts()
    pygame.init()
    try:
        assert typeface.font(12).render(typeface.PROBE, True, (0, 0, 0)).get_width() > 0
        assert path not in typeface._MISSING_FONTS
        kept = typeface.font(10)  # as a widget may keep it
        assert kept.render("Game", True, (0, 0, 0)).get_width() > 0
        assert path in typeface._MISSING_FONTS
        assert kept.render("Game", True, (0, 0, 0)).get_width() > 0  # drawn again by pygame's own, not raised
        assert typeface.font(10) is typeface.font(10)  # which is cached, as every size is
        assert not isinstance(typeface.font(14), typeface._FileFont)
        assert isinstance(typeface.font(14, bold=True), typeface._FileFont)  # the bold file is sound
    finally:
        typeface.forget_fonts()
        pygame.quit()
    err = capsys.readouterr().err
    assert err.count("cannot load the font DejaVuSans.ttf") == 1 and err.count("\n") == 1


def test_fonts_cached_before_pygame_quits_are_forgotten_with_it() -> None:
    """pygame.quit() kills every font; one cached before it failed after the next init with "Invalid
    font", so a test passed or failed by whether another had drawn text in the same process before
    it (the chooser's test, then the wrapping of a long word). Twice over: the forgetting holds for
    every quit, not the first only."""
    for _round in range(3):
        pygame.init()
        try:
            assert typeface.font(14).size("Klondike")[0] > 0
            assert typeface.font(14, bold=True).render("Q♠", True, (0, 0, 0)).get_width() > 0
        finally:
            pygame.quit()


def test_the_shipped_fonts_checksums_are_the_files_ones() -> None:
    """Only a file that differs from the shipped one has its every letter drawn at start: a font
    updated without its checksum would be drawn through at every start (slower, never wrong)."""
    for path in (typeface.REGULAR_FONT, typeface.BOLD_FONT):
        assert typeface._as_shipped(path), f"{path.name}: update SHIPPED_CHECKSUMS in sprites/deck/typeface.py"


def letters_drawn_loading(path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts drawn while the regular font is first loaded from `path`."""
    drawn: list[str] = []
    monkeypatch.setattr(typeface, "REGULAR_FONT", path)

    class Watched(typeface._FileFont):
        def probe(self) -> None:
            drawn.append(typeface.PROBE)
            super().probe()

    monkeypatch.setattr(typeface, "_FileFont", Watched)
    monkeypatch.setattr(typeface, "_PROBED_FONTS", set())
    typeface.forget_fonts()
    pygame.font.init()
    try:
        typeface.font(17)
    finally:
        typeface.forget_fonts()
    return drawn


def test_only_a_font_that_differs_from_the_shipped_one_has_its_letters_drawn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped, changed = typeface.REGULAR_FONT, tmp_path / "DejaVuSans.ttf"
    changed.write_bytes(shipped.read_bytes() + b"\0")
    assert not typeface._as_shipped(changed) and not typeface._as_shipped(tmp_path / "missing.ttf")
    assert typeface.PROBE in letters_drawn_loading(changed, monkeypatch)
    assert typeface.PROBE not in letters_drawn_loading(shipped, monkeypatch)


def checks_loading(path: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many times the regular font's bytes are checksummed while it is first loaded from `path`."""
    checked: list[Path] = []
    real = typeface._as_shipped

    def counted(font_path: Path) -> bool:
        checked.append(font_path)
        return real(font_path)

    monkeypatch.setattr(typeface, "_as_shipped", counted)
    letters_drawn_loading(path, monkeypatch)
    return len(checked)


def test_a_font_found_sound_once_is_not_read_again_at_the_next_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where faces are kept, a start notes that its fonts are sound, and the next one reads the note
    instead of checksumming the file; a font that changed since (size or time) is checked again."""
    font_file = tmp_path / "fonts" / "DejaVuSans.ttf"
    font_file.parent.mkdir()
    font_file.write_bytes(typeface.REGULAR_FONT.read_bytes())
    monkeypatch.setattr(face_cache._Kept, "folder", tmp_path / "cache")
    assert checks_loading(font_file, monkeypatch) == 1
    assert checks_loading(font_file, monkeypatch) == 0
    notes = list((tmp_path / "cache").glob(f"{typeface.VOUCHER_PREFIX}*"))
    assert len(notes) == 1
    os.utime(font_file, ns=(0, 0))  # replaced by another file of that size
    assert checks_loading(font_file, monkeypatch) == 1
    assert len(list((tmp_path / "cache").glob(f"{typeface.VOUCHER_PREFIX}*"))) == 1  # the old note is gone
    assert notes[0] not in (tmp_path / "cache").iterdir()


def test_a_damaged_font_is_never_noted_sound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    font_file = tmp_path / "DejaVuSans.ttf"
    font_file.write_bytes(DAMAGED_FONTS["garbage"])
    monkeypatch.setattr(face_cache._Kept, "folder", tmp_path / "cache")
    monkeypatch.setattr(typeface, "_MISSING_FONTS", set())
    letters_drawn_loading(font_file, monkeypatch)  # pygame's own font is used instead, with one warning
    assert not list(tmp_path.glob(f"cache/{typeface.VOUCHER_PREFIX}*"))


def test_without_a_folder_for_faces_every_start_checks_its_fonts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(face_cache._Kept, "folder", None)
    assert checks_loading(typeface.REGULAR_FONT, monkeypatch) == 1
    assert checks_loading(typeface.REGULAR_FONT, monkeypatch) == 1
