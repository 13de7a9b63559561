"""Says why on standard error, then dies at once, before reading anything."""

import sys

sys.stderr.write("crash-on-start: cannot read /etc/mybj.conf\n")
sys.exit(3)
