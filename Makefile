# Two commands on a fresh machine (Python 3.11 and pip only):
#   make site   builds the site into site/, redoing only what changed (make serve: served on
#               localhost:8000, rebuilt as its sources change)
#   make test   runs the whole test suite
# Each creates .venv and installs the pinned dependencies it needs (make site only what the site
# needs; make test adds the test tools, the browser driver and Ray).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SITE_DEPS := $(VENV)/.site-installed
TEST_DEPS := $(VENV)/.test-installed

CHROMIUM := /usr/lib/chromium/chromium

# Python writes its bytecode caches (__pycache__/, ignored by git) whatever the environment says:
# a build and the suite start many Python processes, and without the caches each one
# compiles the project's modules again and pytest rewrites the test modules again (about a sixth
# more CPU on the suite's subprocess-heavy tests).
unexport PYTHONDONTWRITEBYTECODE

# pip installs without compiling every module of every package it installs (--no-compile): Python
# writes a module's cache the first time it is imported, and the build and the suite import a
# small part of what they install (most of Ray's and Playwright's modules, never). Installing what
# make test needs into a new virtualenv took 49 s of CPU compiling, 30 s without.
PIP_INSTALL := $(PY) -m pip install --quiet --no-compile

.PHONY: test site serve bench simulate cut-card check clean compiled

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PIP_INSTALL) --upgrade pip

# What the site needs (make site): the kit's runner for the scenarios' live results, the page
# and notebook tools, numpy for the exact odds; then the project itself, editable and without
# dependencies (it has none; the versions come from requirements/ only): `import spec_engine`
# works from any directory and the blackjack-spec command is in $(VENV)/bin. A change to this
# recipe (the Makefile) reinstalls too.
$(SITE_DEPS): requirements/kit.txt requirements/docs.txt requirements/analysis.txt requirements/compile.txt pyproject.toml Makefile | $(PY)
	$(PIP_INSTALL) -r requirements/kit.txt -r requirements/docs.txt -r requirements/analysis.txt \
	  -r requirements/compile.txt
	$(PIP_INSTALL) --no-deps -e .
	touch $@

# What the tests add (make test): the linters, the browser driver, Ray for the real local cluster.
$(TEST_DEPS): $(SITE_DEPS) requirements/test.txt requirements/ray.txt
	$(PIP_INSTALL) -r requirements/kit.txt -r requirements/docs.txt -r requirements/analysis.txt \
	  -r requirements/compile.txt -r requirements/test.txt -r requirements/ray.txt
	touch $@

# Debian's Chromium for tests/browser/ (Playwright's own browser download is not used):
# installed with apt-get as root, with sudo when it needs no password, else make stops and
# says what to run.
$(CHROMIUM):
	@if [ "$$(id -u)" -eq 0 ]; then sudo=; elif sudo -n true 2>/dev/null; then sudo=sudo; else \
	  echo "Chromium ($@) is missing: the browser tests need it and installing it needs root." \
	    "Run: sudo apt-get update && sudo apt-get install -y chromium" >&2; \
	  exit 1; fi; \
	echo "$${sudo:+sudo }apt-get update -qq && $${sudo:+sudo }apt-get install -y -qq chromium"; \
	$$sudo apt-get update -qq && $$sudo apt-get install -y -qq chromium

# Chromium first: a missing browser stops make before the site build, not after it.
# Two workers; the tests of one xdist_group run in one worker (--dist loadgroup): the protocol's
# tests share one dump of the test vectors (written once a process, about 15 s of CPU).
test: $(CHROMIUM) $(TEST_DEPS) site
	$(PY) -m ruff check spec_engine tests benchmarks tools notebooks
	$(PY) -m ruff format --check spec_engine tests benchmarks tools notebooks
	$(PY) -m mypy --strict spec_engine
	BLACKJACK_SPEC_EXTRAS=required $(PY) -m pytest -n 2 --dist loadgroup -q

# npm packages for the site and its browser tests, exactly as the lockfile pins them.
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The engine compiled by mypyc from its own source into build/compiled/ (tools/compile_engine.py),
# which spec_engine loads while it matches the source (BLACKJACK_SPEC_PURE=1: the pure engine);
# redone only when the source changed. Without a C compiler it says so in one line and the pure
# engine runs.
compiled: $(SITE_DEPS)
	$(PY) tools/compile_engine.py

# The site, each phase redone only when its inputs changed (tools/build.py says which and times
# each): the scenarios' live results, the JavaScript implementation's conformance reports, the
# pages, the notebooks, MkDocs.
site: $(SITE_DEPS) $(NODE_STAMP) compiled
	$(PY) tools/build.py

# The pages brought up to date, then MkDocs serves them and rebuilds on a change: a changed rule
# set, scenario or notebook is regenerated first (tools/mkdocs_hooks.py).
serve: $(SITE_DEPS) $(NODE_STAMP)
	$(PY) tools/build.py --pages-only
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs serve --dev-addr 127.0.0.1:8000

# Every benchmark, each printing its figures; QUICK=1 makes each brief (it still runs end to end).
BENCH_FLAGS := $(if $(QUICK),--quick,)
bench: $(CHROMIUM) $(TEST_DEPS) $(NODE_STAMP)
	$(PY) benchmarks/rounds.py $(BENCH_FLAGS)
	$(PY) benchmarks/scenarios.py $(BENCH_FLAGS)
	$(PY) benchmarks/site.py $(BENCH_FLAGS)
	$(PY) benchmarks/browser.py $(BENCH_FLAGS)
	$(PY) benchmarks/odds.py $(BENCH_FLAGS)

# The Monte-Carlo check at scale: 10^7 rounds of each rulebook's basic strategy on every core
# (resumable: the chunks go to reports/simulation/), the summaries to docs/simulations/, which
# the site shows beside the exact figures.
SIM_ROUNDS ?= 10000000
simulate: $(SITE_DEPS)
	mkdir -p reports/simulation docs/simulations
	for reg in $$($(PY) -m spec_engine regulations); do $(PY) -m spec_engine simulate $$reg --rounds $(SIM_ROUNDS) --seed 2026 \
	  --out reports/simulation/$$reg.jsonl --json > reports/simulation/$$reg.json \
	  && mv reports/simulation/$$reg.json docs/simulations/$$reg.json || exit 1; done

# Where the cut card lies: each rulebook's table deals CUT_SHOES whole shoes (cut card, burns and
# all; one player) on the compiled engine, every core (resumable: the chunks go to
# reports/cut-card/); the summaries (the return per round against the exact full-shoe figure, the
# difference with its 99 % interval) go to docs/simulations/cut-card/, which the cost page and
# the README's table show. Not a test. CUT_REGS chooses the rulebooks (default: every one). A run
# of N shoes is the first N of any longer run (each chunk of shoes has its own seed), so the
# published figures are `make cut-card CUT_SHOES=N CUT_REGS=XX` with each rulebook's N as the
# README's table gives it; the CPU they took is in benchmarks/RESULTS-i32.md.
CUT_SHOES ?= 1000000
CUT_REGS ?= $$($(PY) -m spec_engine regulations)
cut-card: $(SITE_DEPS) compiled
	mkdir -p reports/cut-card docs/simulations/cut-card
	for reg in $(CUT_REGS); do $(PY) -m spec_engine simulate $$reg --shoes $(CUT_SHOES) \
	  --seed 2026 --out reports/cut-card/$$reg.jsonl --json > reports/cut-card/$$reg.json \
	  && mv reports/cut-card/$$reg.json docs/simulations/cut-card/$$reg.json || exit 1; done

# One text's checks (REG=XX, an id of `python -m spec_engine regulations`): the catalogs and rule
# sets (the compare rows new-regulation copied, played under the text's own rule set), its
# scenarios with its rows of the compare outlines (the regulation's marker), and the gates
# (traceability, the one list). Each runs whatever the others found (tools/check_regulation.py);
# then what remains: the marks TO REVIEW (apart), the scenarios' result, the gates' problems;
# the exit status is non-zero while anything remains.
check: $(TEST_DEPS)
	@test -n "$(REG)" || { echo "make check REG=XX: XX one of: $$($(PY) -m spec_engine regulations | tr '\n' ' ')"; exit 2; }
	$(PY) tools/check_regulation.py "$(REG)"

clean:
	rm -rf $(VENV) site docs/generated reports build blackjack_spec.egg-info
