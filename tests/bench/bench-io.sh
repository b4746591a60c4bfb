#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench bench io`: progress on stderr while it writes (here not a terminal:
# a line per file), and --dir is created when missing (one level) and refused
# when it is something else than a directory; a size the disk cannot hold is
# refused before anything is written; a signal takes the temporary files along.
. "$CCD_SRCDIR/tests/support/lib.sh"

expect_status 0 "$CCDBENCH" bench io --queries 200 --dir "$TMP/new"
[ -d "$TMP/new" ] || fail "bench io --dir: the directory was not created"
for f in bench-io-20.csv bench-io-20.csv.gz bench-io-200.csv bench-io-200.csv.gz; do
  [ -f "$TMP/new/$f" ] || fail "bench io --dir: $f not kept"
  grep -q "^bench io: writing $TMP/new/$f (" "$TMP/err" || fail "bench io: no progress line for $f"
done
grep -q "^bench io: created $TMP/new\$" "$TMP/err" || fail "bench io: does not say it created --dir"
[ "$(grep -c '^ *200  ' "$TMP/out")" -eq 2 ] || fail "bench io: not two rows for 200 queries"

# An existing directory is used as it is.
expect_status 0 "$CCDBENCH" bench io --queries 20 --dir "$TMP/new"
grep -q 'created' "$TMP/err" && fail "bench io: says it created an existing directory"

# Not a directory, or more than one level missing: exit 2, one line.
: >"$TMP/file"
expect_status 2 "$CCDBENCH" bench io --queries 20 --dir "$TMP/file"
expect_stderr "^ccdbench: --dir: '$TMP/file' exists and is not a directory\$"
expect_status 2 "$CCDBENCH" bench io --queries 20 --dir "$TMP/a/b"
expect_stderr "^ccdbench: --dir: cannot create '$TMP/a/b': No such file or directory\$"
[ -e "$TMP/a" ] && fail "bench io: created a parent of --dir"

# More than the disk holds: exit 2 at once, nothing written, no directory left
# (it started writing petabytes).
mkdir "$TMP/t"
expect_status 2 env TMPDIR="$TMP/t" "$CCDBENCH" bench io --queries 99999999999999
expect_stderr "^ccdbench: bench io: --queries 99999999999999 needs about 1\.1e\+08 GB in the temporary directory, which has .* GB free\$"
[ -z "$(ls -A "$TMP/t")" ] || fail "bench io: left $(ls -A "$TMP/t")"
expect_status 2 "$CCDBENCH" bench io --queries 99999999999999 --dir "$TMP/huge"
[ -e "$TMP/huge" ] && fail "bench io: kept the --dir it made for a size it refused"

# SIGTERM while it writes: the temporary directory goes, with what was in it.
env TMPDIR="$TMP/t" "$CCDBENCH" bench io --queries 3000000 >/dev/null 2>&1 &
pid=$!
i=0
while [ $i -lt 200 ] && [ -z "$(find "$TMP/t" -name '*.csv*' 2>/dev/null)" ]; do
  sleep 0.05; i=$((i + 1))
done
kill -TERM $pid 2>/dev/null
wait $pid
[ -z "$(ls -A "$TMP/t")" ] || fail "bench io: SIGTERM left $(find "$TMP/t")"
finish
