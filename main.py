"""Entry point in a clone: `python main.py [command] ...`, the same as `python -m solitaire` and the
installed `solitaire` command. The wheel leaves this file out (one generic top-level name fewer)."""
import runpy

if __name__ == "__main__":
    runpy.run_module("solitaire", run_name="__main__", alter_sys=True)
