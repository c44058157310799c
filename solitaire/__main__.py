"""`python -m solitaire [play|show|solve|console|stats|games|desktop|completion] ...` (play when none is named)."""
import gc
import sys

if __name__ == "__main__":
    # Start-up makes only what lives on (the modules, then the window): no collection before the
    # command runs. solitaire.cli.main turns it back on for every command but play, whose window does at its first frame.
    gc.disable()

from solitaire.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
