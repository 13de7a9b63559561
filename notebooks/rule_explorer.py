# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Rule explorer: change one value, see what breaks
#
# Every rule value of a regulation is data (`spec_engine/data/rulesets/*.toml`), and every
# scenario of `features/` checks some clause of some regulation. So the question *"what if
# this regulation allowed doubling on any two cards?"* has an exact answer: change the value,
# run the scenarios, and list those that no longer pass. Each one names, by its tags, the
# clauses of the text that the changed value would contradict.
#
# To explore another change, edit `CHANGES` below (values are written as in the rule-set
# TOML files: `"none"`, `"3/2"`, `[9, 10, 11]`, `true`) and run the notebook again from
# the project's root. The same works from a shell:
#
# ```sh
# BLACKJACK_SPEC_OVERRIDES='{"CL": {"double_totals": "none"}}' python -m pytest -q tests/test_features.py
# ```
#
# The code that only formats tables is hidden on this page; the downloadable notebook has
# all of it.

# %%
from __future__ import annotations

from typing import Any

from IPython.display import Markdown, display

from spec_engine.overrides import ENV_VAR, parse_overrides, to_env
from spec_engine.rules import ruleset

# The change to explore: regulation -> rule -> value, as written in the rule-set TOML files.
CHANGES: dict[str, dict[str, Any]] = {"CL": {"double_totals": "none"}}

# %% [markdown]
# ## The change
#
# The value in force, where it comes from, and the value tried instead. A changed value is
# nobody's regulation: it cites no clause.


# %% tags=["hide-input"]
def shown(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, frozenset):
        return ", ".join(str(v) for v in sorted(value))
    return str(value).lower() if isinstance(value, bool) else str(value)


def markdown_table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


parsed = parse_overrides(CHANGES)  # fails here, with the field at fault, on a bad value
rows = []
for reg, values in parsed.items():
    rules = ruleset(reg)
    for name, new in values.items():
        cite = rules.citations[name]
        source = ", ".join(cite.clauses) or cite.basis
        rows.append([reg, f"`{name}`", shown(getattr(rules, name)), source, shown(new)])
display(Markdown(markdown_table(["regulation", "rule", "value in force", "cites", "tried instead"], rows)))

# %% [markdown]
# The value in force of any rule, and what it cites, is one call away: `ruleset` gives a
# regulation's rule set. Uruguay's least total to stand, for instance, the value a change to
# `min_stand_total` would replace (on the site, this cell can be edited and run in the page):

# %%
uy = ruleset("UY")
print(f"{uy.name}: {uy.decks} decks, stands from {uy.min_stand_total}")
uy.citations["min_stand_total"]

# %% [markdown]
# ## Running the scenarios twice
#
# The scenario suite runs in two separate processes at once, one as the rule sets are and
# one with the change (the `BLACKJACK_SPEC_OVERRIDES` environment variable, which the
# scenarios' `play` fixture applies). Each run writes its per-scenario results to a file of
# its own (`BLACKJACK_SPEC_RESULTS`), leaving the project's `reports/scenarios.json` alone.


# %%
# ruff: noqa: E402 (each cell imports what it needs: the page runs the cells that need no more)
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def project_root() -> Path:
    """The project's checkout: the folder holding pyproject.toml and features/, found from the
    folder the notebook runs in (the root at site build, notebooks/ in Jupyter) or, run from
    anywhere else, from where the engine it imports lives (an editable install)."""
    import spec_engine

    here = [Path.cwd(), *Path.cwd().parents]
    for folder in [*here, Path(spec_engine.__file__).resolve().parent.parent]:
        if (folder / "pyproject.toml").is_file() and (folder / "features").is_dir():
            return folder
    raise RuntimeError("the scenarios are in a checkout of the project: install it with pip install -e .")


ROOT = project_root()


def run_scenarios(overrides: str, results: Path) -> list[dict[str, Any]]:
    """Run every scenario with ``overrides`` (JSON, or "" for none); their results."""
    env = {**os.environ, ENV_VAR: overrides, "BLACKJACK_SPEC_RESULTS": str(results)}
    command = [sys.executable, "-m", "pytest", "-q", "tests/test_features.py", "-p", "no:cacheprovider"]
    command += ["-p", "spec_engine.suite.results_elsewhere"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    if done.returncode not in (0, 1):  # 1: some scenario failed, which is what we look for
        raise RuntimeError(f"pytest exited {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return json.loads(results.read_text(encoding="utf-8"))


with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(2) as pool:
    as_is = pool.submit(run_scenarios, "", Path(tmp) / "as_is.json")
    changed = pool.submit(run_scenarios, to_env(CHANGES), Path(tmp) / "changed.json")
    BEFORE, AFTER = as_is.result(), changed.result()


def keyed(results: list[dict[str, Any]]) -> dict[tuple[Any, ...], dict[str, Any]]:
    """The results by scenario; the rows of an outline share its line and name, so the
    regulation, the clauses and the row's rank among its twins tell them apart."""
    out: dict[tuple[Any, ...], dict[str, Any]] = {}
    for entry in results:
        base = (entry["feature"], entry["line"], entry["scenario"], entry["regulation"], tuple(entry["clauses"]))
        rank = sum(1 for k in out if k[:-1] == base)
        out[(*base, rank)] = entry
    return out


def key(entry: dict[str, Any]) -> tuple[str, int, str]:
    return entry["feature"], entry["line"], entry["scenario"]


before, after = keyed(BEFORE), keyed(AFTER)
red = [after[k] for k in after if after[k]["status"] == "failed" and before.get(k, {}).get("status") == "passed"]
green = [after[k] for k in after if after[k]["status"] == "passed" and before.get(k, {}).get("status") == "failed"]
broken = [e for e in BEFORE if e["status"] == "failed"]
print(f"{len(BEFORE)} scenarios; as the rule sets are: {len(BEFORE) - len(broken)} pass, {len(broken)} fail")
print(f"with the change: {len(red)} turned red, {len(green)} turned green")

# %% [markdown]
# ## The scenarios that turned red
#
# Each of them passes with the rule sets as they are and fails with the change: the
# clauses in its tags are the sentences of the regulation that the changed value
# contradicts.

# %% tags=["hide-input"]
if red:
    rows = [
        [f"{e['feature']}:{e['line']}", e["scenario"], e["regulation"] or "", " ".join(e["clauses"])]
        for e in sorted(red, key=key)
    ]
    display(Markdown(markdown_table(["feature", "scenario", "regulation", "clauses"], rows)))
else:
    display(Markdown("No scenario turned red: no scenario checks this value, or the change is not applied."))
if broken:
    names = ", ".join(f"{e['feature']}:{e['line']}" for e in broken)
    display(Markdown(f"**Note:** {len(broken)} scenario(s) fail even without the change: {names}."))

# %% [markdown]
# ## Reading the result
#
# With `double_totals` set to `none` in the Catalan club's rule set, a hand could double on
# any two cards. The scenarios that fail are those that show the club's text refusing a
# double on 12, on 8, or on a soft 17, and they all carry **CL-13a.1**, the clause that
# limits doubling to 9, 10 and 11. Scenarios of the other regulations are untouched: the
# change is the club's alone.
#
# A change that turns nothing red is worth a second look too: either the value is truly
# free (no clause constrains it), or the clause that constrains it has no scenario yet. The
# *Coverage* page tells which clauses have scenarios.

# %% tags=["hide-input"]
# The text above is written for the change shipped with this notebook: check that it holds.
if CHANGES == {"CL": {"double_totals": "none"}}:
    assert red, "the change should turn scenarios red: does spec_engine/suite/steps.py apply BLACKJACK_SPEC_OVERRIDES?"
    assert all("CL-13a.1" in e["clauses"] for e in red), "the explanation above no longer matches: update it"
    assert {e["regulation"] for e in red} == {"CL"}, "the explanation above no longer matches: update it"
