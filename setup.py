"""The wheel's build steps that pyproject.toml cannot say:

* the Gherkin features live at the top of the repository (``features/``, one copy in git) and
  ship inside the kit's package (``spec_engine/suite/features/``), where an installed kit finds
  them (:data:`spec_engine.kit.trace.FEATURES`);
* each language's message catalog (``spec_engine/locale/<code>/LC_MESSAGES/messages.po``) ships
  compiled (``messages.mo``, fuzzy entries left out), which :mod:`spec_engine.i18n` reads;
* the compiled engine (``build/compiled/spec_engine/``, ``make compiled``) ships in
  ``spec_engine/_compiled/`` when it was built from this very source, and the wheel is then one
  for this Python and platform; otherwise the wheel is pure Python and says so in one line."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _compiled_build() -> Path | None:
    """The checkout's compiled engine, if it was built from the source as it is now."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import compile_engine
    finally:
        sys.path.pop(0)
    if compile_engine.current():
        return compile_engine.LIB
    print("blackjack-spec wheel: no current compiled engine (make compiled): the wheel is pure Python", file=sys.stderr)
    return None


COMPILED = _compiled_build()


class BuildWithFeatures(build_py):
    """``build_py``, then the feature files, the compiled catalogs and the compiled engine in the built package."""

    def run(self) -> None:
        super().run()
        source = ROOT / "features"
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
        if COMPILED is not None:
            compiled = Path(self.build_lib) / "spec_engine" / "_compiled"
            if compiled.exists():
                shutil.rmtree(compiled)
            shutil.copytree(COMPILED, compiled)


class EngineDistribution(Distribution):
    """A distribution whose wheel is tagged for this Python and platform when it carries the
    compiled engine (its modules are C extensions, though setuptools builds none of them)."""

    def has_ext_modules(self) -> bool:
        return COMPILED is not None or super().has_ext_modules()


setup(cmdclass={"build_py": BuildWithFeatures}, distclass=EngineDistribution)
