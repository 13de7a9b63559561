"""Mutants: deliberately faulty variants of the engine, to show that the scenarios catch them.

Each mutant (:mod:`tests.mutants.catalog`) is one fault: a wrong rule value (blackjack paid
6:5, the dealer hitting soft 17, ...) or a wrong line of engine code (a push paid as a win,
a bust left on the table, ...). None edits the engine's files: :mod:`tests.mutants.adapter`
applies the fault inside its own process (a rule-set override, or a method of
``spec_engine.game`` recompiled from its source with one edit) and serves that faulty
engine through :func:`spec_engine.kit.protocol.serve`::

    python -m tests.mutants.adapter blackjack_6_5

:mod:`tests.mutants.run` runs the feature suite against each mutant through the protocol
(``BLACKJACK_SPEC_IMPL``), restricted to the regulations the mutant concerns, and collects
the failing scenarios' clause tags: the clauses that caught it. ``python -m tests.mutants``
prints the table and the mutation score and writes ``reports/mutants.json``.
"""
