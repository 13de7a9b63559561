"""The wheel's one build step that pyproject.toml cannot say: the Gherkin features live at the
top of the repository (``features/``, one copy in git) and ship inside the kit's package
(``spec_engine/suite/features/``), where an installed kit finds them
(:data:`spec_engine.kit.trace.FEATURES`)."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithFeatures(build_py):
    """``build_py``, then the feature files copied into the built package."""

    def run(self) -> None:
        super().run()
        source = Path(__file__).resolve().parent / "features"
        target = Path(self.build_lib) / "spec_engine" / "suite" / "features"
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("*.pyc", "__pycache__"))


setup(cmdclass={"build_py": BuildWithFeatures})
