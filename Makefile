# The two commands: `make play` and `make test`. Both create the virtual environment when it is
# missing and (re)install the project when pyproject.toml changes, so a fresh clone needs nothing else.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: play test bench fuzz sounds translations clean compiled

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed (set PYTHON=...)")'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --editable '.[test,compile]'
	@touch $(STAMP)

play: $(STAMP) compiled
	$(BIN)/python main.py $(ARGS)

test: $(STAMP) compiled  # lint and types first (seconds), then every test
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -n auto --dist worksteal  # one test process per core

bench: $(STAMP) compiled
	for script in bench/*.py; do [ $$script = bench/fuzz.py ] || [ $$script = bench/winning_lines.py ] || $(BIN)/python $$script || exit 1; done

fuzz: $(STAMP)  # an hour or more: 10^5 window events per game, then the console and the board reader
	$(BIN)/python bench/fuzz.py $(ARGS)

compiled: $(STAMP)  # the Klondike, FreeCell, Yukon and Spider solvers compiled by mypyc, rebuilt when a source of game/ changes (quick when not)
	@$(BIN)/python tools/compile_solver.py

translations: $(STAMP)  # after changing a text: template from the code, merged into each language, compiled
	$(BIN)/python tools/translations.py all

sounds: $(STAMP)
	$(BIN)/python sounds/make_sounds.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis game/solver/_compiled
