"""The outside lab's deviations (issue 31; tests/mutants/deviations.py): implementations that
depart from the protocol in one point each, as the lab's did when it took back one of its
changes or read a convention the other way. Each names the obligations it breaks; the
Uruguayan scenarios that exercise those obligations (found from the test vectors, as the
coverage gate finds them) must catch it, through the protocol, while the faultless adapter
passes every one of them. ``python -m tests.mutants --deviations`` runs each on every Uruguayan
scenario instead."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from spec_engine.kit.obligations import by_id, coverage
from spec_engine.kit.vectors import load
from tests.mutants.deviations import DEVIATIONS, Served
from tests.mutants.run import run_mutant, run_plan
from tests.test_protocol import dumped_folder

pytestmark = pytest.mark.xdist_group("vectors")

Place = tuple[str, int, str | None]


def selections() -> dict[str, list[Place]]:
    """Each deviation's scenarios: the Uruguayan ones that exercise an obligation it breaks."""
    vectors = [v for v in load(dumped_folder()) if v["regulation"] == "UY"]
    found = coverage(vectors)
    place = {v["id"]: (v["feature"], v["line"], v["example"]) for v in vectors}
    out = {}
    for m in DEVIATIONS.values():
        ids = sorted({vid for oid in m.breaks for vid in found.by.get(oid, {}).get("UY", [])})
        assert ids, f"{m.name}: no Uruguayan scenario exercises {m.breaks}"
        out[m.name] = [place[i] for i in ids]
    return out


def test_every_deviation_names_obligations_of_the_protocol() -> None:
    known = by_id()
    assert len(DEVIATIONS) >= 33
    for m in DEVIATIONS.values():
        assert m.breaks and all(oid in known for oid in m.breaks), m.name
        assert m.regulations == ("UY",) and m.kind == "protocol"


def rounds(chosen: dict[str, list[Place]]) -> list[dict[Place, str]]:
    """The deviations played at the protocol's edge, in as few runs as their scenarios allow:
    in one run each scenario plays one deviation (greedily, the largest selections first)."""
    out: list[dict[Place, str]] = []
    edge = [n for n in chosen if isinstance(DEVIATIONS[n].apply, Served)]
    for name in sorted(edge, key=lambda n: -len(chosen[n])):
        plan = next((r for r in out if not set(chosen[name]) & set(r)), None)
        if plan is None:
            plan = {}
            out.append(plan)
        plan.update(dict.fromkeys(chosen[name], name))
    return out


def test_each_deviation_of_the_lab_is_caught_by_the_scenarios_of_the_obligation_it_breaks() -> None:
    """Several deviations share a run (each scenario plays the one planned for it); a deviation
    in the engine's code runs alone; the faultless adapter plays every scenario chosen."""
    chosen = selections()
    union = sorted({p for places in chosen.values() for p in places}, key=str)
    plans = [dict.fromkeys(union, ""), *rounds(chosen)]
    alone = [n for n in chosen if not isinstance(DEVIATIONS[n].apply, Served)]

    def one(job: dict[Place, str] | str) -> Any:
        if isinstance(job, str):
            return run_mutant(DEVIATIONS[job], scenarios=chosen[job], timeout=300)
        return run_plan(job, timeout=600)

    with ThreadPoolExecutor(max_workers=2) as pool:
        done = list(pool.map(one, [*plans, *alone]))
    control, planned, single = done[0], done[1 : len(plans)], done[len(plans) :]
    assert len(control) == len(union) and not any(control.values()), [p for p, f in control.items() if f]
    failed: dict[str, list[bool]] = {}
    for plan, outcome in zip(plans[1:], planned, strict=True):
        assert set(outcome) == set(plan), "a planned scenario did not run"
        for place, name in plan.items():
            failed.setdefault(name, []).append(outcome[place])
    for name, entry in zip(alone, single, strict=True):
        failed[name] = [entry["caught"]]
    assert set(failed) == set(DEVIATIONS)
    for name, outcomes in failed.items():
        print(f"{name}: {sum(outcomes)} of {len(outcomes)} of its scenarios fail")
    missed = [f"{n}: {DEVIATIONS[n].fault}" for n, outcomes in failed.items() if not any(outcomes)]
    assert not missed, missed
    print(f"{len(DEVIATIONS) - len(missed)} of {len(DEVIATIONS)} deviations caught, in {len(plans) + len(alone)} runs")
