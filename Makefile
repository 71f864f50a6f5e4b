# Everything the project needs is set up from here: `make run` and `make test` work on a fresh clone.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test lint setup sysdeps bench clean cluster

$(STAMP): pyproject.toml setup.py unokit/fast/_ccore.c $(wildcard unokit/fast/*.h)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,train]'
	touch $(STAMP)

setup: $(STAMP)

# Debian packages for the browser and PostgreSQL tests (chromium, postgresql)
sysdeps:
	bash scripts/system-deps.sh

# the web table on http://127.0.0.1:8000 (the terminal game: .venv/bin/unokit play)
run: $(STAMP)
	$(VENV)/bin/unokit serve

# a local cluster: PostgreSQL, WORKERS web workers and HAProxy on http://127.0.0.1:PORT (Ctrl-C stops it all)
WORKERS ?= 2
PORT    ?= 8080
cluster: $(STAMP) sysdeps
	$(VENV)/bin/unokit cluster --workers $(WORKERS) --port $(PORT)

# the tests run in parallel (pytest-xdist), one worker per CPU; the Ray and browser tests each keep to one worker
# (xdist_group). TEST_JOBS=0 make test: in one process; UNOKIT_FULL=1 make test: every seed of the sweeps
TEST_JOBS ?= auto
test: $(STAMP) sysdeps lint
	$(PY) -m pytest -n $(TEST_JOBS) --dist loadgroup --durations=25

# ruff over the package, the tests and the benchmarks; mypy over the layers it is clean on so far
lint: $(STAMP)
	$(VENV)/bin/ruff check unokit tests bench setup.py
	$(VENV)/bin/mypy

bench: $(STAMP)
	$(VENV)/bin/unokit bench --vs rlcard

clean:
	rm -rf $(VENV) .bench .pytest_cache .hypothesis
