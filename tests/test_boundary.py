"""The model must never depend on pygame: it runs in the terminal, the solver and the tests alone."""
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_game_imports_with_pygame_unimportable() -> None:
    script = textwrap.dedent(
        """
        import importlib, pkgutil, sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name == "pygame" or name.startswith("pygame."):
                    raise ImportError("pygame is blocked in this test")
        sys.meta_path.insert(0, Block())
        import game
        for info in pkgutil.walk_packages(game.__path__, "game."):
            importlib.import_module(info.name)
        assert not any(m == "pygame" or m.startswith("pygame.") for m in sys.modules)
        print("ok", len([m for m in sys.modules if m.startswith("game.")]))
        """
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok")
    assert int(result.stdout.split()[1]) >= 8  # every model module was really imported


def test_no_source_line_in_game_mentions_pygame_import() -> None:
    offenders = [
        str(path)
        for path in (ROOT / "game").rglob("*.py")
        for line in path.read_text().splitlines()
        if line.strip().startswith(("import pygame", "from pygame"))
    ]
    assert offenders == []
