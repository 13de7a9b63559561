"""The site's page generation: Markdown pages made from the catalog, the rule sets, the
scenarios and their results, and hands the engine plays.

``python -m spec_engine.pages OUT --results FILE`` writes them all (:mod:`~spec_engine.pages.build`).
The pages use the engine and the kit; neither imports the pages.
"""
