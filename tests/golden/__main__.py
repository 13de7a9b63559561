"""Update the golden event-log digests (``tests/golden/vector_logs.json``) from the suite as it
plays now, and say which were added, changed and removed.

    python -m tests.golden            # show what would change (exit 1 if anything would)
    python -m tests.golden --write    # write the new digests

A changed log must be deliberate: run this in the commit that changes the behaviour, and say
in the commit why each changed log changed.
"""

from __future__ import annotations

import argparse
import json
import sys

from spec_engine.kit.vectors import load
from tests.test_protocol import dumped_folder
from tests.test_vectors import GOLDEN_LOGS, log_digest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden", description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="write the new digests")
    args = parser.parse_args(argv)
    kept = json.loads(GOLDEN_LOGS.read_text(encoding="utf-8"))
    old: dict[str, str] = kept["logs"]
    now = {v["id"]: log_digest(v["events"]) for v in load(dumped_folder())}
    added = sorted(now.keys() - old.keys())
    removed = sorted(old.keys() - now.keys())
    changed = sorted(k for k in now.keys() & old.keys() if now[k] != old[k])
    for title, keys in (("added", added), ("changed", changed), ("removed", removed)):
        print(f"{title}: {len(keys)}")
        for key in keys:
            print(f"  {key}")
    if args.write and (added or changed or removed):
        kept["logs"] = dict(sorted(now.items()))
        GOLDEN_LOGS.write_text(json.dumps(kept, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"written: {GOLDEN_LOGS}")
        return 0
    return 1 if (added or changed or removed) and not args.write else 0


if __name__ == "__main__":
    sys.exit(main())
