"""Builds the compiled core (unokit/fast/_ccore.c and its headers) and puts the docs the package reads at
run time (docs/**/*.md: `unokit rules explain` shows a rule's page) into the built package as
unokit/docs/; everything else is in pyproject.toml."""
import shutil
from glob import glob
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py


class BuildPyWithDocs(build_py):
    """build_py, then docs/**/*.md copied to unokit/docs/ in the build (a checkout reads them from docs/)."""

    def run(self):
        super().run()
        for md in sorted(glob("docs/**/*.md", recursive=True)):
            target = Path(self.build_lib) / "unokit" / md
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(md, target)


setup(ext_modules=[Extension("unokit.fast._ccore", ["unokit/fast/_ccore.c"], depends=sorted(glob("unokit/fast/*.h")),
                             extra_compile_args=["-O3", "-std=c11", "-Wall", "-Wno-unused-function"],
                             optional=False)],
      cmdclass={"build_py": BuildPyWithDocs})
