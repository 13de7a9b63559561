"""Test configuration: the conformance suite's plugin (step definitions, clause markers, the
results recorder), so that ``tests/test_features.py`` plays the suite against the engine;
``pdf_stand_in``, for the tests of the kit's runs that never read the certificate's PDF; and
``made_up_zz``, the copy of the project with a made-up text that the tests of a new text share."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.made_up import MadeUp, made_up

pytest_plugins = ["spec_engine.suite.plugin"]

PRINTER = """#!/bin/sh
for arg; do case $arg in --print-to-pdf=*) printf '%%PDF-1.4 stand-in\\n' > "${arg#--print-to-pdf=}";; esac; done
"""
"""Writes a one-line file where Chromium would print the certificate (``--print-to-pdf=FILE``)."""


@pytest.fixture(scope="session")
def pdf_printer(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("printer") / "chromium"
    path.write_text(PRINTER, encoding="utf-8")
    path.chmod(0o755)
    return path


@pytest.fixture
def pdf_stand_in(pdf_printer: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$CHROMIUM`` (the kit's printer, :func:`spec_engine.kit.certificate.chromium`) set to a
    stand-in for the test and what it starts: a conformance run prints its certificate to PDF
    with a headless Chromium, two seconds of CPU, and the tests of the runs read the report and
    the certificate's HTML, never the PDF. The printing itself is checked where the PDF is read
    (``tests/test_certificate.py``: the PDF says what the HTML says) and by every real run (``make
    site``'s conformance reports, the README's ``blackjack-spec conform``)."""
    monkeypatch.setenv("CHROMIUM", str(pdf_printer))
    return pdf_printer


@pytest.fixture(scope="session")
def made_up_zz(tmp_path_factory: pytest.TempPathFactory) -> MadeUp:
    """A copy of the project with the made-up text added as ZZ by ``new-regulation``, made once
    per test process (``tests/made_up.py``). Read it; to change it, work on ``project.copy()``."""
    return made_up(tmp_path_factory.mktemp("made-up"))
