"""Entry point in a clone: `python main.py [command] ...`, the same as `python -m solitaire` and the
installed `solitaire` command. The wheel leaves this file out (one generic top-level name fewer).
It calls the package's `__main__` directly: running it through runpy cost every start a module more."""
if __name__ == "__main__":
    from solitaire.__main__ import start

    start()
