# Two commands on a fresh machine (Python 3.11 and pip only):
#   make site   builds the site into site/ (make serve: the same, served on localhost:8000)
#   make test   runs the whole test suite
# Each creates .venv and installs the pinned dependencies it needs.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

CHROMIUM := /usr/lib/chromium/chromium

.PHONY: test site serve bench simulate clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# The pinned tools, then the project itself, editable and without dependencies (it has none;
# the versions come from requirements/ only): `import spec_engine` works from any directory
# (benchmarks/ runs as scripts) and the blackjack-spec command is in $(VENV)/bin. A change to
# this recipe (the Makefile) reinstalls too.
$(STAMP): requirements/test.txt requirements/docs.txt requirements/analysis.txt requirements/ray.txt pyproject.toml Makefile | $(PY)
	$(PY) -m pip install --quiet -r requirements/test.txt -r requirements/docs.txt -r requirements/analysis.txt \
	  -r requirements/ray.txt
	$(PY) -m pip install --quiet --no-deps -e .
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
test: $(CHROMIUM) $(STAMP) site
	$(PY) -m ruff check spec_engine tests benchmarks tools notebooks
	$(PY) -m ruff format --check spec_engine tests benchmarks tools notebooks
	$(PY) -m mypy --strict spec_engine
	BLACKJACK_SPEC_EXTRAS=required $(PY) -m pytest -n 2 -q

# npm packages for the site and its browser tests, exactly as the lockfile pins them.
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

site: $(STAMP) $(NODE_STAMP)
	@# live results: run the scenarios (failures are shown on the site, not fatal here), each
	@# recorded as it played: the pages measure from the recordings how directly each clause is checked
	rm -rf reports/recordings
	BLACKJACK_SPEC_RECORD=reports/recordings $(PY) -m pytest -q -n 2 tests/test_features.py; test $$? -le 1
	@# the second-language implementation's conformance report (needs node; failures are reported, not fatal)
	for reg in CL ES UY CZ IT; do if command -v node >/dev/null; then $(PY) -m spec_engine.kit.conform \
	  --impl "node conformance/js/blackjack.js" --regulation $$reg --out reports/conformance/javascript-$$reg \
	  --jobs 2; test $$? -le 1 || exit 1; fi; done
	rm -rf docs/generated
	$(PY) -m spec_engine.pages docs/generated --results reports/scenarios.json --recordings reports/recordings
	$(PY) tools/notebooks.py docs/generated/notebooks
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict

serve: site
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs serve --dev-addr 127.0.0.1:8000

# (the site benchmark builds site/ with Pyodide; the browser benchmark times Python in its pages)
bench: $(CHROMIUM) $(STAMP) $(NODE_STAMP)
	$(PY) benchmarks/rounds.py
	$(PY) benchmarks/scenarios.py
	$(PY) benchmarks/site.py
	$(PY) benchmarks/browser.py
	$(PY) benchmarks/odds.py

# The Monte-Carlo check at scale: 10^7 rounds of each rulebook's basic strategy on every core
# (resumable: the chunks go to reports/simulation/), the summaries to docs/simulations/, which
# the site shows beside the exact figures.
SIM_ROUNDS ?= 10000000
simulate: $(STAMP)
	mkdir -p reports/simulation docs/simulations
	for reg in CL ES UY CZ IT; do $(PY) -m spec_engine simulate $$reg --rounds $(SIM_ROUNDS) --seed 2026 \
	  --out reports/simulation/$$reg.jsonl --json > reports/simulation/$$reg.json \
	  && mv reports/simulation/$$reg.json docs/simulations/$$reg.json || exit 1; done

clean:
	rm -rf $(VENV) site docs/generated blackjack_spec.egg-info
