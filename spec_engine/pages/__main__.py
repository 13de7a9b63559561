"""``python -m spec_engine.pages OUT [--results FILE]``: write the site's pages."""

from spec_engine.pages.build import main

main()
