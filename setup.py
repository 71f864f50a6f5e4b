"""Builds the compiled core (unokit/fast/_ccore.c); everything else is in pyproject.toml."""
from setuptools import Extension, setup

setup(ext_modules=[Extension("unokit.fast._ccore", ["unokit/fast/_ccore.c"],
                             extra_compile_args=["-O3", "-std=c11", "-Wall", "-Wno-unused-function"],
                             optional=False)])
