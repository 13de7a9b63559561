"""Dies at once, before reading anything."""

import sys

sys.exit(3)
