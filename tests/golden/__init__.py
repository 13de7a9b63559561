"""Golden data the tests compare against: the digests of every test vector's event log
(``vector_logs.json``). ``python -m tests.golden`` updates them and says which changed."""
