"""`python -m solitaire`, under the command's own name: the same as the installed `solitaire`
command (solitaire.cli.main) and, in a clone, `python main.py`."""
