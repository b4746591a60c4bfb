#!/bin/sh
# SPDX-License-Identifier: MIT
# The Python package installed the way a user installs it: `make install` of
# this build into a staging directory, then `pip install --no-build-isolation
# ./python` (into a target directory) against the staged library, found with
# pkg-config; the installed package imports from outside the build tree and
# answers as the staged program does.  Skipped, saying why, without the
# package's Python (configure), pkg-config or pip.
. "$CCD_SRCDIR/tests/support/lib.sh"

[ -n "${CCD_PYTHON:-}" ] || { echo "SKIP: the Python package is not built (configure)"; exit 77; }
command -v "${PKG_CONFIG:-pkg-config}" >/dev/null 2>&1 || { echo "SKIP: no pkg-config"; exit 77; }
"$CCD_PYTHON" -m pip --version >/dev/null 2>&1 ||
  { echo "SKIP: no pip for $CCD_PYTHON (apt: python3-pip)"; exit 77; }
stage_install
[ -n "$pc" ] && [ -n "$lib" ] && [ -n "$bin" ] ||
  { fail "install is missing ccdbench.pc, libccdbench.so or bin/ccdbench"; finish; }

# From a copy: the source tree is read-only under `make distcheck`.
cp -R "$CCD_SRCDIR/python" "$TMP/python"
chmod -R u+w "$TMP/python"
rm -rf "$TMP/python/ccdbench/"_core*.so "$TMP/python/ccdbench/__pycache__"
PKG_CONFIG_PATH=$(dirname "$pc") PKG_CONFIG_SYSROOT_DIR=$stage PIP_NO_INDEX=1 \
  "$CCD_PYTHON" -m pip install -q --no-build-isolation --no-deps --target "$TMP/site" \
  "$TMP/python" >"$TMP/pip.log" 2>&1 ||
  { cat "$TMP/pip.log" >&2; fail "pip install ./python failed"; finish; }
[ -f "$TMP/site/ccdbench/__init__.py" ] || fail "pip installed no ccdbench package"

# Outside the build tree: its library is the staged one, its answers the program's.
export LD_LIBRARY_PATH="$(dirname "$lib")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
expect_status 0 "$bin" truth --output "$TMP/truth" "$DEFAULT_DATA"
cd "$TMP" || exit 1
PYTHONPATH="$TMP/site" PYTHONDONTWRITEBYTECODE=1 "$CCD_PYTHON" - "$DEFAULT_DATA" "$TMP/truth" \
  "$TMP/site" >"$TMP/py.out" 2>&1 <<'PY' || { cat "$TMP/py.out" >&2; fail "the installed package"; }
import os, sys
import ccdbench
data, truth, site = sys.argv[1:]
assert ccdbench.__file__.startswith(site), ccdbench.__file__
q = ccdbench.read(data)
e = ccdbench.exact(q)
for i in range(len(q)):
    f = q.files[q.file[i]]["csv_path"]
    rel = os.path.relpath(f, data)
    rel = rel[:-7] if rel.endswith(".csv.gz") else rel[:-4]
    with open(os.path.join(truth, rel + ".truth.csv")) as t:
        row = t.read().splitlines()[1 + q.index[i]].split(",")
    assert bool(e.collides[i]) == (row[1] == "1"), (f, q.index[i])
print(len(q), "queries agree")
PY
grep -q "queries agree" "$TMP/py.out" || fail "no agreement reported: $(cat "$TMP/py.out")"
finish
