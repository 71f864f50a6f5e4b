# Everything the project needs is set up from here: `make run` and `make test` work on a fresh clone.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test setup bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(VENV)/bin/unokit play

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(VENV)/bin/unokit bench --vs rlcard

clean:
	rm -rf $(VENV) .bench .pytest_cache .hypothesis
