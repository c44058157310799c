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

# Every script of bench/ prints its figures with no argument, but these, run by hand: the fuzzer (an hour
# or more: `make fuzz`), the Klondike solver's winning lines (minutes a few deals), and the two that
# compare the source trees named on their command line (bench/solver_ab.py, bench/callgrind_work.py).
BY_HAND := bench/fuzz.py bench/winning_lines.py bench/solver_ab.py bench/callgrind_work.py

bench: $(STAMP) compiled
	for script in $(filter-out $(BY_HAND),$(wildcard bench/*.py)); do $(BIN)/python $$script || exit 1; done

fuzz: $(STAMP)  # an hour or more: 10^5 window events per game, then the console and the board reader
	$(BIN)/python bench/fuzz.py $(ARGS)

compiled: $(STAMP)  # the solvers' modules game/solver/compiled.py names, compiled by mypyc, rebuilt when a source of game/ changes (quick when not)
	@$(BIN)/python tools/compile_solver.py

translations: $(STAMP)  # after changing a text: template from the code, merged into each language, compiled
	$(BIN)/python tools/translations.py all

sounds: $(STAMP)
	$(BIN)/python sounds/make_sounds.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis game/solver/_compiled
