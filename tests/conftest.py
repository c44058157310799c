"""Shared test setup: pygame runs headless (dummy video and audio) in every test."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# No test, and no program a test starts, may read or write a real player's statistics or saved game.
import tempfile  # noqa: E402

os.environ["SOLITAIRE_DATA_DIR"] = tempfile.mkdtemp(prefix="solitaire-test-data-")
