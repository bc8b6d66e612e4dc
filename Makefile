# Every target installs what it needs first: a fresh clone only needs Python 3.11.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: install test test-quick demo docs results bench bench-json clean

install: $(STAMP)

# calc/ is byte-compiled once, as a regular install is: where PYTHONDONTWRITEBYTECODE is
# set, every start of bacc-edge would otherwise compile its sources again (a quarter of a
# second).
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,docs]'
	$(BIN)/python -m compileall -q calc
	touch $(STAMP)

# The suite runs on every core (pytest-xdist; a worker that runs out of tests takes
# some of the other's, so that neither waits at the end); test-quick leaves out the
# full-size runs and the browser tests: the everyday loop while editing.
test: $(STAMP)
	$(BIN)/python -m pytest -n auto --dist worksteal

test-quick: $(STAMP)
	$(BIN)/python -m pytest -n auto --dist worksteal -m "not slow and not browser"

demo: $(STAMP)
	$(BIN)/bacc-edge paytables/*.py

# the documentation site, from docs/ into site/ (open site/index.html); warnings are errors
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/python -m mkdocs build --strict --site-dir site

results: $(STAMP)
	$(BIN)/bacc-edge results paytables results

# BETS=N: time only the first N random bets of the any-bet figures (200 by default)
bench: $(STAMP)
	$(BIN)/python bench/bench.py $(if $(BASELINE),--baseline $(BASELINE)) $(if $(BETS),--bets $(BETS))

bench-json: $(STAMP)
	$(BIN)/python bench/bench.py --json $(if $(BASELINE),--baseline $(BASELINE)) $(if $(BETS),--bets $(BETS))

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis site
