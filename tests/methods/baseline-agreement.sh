#!/bin/sh
# SPDX-License-Identifier: MIT
# scripts/baseline-agreement counts per set: a query the original did not finish
# ("t") is "timedout", never a disagreement, also when the original finished none
# of a file's queries (that case was once counted as "theirs only", one per query:
# an empty list of ccdbench's answers, read as awk's first file, swallowed the
# original's).  Two stand-in drivers (shell scripts, no original code): one times
# out on every query of the sample-queries file and answers yes on the scene file
# but its first query; one answers as ccdbench does (read from a run), so every
# query agrees.
. "$CCD_SRCDIR/tests/support/lib.sh"

script="$CCD_SRCDIR/scripts/baseline-agreement"
src=$(ls "$DEFAULT_DATA"/crossing/vertex-face/*.csv | head -n 1)
mkdir -p "$TMP/data/sample-queries/fam/vertex-face" "$TMP/data/scalable-ccd/scene/queries" \
  "$TMP/slow" "$TMP/same"
cp "$src" "$TMP/data/sample-queries/fam/vertex-face/data_0_0.csv"
cp "$src" "$TMP/data/scalable-ccd/scene/queries/1vf.csv"
n=$(( $(grep -c '[^[:space:]]' "$src") / 8 ))
[ "$n" -ge 2 ] || { fail "$src: fewer than 2 queries"; finish; }

cat >"$TMP/slow/fprf" <<'DRIVER'
#!/bin/sh
n=$(( $(grep -c '[^[:space:]]' "$1") / 8 ))
i=0
while [ "$i" -lt "$n" ]; do
  case $1 in
  */sample-queries/*) echo t ;;
  *) if [ "$i" -eq 0 ]; then echo t; else echo 1; fi ;;
  esac
  i=$((i + 1))
done
DRIVER
chmod +x "$TMP/slow/fprf"

export CCDBENCH
expect_status 0 "$script" --ms 0 --data "$TMP/data" "$TMP/slow" fprf
# method set kind queries both-yes both-no ours theirs timedout
row=$(awk '$2 == "sample-queries" { print $4, $5, $6, $7, $8, $9 }' "$TMP/out")
[ "$row" = "$n 0 0 0 0 $n" ] ||
  fail "all timed out: want '$n 0 0 0 0 $n', got '$row'"
row=$(awk '$2 == "scene" { print $4, $7, $9, $5 + $8 }' "$TMP/out")
[ "$row" = "$n 0 1 $((n - 1))" ] ||
  fail "one timed out, the rest yes: want queries, ours, timedout, both-yes + theirs '$n 0 1 $((n - 1))', got '$row'"

# A driver that answers as ccdbench does: everything agrees, nothing times out.
expect_status 0 "$CCDBENCH" run --methods fprf --threads 1 --per-query --json "$TMP/ours.json" \
  "$TMP/data/scalable-ccd/scene/queries/1vf.csv"
sed -n 's/.*"index": \([0-9]*\),.*"results": \[{"collides": \([01]\).*/\1 \2/p' "$TMP/ours.json" |
  sort -n | cut -d' ' -f2 >"$TMP/answers"
printf '#!/bin/sh\ncat "%s"\n' "$TMP/answers" >"$TMP/same/fprf"
chmod +x "$TMP/same/fprf"
expect_status 0 "$script" --ms 0 --data "$TMP/data/scalable-ccd" "$TMP/same" fprf
row=$(awk '$2 == "scene" { print $4, $5 + $6, $7, $8, $9 }' "$TMP/out")
[ "$row" = "$n $n 0 0 0" ] || fail "same answers: want '$n $n 0 0 0', got '$row'"
finish
