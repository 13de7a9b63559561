"""Step definitions for the play scenarios (see tests/steps.py for the shared ones)."""

from __future__ import annotations
