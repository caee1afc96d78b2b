# Block dominoes: set-up, run and test. `make test` works on a fresh machine that has only
# python3 (with venv and pip), make and apt-get.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
PORT   ?= 8501

# Debian packages for the browser tests (fonts: Latin, Arabic, Cyrillic, Korean glyphs).
APT_PACKAGES := chromium fonts-dejavu-core fonts-liberation fonts-nanum
# PostgreSQL and nginx for the progress store's tests and the replicas test (tests/deploy/test_deploy.py).
SERVE_PACKAGES := postgresql nginx-light
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Let Python keep compiled bytecode (__pycache__, and pytest's rewritten test modules) even
# where the environment says not to: without it every test process compiles every module
# again, about three seconds a worker.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: venv build chromium serving-packages run test lint lock bench bench-compare bench-peer bench-ui clean

venv: $(STAMP)

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

# Exact versions with their hashes from requirements.lock (site, test and dev), then the
# project itself without resolving again.  Re-install when the lock or pyproject.toml is
# newer than the stamp (or a package appeared since: the editable install maps only the
# packages that existed when it ran).
$(STAMP): requirements.lock pyproject.toml $(wildcard engine/__init__.py ui/__init__.py locales/__init__.py) | $(PY)
	$(PY) -m pip install -q --require-hashes -r requirements.lock
	$(PY) -m pip install -q --no-deps -e .
	touch $(STAMP)

# Regenerate requirements.lock from pyproject.toml's ranges (pip-tools in its own venv,
# not a dependency of the site).  Versions already locked are kept unless UPGRADE names
# packages to move: `make lock UPGRADE=streamlit` (or UPGRADE=all for everything).
LOCK_VENV := .venv-lock
UPGRADE ?=
lock:
	@[ -x $(LOCK_VENV)/bin/pip-compile ] || { $(PYTHON) -m venv $(LOCK_VENV) && \
	  $(LOCK_VENV)/bin/python -m pip install -q pip-tools; }
	$(LOCK_VENV)/bin/pip-compile -q --generate-hashes --allow-unsafe --strip-extras \
	  --no-emit-find-links --no-emit-index-url --extra test --extra dev \
	  $(if $(filter all,$(UPGRADE)),--upgrade,$(foreach p,$(UPGRADE),--upgrade-package $(p))) \
	  -o requirements.lock pyproject.toml

# The engine's core compiled with mypyc beside its source (tools/compile_engine.py), again
# whenever an engine file changed.  Without a C compiler the engine runs from source, slower.
ENGINE_BUILD := .build/engine.stamp
build: $(ENGINE_BUILD)

$(ENGINE_BUILD): $(wildcard engine/*.py engine/*/*.py) tools/compile_engine.py $(STAMP)
	@mkdir -p .build
	@echo "Compiling the engine with mypyc ..."
	@if $(PY) tools/compile_engine.py >.build/compile.log 2>&1; then touch $@; \
	else cat .build/compile.log; echo "note: the engine could not be compiled; it runs from source"; fi

# The solver's native core (tools/compile_native.py), again whenever its C source changed.
# Without a C compiler the search runs in Python, node for node the same, slower.
NATIVE_BUILD := .build/native.stamp
build: $(NATIVE_BUILD)

$(NATIVE_BUILD): engine/search/_native.c tools/compile_native.py $(STAMP)
	@mkdir -p .build
	@echo "Compiling the solver's native core ..."
	@if $(PY) tools/compile_native.py >.build/native.log 2>&1; then touch $@; \
	else cat .build/native.log; echo "note: the solver's native core could not be compiled; the search runs in Python"; fi

chromium:
	@if [ ! -x /usr/bin/chromium ] || ! dpkg -s $(APT_PACKAGES) >/dev/null 2>&1; then \
	  echo "Installing $(APT_PACKAGES) from Debian ..."; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    $(APT_PACKAGES); \
	fi

serving-packages:
	@if ! dpkg -s $(SERVE_PACKAGES) >/dev/null 2>&1; then \
	  echo "Installing $(SERVE_PACKAGES) from Debian ..."; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    $(SERVE_PACKAGES); \
	fi

run: venv build
	$(PY) -m streamlit run app.py --server.port $(PORT)

# Scenario [expect] tables are checked once, by tests/engine/teaching/test_scenarios.py (one test per file).
# First the tests outside the browser, a worker per core (pytest-xdist); then the browser
# tests in one process, with one live server (tests/conftest.py picks the workers).
test: venv build chromium serving-packages
	$(PY) -m pytest -q -m "not browser"
	$(PY) -m pytest -q -m browser

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy --strict engine ui

# Random playouts through the engine, one process and then one per core.
bench: venv build
	@for r in "block --players 2" "block --players 3" "block --players 4" "gaple --players 4" \
	          "gaple --players 4 --hand-size 7" "gaple --players 5" "duel" "duel --draw"; do \
	  $(PY) -m engine bench --rules $$r --games 20000 --seed 1; \
	  $(PY) -m engine bench --rules $$r --games 40000 --seed 1 --workers 2; \
	done

# Side by side with OpenSpiel's python_block_dominoes and the dominoes package, installed
# into their own venv (they are references, not dependencies of the site).
BENCH_VENV := .venv-bench
bench-compare: venv build
	@[ -x $(BENCH_VENV)/bin/python ] || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install -q open-spiel dominoes -e .
	$(BENCH_VENV)/bin/python bench/compare.py --seconds 3

# The bots against OpenSpiel's IS-MCTS in two-player Block, on duplicate deals (README,
# "Against a peer AI"): OpenSpiel in the same venv as bench-compare's.
bench-peer: venv build
	@[ -x $(BENCH_VENV)/bin/python ] || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install -q open-spiel dominoes -e .
	$(BENCH_VENV)/bin/python bench/peer.py --deals 400 --jobs 2

# Click → updated page in a real browser (Learn and Try it).
bench-ui: venv build chromium
	$(PY) bench/ui_latency.py

clean:
	rm -rf $(VENV) $(BENCH_VENV) $(LOCK_VENV) .build build engine/*.so engine/*/*.so .pytest_cache .mypy_cache .ruff_cache test-results *.egg-info
