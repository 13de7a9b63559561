"""Answers every request with a line that is not JSON (and leaves when told ``bye``)."""

import sys

for line in sys.stdin:
    sys.stdout.write("hello there, dealer!\n")
    sys.stdout.flush()
    if '"bye"' in line:
        break
