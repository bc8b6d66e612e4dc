# Every target installs what it needs first: a fresh clone only needs Python 3.11.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: install test demo results bench bench-json clean

install: $(STAMP)

# calc/ is byte-compiled once, as a regular install is: where PYTHONDONTWRITEBYTECODE is
# set, every start of bacc-edge would otherwise compile its sources again (a quarter of a
# second).
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/python -m compileall -q calc
	touch $(STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest

demo: $(STAMP)
	$(BIN)/bacc-edge paytables/*.py

results: $(STAMP)
	$(BIN)/bacc-edge results paytables results

# BETS=N: time only the first N random bets of the any-bet figures (200 by default)
bench: $(STAMP)
	$(BIN)/python bench/bench.py $(if $(BASELINE),--baseline $(BASELINE)) $(if $(BETS),--bets $(BETS))

bench-json: $(STAMP)
	$(BIN)/python bench/bench.py --json $(if $(BASELINE),--baseline $(BASELINE)) $(if $(BETS),--bets $(BETS))

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
