"""The engine pack the pages load into Pyodide works on its own, outside any checkout.

The browser tests catch a pack that lacks a file only after a whole site build and a browser
start; this opens the pack in an empty folder with a bare interpreter (no project on the path)
and plays a round through the widgets' Python side and a practice round, as the pages do.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

from spec_engine.catalog import REGULATION_IDS
from tools.pyodide_site import PACK, engine_pack

SCRIPT = r"""
import json, sys
sys.path.insert(0, ".")
import bj_play
from spec_engine.catalog import REGULATION_IDS
from spec_engine.practice import round_json
out = {"ids": list(REGULATION_IDS), "files": [bj_play.__file__, sys.modules["spec_engine"].__file__]}
out["start"] = json.loads(bj_play.start("play", "UY", json.dumps({"bets": [[1, "owner", "10"]], "seed": 3})))
out["practice"] = json.loads(round_json("CZ", 1))
print(json.dumps(out))
"""


def test_the_pack_plays_a_round_with_no_checkout_on_the_path(tmp_path: Path) -> None:
    pack = tmp_path / PACK
    engine_pack(pack)
    unpacked = tmp_path / "engine"
    with zipfile.ZipFile(pack) as archive:
        archive.extractall(unpacked)
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", SCRIPT], cwd=unpacked, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    loaded = [Path(f).resolve() for f in out["files"]]
    assert loaded == [unpacked.resolve() / "bj_play.py", unpacked.resolve() / "spec_engine" / "__init__.py"]
    assert out["ids"] == list(REGULATION_IDS)  # (the one list, read from the pack)
    start = out["start"]
    assert start["reg"] == "UY" and start["error"] is None and start["phase"] == "playing", start
    assert len(start["dealer"]) >= 1 and len(start["hands"][0]["cards"]) == 2 and start["legal"]
    assert out["practice"]["reg"] == "CZ" and out["practice"]["bets"], out["practice"]
