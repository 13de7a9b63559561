"""Answers the first request with a 10 MB line (no newline until the end)."""

import sys

sys.stdin.readline()
sys.stdout.write('{"id": 1, "ok": true, "junk": "' + "x" * 10_000_000 + '"}\n')
sys.stdout.flush()
sys.stdin.read()
