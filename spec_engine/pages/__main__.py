"""``python -m spec_engine.pages OUT [--results FILE]``: write the site's pages (and say, on
standard error, which rule set's odds took time to compute)."""

import logging

from spec_engine.pages.build import main

progress = logging.StreamHandler()  # standard error
progress.setFormatter(logging.Formatter("  %(message)s"))
logging.getLogger("spec_engine").addHandler(progress)
logging.getLogger("spec_engine").setLevel(logging.INFO)
main()
