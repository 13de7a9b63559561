"""Says why on standard error, then dies at once, before reading anything; given a number
(argv[1]), writes that many lines of noise first (a long traceback's worth)."""

import sys

for n in range(int(sys.argv[1]) if len(sys.argv) > 1 else 0):
    sys.stderr.write(f"noise line {n}: {'x' * 60}\n")
sys.stderr.write("crash-on-start: cannot read /etc/mybj.conf\n")
sys.exit(3)
