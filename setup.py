"""The wheel's build steps that pyproject.toml cannot say: the Gherkin features live at the
top of the repository (``features/``, one copy in git) and ship inside the kit's package
(``spec_engine/suite/features/``), where an installed kit finds them
(:data:`spec_engine.kit.trace.FEATURES`); and each language's message catalog
(``spec_engine/locale/<code>/LC_MESSAGES/messages.po``) ships compiled (``messages.mo``, fuzzy
entries left out), which :mod:`spec_engine.i18n` reads."""

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
        from babel.messages.mofile import write_mo  # the build requirement (pyproject.toml)
        from babel.messages.pofile import read_po

        for po in sorted((Path(self.build_lib) / "spec_engine" / "locale").glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=po.parent.parent.name)
            with po.with_suffix(".mo").open("wb") as handle:
                write_mo(handle, catalog, use_fuzzy=False)


setup(cmdclass={"build_py": BuildWithFeatures})
