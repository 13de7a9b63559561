"""Step definitions for the play scenarios (see spec_engine/suite/steps.py for the shared ones)."""

from __future__ import annotations
