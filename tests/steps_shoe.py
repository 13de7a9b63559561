"""Step definitions for the shoe scenarios (see tests/steps.py for the shared ones)."""

from __future__ import annotations
