#!/bin/sh
# SPDX-License-Identifier: MIT
# scripts/ms-ratio end to end with a stand-in for the authors' driver (which is
# built outside the repository): a query file whose last row ends without a
# newline, every query kept (--stride 1), so that ccdbench's copy of the kept
# queries, written twice (the second copy timed), must not run one row into the
# next; one table row per d with the driver's mean and ccdbench's answers.
. "$CCD_SRCDIR/tests/support/lib.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 not found" >&2; exit 77; }
mkdir -p "$TMP/data/sample-queries/x/vertex-face"
head -n 16 "$DEFAULT_DATA/coplanar/vertex-face/queries.csv" | awk 'NR < 16 { print; next } { printf "%s", $0 }' \
  >"$TMP/data/sample-queries/x/vertex-face/data.csv"
[ "$(tail -c 1 "$TMP/data/sample-queries/x/vertex-face/data.csv" | od -An -c | tr -d ' ')" != '\n' ] ||
  fail "the query file ends with a newline"
# The driver's interface (scripts/baseline-drivers/tight-inclusion.cpp): FILE D vf|ee
# STRIDE REPS DELTA MAX_ITR; one "collides stopped" line per kept query, then the mean.
cat >"$TMP/driver" <<'DRIVER'
#!/bin/sh
n=$(grep -c . "$1")
q=$(( (n / 8 + $4 - 1) / $4 ))
i=0
while [ "$i" -lt "$q" ]; do echo "1 0"; i=$((i + 1)); done
echo "# queries $q mean_us 10.0"
DRIVER
chmod +x "$TMP/driver"
CCDBENCH="$CCDBENCH" python3 "$CCD_SRCDIR/scripts/ms-ratio" --stride 1 --reps 1 \
  --data "$TMP/data" --markdown "$TMP/driver" >"$TMP/out" 2>"$TMP/err" ||
  fail "exit $?: $(cat "$TMP/err")"
[ "$(grep -c '^| handcrafted | VF | ' "$TMP/out")" -eq 6 ] || fail "not six rows: $(cat "$TMP/out")"
grep -q '^| handcrafted | VF | 0 | 2 | 10.00 | ' "$TMP/out" || fail "d = 0: $(cat "$TMP/out")"
finish
