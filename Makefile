# Two commands on a fresh machine (Python 3.11 and pip only):
#   make site   builds the site into site/ (make serve: the same, served on localhost:8000)
#   make test   runs the whole test suite
# Each creates .venv and installs the pinned dependencies it needs.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP_TEST := $(VENV)/.test-installed
STAMP_DOCS := $(VENV)/.docs-installed

.PHONY: test site serve bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP_TEST): requirements/test.txt pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -r requirements/test.txt
	touch $@

$(STAMP_DOCS): requirements/docs.txt requirements/test.txt pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -r requirements/docs.txt -r requirements/test.txt
	touch $@

test: $(STAMP_TEST)
	$(PY) -m ruff check spec_engine tests benchmarks
	$(PY) -m ruff format --check spec_engine tests benchmarks
	$(PY) -m mypy --strict spec_engine
	$(PY) -m pytest -n 2 -q

site: $(STAMP_DOCS)
	@# live results: run the scenarios (failures are shown on the site, not fatal here)
	$(PY) -m pytest -q -n 2 tests/test_features.py; test $$? -le 1
	rm -rf docs/generated
	$(PY) -m spec_engine.docgen docs/generated --results reports/scenarios.json
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict

serve: site
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs serve --dev-addr 127.0.0.1:8000

bench: $(STAMP_TEST)
	$(PY) benchmarks/rounds.py
	$(PY) benchmarks/scenarios.py

clean:
	rm -rf $(VENV) site docs/generated
