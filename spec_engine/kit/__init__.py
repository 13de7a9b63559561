"""The conformance kit: the scenarios as a test suite for any implementation.

The driver seam (:mod:`~spec_engine.kit.driver`), the JSON-lines protocol
(:mod:`~spec_engine.kit.protocol`) and the engine behind it (:mod:`~spec_engine.kit.adapter`),
the runner and its reports (:mod:`~spec_engine.kit.conform`), test vectors
(:mod:`~spec_engine.kit.vectors`) and the clause-to-scenario traceability
(:mod:`~spec_engine.kit.trace`). The kit uses the engine; the engine never imports the kit.
"""
