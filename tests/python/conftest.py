# SPDX-License-Identifier: MIT
"""Shared fixtures of the Python package's tests (run by tests/python/pytest.sh
under `make check`, against the build tree's ccdbench package and program)."""
import os
import subprocess

import pytest


def _env(name):
    value = os.environ.get(name)
    if not value:
        pytest.exit(f"{name} is not set: run through make check (tests/python/pytest.sh)", 2)
    return value


@pytest.fixture(scope="session")
def srcdir():
    return _env("CCD_SRCDIR")


@pytest.fixture(scope="session")
def builddir():
    return _env("CCD_BUILDDIR")


@pytest.fixture(scope="session")
def cli(builddir):
    """Run the ccdbench program: cli(args...) -> CompletedProcess (text)."""
    program = os.path.join(builddir, "src", "cli", "ccdbench")

    def call(*args, check=True):
        return subprocess.run([program, *map(str, args)], capture_output=True, text=True,
                              check=check)
    return call


@pytest.fixture(scope="session")
def shared_data():
    path = os.environ.get("CCD_SHARED_DATA", "")
    if not os.path.isdir(path):
        pytest.skip(f"the shared data is absent ({path or 'CCD_SHARED_DATA unset'})")
    return path


@pytest.fixture(scope="session")
def full_tier():
    return os.environ.get("CCD_TEST_TIER", "fast") == "full"
