"""Never answers (and never reads)."""

import time

while True:
    time.sleep(60)
