"""The conformance kit: the scenarios as a test suite for any implementation.

The driver seam (:mod:`~spec_engine.kit.driver`), the JSON-lines protocol
(:mod:`~spec_engine.kit.protocol`) and the engine behind it (:mod:`~spec_engine.kit.adapter`),
the runner and its reports (:mod:`~spec_engine.kit.conform`), test vectors
(:mod:`~spec_engine.kit.vectors`), the clause-to-scenario traceability
(:mod:`~spec_engine.kit.trace`) and the protocol's obligations each scenario exercises
(:mod:`~spec_engine.kit.obligations`). The kit uses the engine; the engine never imports the kit.
"""
