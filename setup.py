"""Builds the compiled core (unokit/fast/_ccore.c and its headers); everything else is in pyproject.toml."""
from glob import glob

from setuptools import Extension, setup

setup(ext_modules=[Extension("unokit.fast._ccore", ["unokit/fast/_ccore.c"], depends=sorted(glob("unokit/fast/*.h")),
                             extra_compile_args=["-O3", "-std=c11", "-Wall", "-Wno-unused-function"],
                             optional=False)])
