#!/bin/sh
# SPDX-License-Identifier: MIT
# The Python package's tests (tests/python/test_*.py) with pytest, against the
# build tree: its ccdbench package (PYTHONPATH=<builddir>/python) and program.
# Skipped, saying why, when configure built no package (no Python 3 with NumPy
# and its headers, or a sanitizer build) or pytest is missing.
. "$CCD_SRCDIR/tests/support/lib.sh"
if [ -z "${CCD_PYTHON:-}" ]; then
  echo "SKIP: the Python package is not built (configure: no Python 3 with NumPy and its headers, or --enable-sanitizers)" >&2
  exit 77
fi
if ! "$CCD_PYTHON" -c 'import pytest' 2>/dev/null; then
  echo "SKIP: pytest is missing for $CCD_PYTHON (apt: python3-pytest)" >&2
  exit 77
fi
cd "$TMP" || exit 1
PYTHONPATH="$CCD_BUILDDIR/python${PYTHONPATH:+:$PYTHONPATH}" PYTHONDONTWRITEBYTECODE=1 \
  "$CCD_PYTHON" -m pytest -q -p no:cacheprovider -o console_output_style=classic \
  --rootdir="$CCD_SRCDIR/tests/python" "$CCD_SRCDIR/tests/python"
