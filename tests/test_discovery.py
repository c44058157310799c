"""game.discovery finds what pkgutil finds, without importing anything."""
from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import game.families
import solitaire.cli
from game.discovery import module_names


def _pkgutil_names(folders: list[str]) -> list[str]:
    return sorted(info.name for info in pkgutil.iter_modules(folders))


def test_the_families_and_commands_are_what_pkgutil_names() -> None:
    for package in (game.families, solitaire.cli):
        assert module_names(package.__path__) == _pkgutil_names(list(package.__path__))


def test_modules_packages_and_strangers_in_a_folder(tmp_path: Path) -> None:
    (tmp_path / "plain.py").write_text("")
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "notes.txt").write_text("")
    (tmp_path / "two.dots.py").write_text("")  # no module's name
    (tmp_path / "pack").mkdir()
    (tmp_path / "pack" / "__init__.py").write_text("")
    (tmp_path / "loose").mkdir()  # no __init__: no package
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "plain.cpython-311.pyc").write_bytes(b"")
    (tmp_path / "fast.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    names = module_names([str(tmp_path)])
    assert names == ["fast", "pack", "plain"]
    assert names == _pkgutil_names([str(tmp_path)])


def test_nothing_is_imported(tmp_path: Path) -> None:
    (tmp_path / "never_imported_here.py").write_text("raise SystemExit('imported')")
    assert module_names([str(tmp_path)]) == ["never_imported_here"]
    assert "never_imported_here" not in sys.modules


def test_the_games_order_does_not_depend_on_which_family_was_imported_first() -> None:
    """Families at one `position` (Aces Up and Gypsy, Simple Simon and TriPeaks) are listed by key, not
    by which module a process happened to import first (a test importing Gypsy first reordered
    docs/winnability.md's rows)."""
    code = ("import sys; from game.variants import all_variants, find_variant; [find_variant(k) for k in sys.argv[1:]]; "
            "print(' '.join(v.key for v in all_variants()))")
    root = Path(__file__).resolve().parent.parent

    def listed(*first: str) -> str:
        return subprocess.run([sys.executable, "-c", code, *first], cwd=root, capture_output=True, text=True,
                              check=True, timeout=60).stdout

    assert listed() == listed("gypsy", "tripeaks", "pyramid") == listed("pyramid", "aces-up", "simple-simon")
