# SPDX-License-Identifier: MIT
"""Build ccdbench._core against an installed libccdbench, found with
pkg-config (`pkg-config --cflags --libs ccdbench`; set PKG_CONFIG_PATH for a
prefix other than /usr or /usr/local)."""
import shlex
import subprocess

import numpy
from setuptools import Extension, setup


def pkg_config(*args):
    try:
        out = subprocess.run(["pkg-config", *args, "ccdbench"], check=True,
                             capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise SystemExit("ccdbench's Python package needs the installed C library: "
                         "pkg-config ccdbench failed (install ccdbench, or set "
                         f"PKG_CONFIG_PATH to its lib/pkgconfig): {e}")
    return shlex.split(out)


cflags = pkg_config("--cflags")
libs = pkg_config("--libs")
rpath = [a[2:] for a in libs if a.startswith("-L")]

setup(
    packages=["ccdbench"],
    exclude_package_data={"ccdbench": ["*.c"]},
    ext_modules=[Extension(
        "ccdbench._core", ["ccdbench/_core.c"],
        include_dirs=[numpy.get_include()] + [a[2:] for a in cflags if a.startswith("-I")],
        extra_compile_args=["-fopenmp"] + [a for a in cflags if not a.startswith("-I")],
        extra_link_args=["-fopenmp"] + libs + ["-lgmp"] + [f"-Wl,-rpath,{d}" for d in rpath],
    )],
)
