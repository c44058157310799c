"""Entry point: `python main.py [play|show|solve|console|stats|games] ...` (play when none is named)."""
import sys

from cli import main

if __name__ == "__main__":
    sys.exit(main())
