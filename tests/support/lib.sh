# SPDX-License-Identifier: MIT
# Shared set-up of the shell tests of the ccdbench program (sourced).
set -u
: "${CCD_SRCDIR:?run through make check, or set CCD_SRCDIR and CCD_BUILDDIR}"
: "${CCD_BUILDDIR:?run through make check, or set CCD_SRCDIR and CCD_BUILDDIR}"
CCDBENCH="$CCD_BUILDDIR/src/cli/ccdbench"
DEFAULT_DATA="$CCD_SRCDIR/datasets/default"
PLUGIN_DIR="$CCD_BUILDDIR/tests/plugin/.libs"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/ccdbench-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# expect_status WANT CMD...: run CMD with stdout/stderr in $TMP/out, $TMP/err.
expect_status() {
  want=$1; shift
  "$@" >"$TMP/out" 2>"$TMP/err"
  got=$?
  if [ "$got" -ne "$want" ]; then
    fail "exit status $got, expected $want: $*"
    sed 's/^/  stderr: /' "$TMP/err" >&2
  fi
}

# expect_stderr REGEX: the first line of the last command's stderr matches.
expect_stderr() {
  if ! head -n 1 "$TMP/err" | grep -Eq -- "$1"; then
    fail "stderr does not match /$1/: $(head -n 1 "$TMP/err")"
  fi
}

# full_tier_only WHY: a test of the full tier alone (docs/testing.md) skips in the
# fast one, saying so.
full_tier_only() {
  if [ "${CCD_TEST_TIER:-fast}" != full ]; then
    echo "SKIP: full tier only ($1); run make check-full" >&2
    exit 77
  fi
}

# stage_install: `make install DESTDIR=$TMP/stage` of this build (the nested make
# without the jobserver of the make running the tests); sets stage, and pc, lib
# and bin (ccdbench.pc, libccdbench.so, bin/ccdbench) when the install has them.
# A failed install fails the test and finishes it.
stage_install() {
  stage="$TMP/stage"
  (unset MAKEFLAGS MFLAGS MAKELEVEL; ${MAKE:-make} -C "$CCD_BUILDDIR" install DESTDIR="$stage") \
    >"$TMP/install.log" 2>&1 || { cat "$TMP/install.log" >&2; fail "make install DESTDIR failed"; finish; }
  pc=$(find "$stage" -name ccdbench.pc | head -n 1)
  lib=$(find "$stage" -name 'libccdbench.so*' | head -n 1)
  bin=$(find "$stage" -path '*/bin/ccdbench' | head -n 1)
}

finish() {
  if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)" >&2
    exit 1
  fi
  exit 0
}

# untimed FILE: a result file without what depends on timing (the date, wall
# and method times, histogram buckets) or on the processes that split the work
# (the bytes read: each MPI rank and shard reads every file), to compare two
# runs of the same work.
untimed() {
  sed -E 's/"date": "[^"]*"//; s/"(wall|read|consume|parse|records|load)_seconds": [0-9.e+-]+,?//g;
          s/"load_bytes": [0-9]+,?//;
          s/"(time_(total|min|max)|cpu_total)_ns": [0-9]+//g; s/"(truth_)?time_ns": [0-9]+//g;
          s/"times_(positive|negative)": \[.*\]/"times_\1"/' "$1"
}
