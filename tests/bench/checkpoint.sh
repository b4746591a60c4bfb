#!/bin/sh
# SPDX-License-Identifier: MIT
# `run --json OUT --checkpoint DIR`: a run killed half-way (SIGKILL) and
# restarted with the same arguments writes the result file of an uninterrupted
# run (timings aside), reading back the files done; other arguments are refused.
. "$CCD_SRCDIR/tests/support/lib.sh"

# Four generated families (12 files): zero-area's vertex-face queries are slow
# enough for the kill to land half-way (all fourteen take a minute a run).
data="$TMP/generated"
mkdir -p "$data"
for family in near-miss rational scaled zero-area; do
  cp -R "$CCD_SRCDIR/datasets/generated/$family" "$data/"
done
# tight-inclusion with the three axes alone (as published), under a name of its
# own: the degenerate generated queries take it long enough for the kill to land
# half-way (with exclude=adaptive, the default, the whole run took less than the
# kill's polling), and a checkpoint does not depend on the method's options
set -- --methods exact,tight-inclusion@axes --param tight-inclusion@axes.exclude=axes \
  --threads 1 --per-query --truth exact
files=$(find "$data" -name '*.csv' | wc -l)

expect_status 0 "$CCDBENCH" run "$@" --json "$TMP/A.json" "$data"

# Killed once a file or two is done, then restarted.
"$CCDBENCH" run "$@" --checkpoint "$TMP/ck" --json "$TMP/B.json" "$data" \
  >"$TMP/killed.out" 2>"$TMP/killed.err" &
pid=$!
tries=0
while [ "$(find "$TMP/ck" -name 'unit-*.json' 2>/dev/null | wc -l)" -lt 1 ] && [ $tries -lt 600 ]; do
  kill -0 $pid 2>/dev/null || break
  sleep 0.05
  tries=$((tries + 1))
done
kill -KILL $pid 2>/dev/null
wait $pid 2>/dev/null
done_units=$(find "$TMP/ck" -name 'unit-*.json' | wc -l)
[ "$done_units" -ge 1 ] || fail "no file finished before the kill: $(cat "$TMP/killed.err")"
[ "$done_units" -lt "$files" ] || echo "note: every file was done before the kill" >&2
[ ! -e "$TMP/B.json" ] || fail "a killed run left a result file"

expect_status 0 "$CCDBENCH" run "$@" --checkpoint "$TMP/ck" --json "$TMP/B.json" "$data"
grep -q "ccdbench: --checkpoint .*: $done_units of $files files read back" "$TMP/err" ||
  fail "the restart did not read back the $done_units files done: $(cat "$TMP/err")"
untimed "$TMP/A.json" >"$TMP/A.u"
untimed "$TMP/B.json" >"$TMP/B.u"
cmp -s "$TMP/A.u" "$TMP/B.u" ||
  fail "the resumed run differs from one run: $(diff "$TMP/A.u" "$TMP/B.u" | head -5)"
# The timings of the files read back are the original ones: a second restart
# (everything done) writes the same file, timings included (but the date, the
# first unit's, is the same too).
expect_status 0 "$CCDBENCH" run "$@" --checkpoint "$TMP/ck" --json "$TMP/C.json" "$data"
grep -q ": $files of $files files read back" "$TMP/err" || fail "second restart: $(cat "$TMP/err")"
cmp -s "$TMP/B.json" "$TMP/C.json" || fail "a restart with every file done changed the timings"

# Other arguments: refused with one message, nothing written.
expect_status 2 "$CCDBENCH" run --methods exact --threads 1 --per-query --truth exact \
  --checkpoint "$TMP/ck" --json "$TMP/D.json" "$data"
expect_stderr "ck: checkpoint made by another run \(methods: 'exact' here, 'exact,tight-inclusion@axes' in the checkpoint\)"
[ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "more than one message: $(cat "$TMP/err")"
[ ! -e "$TMP/D.json" ] || fail "a refused run wrote its result file"
expect_status 2 "$CCDBENCH" run "$@" --delta 1e-3 --checkpoint "$TMP/ck" --json "$TMP/D.json" "$data"
expect_stderr "checkpoint made by another run \(run 0: "
expect_status 2 "$CCDBENCH" run "$@" --checkpoint "$TMP/ck" --json "$TMP/D.json" "$DEFAULT_DATA"
expect_stderr "checkpoint made by another run \(data: "
expect_status 2 "$CCDBENCH" run --methods exact --checkpoint "$TMP/ck2" "$data"
expect_stderr "--checkpoint: needs --json FILE"

# A sweep: each file holds every sweep value; the same file as without.
set -- --methods tight-inclusion,fprf --threads 1 --sweep delta=1e-2,1e-6 "$DEFAULT_DATA"
expect_status 0 "$CCDBENCH" run "$@" --json "$TMP/S1.json"
expect_status 0 "$CCDBENCH" run "$@" --checkpoint "$TMP/cks" --json "$TMP/S2.json"
rm -f "$(find "$TMP/cks" -name 'unit-*-000003.json')" # as if cut off there
expect_status 0 "$CCDBENCH" run "$@" --checkpoint "$TMP/cks" --json "$TMP/S3.json"
grep -q "files read back" "$TMP/err" || fail "sweep: nothing read back: $(cat "$TMP/err")"
untimed "$TMP/S1.json" >"$TMP/S1.u"
for s in S2 S3; do
  untimed "$TMP/$s.json" >"$TMP/$s.u"
  cmp -s "$TMP/S1.u" "$TMP/$s.u" ||
    fail "sweep $s differs from one run: $(diff "$TMP/S1.u" "$TMP/$s.u" | head -5)"
done
finish
