#!/bin/sh
# SPDX-License-Identifier: MIT
# scripts/run-shards (N local shards, then merge) and the job scripts of
# scripts/slurm-array.sh, run here task by task, give what one run gives (every
# timing-independent byte); a failing shard is named, leaves no OUT.json and
# keeps the finished shards, which a rerun reuses.
. "$CCD_SRCDIR/tests/support/lib.sh"

RUN_SHARDS="$CCD_SRCDIR/scripts/run-shards"
SLURM="$CCD_SRCDIR/scripts/slurm-array.sh"
export CCDBENCH
DATA="$DEFAULT_DATA"
set -- --methods exact,tight-inclusion --per-query # the run options

# untimed FILE: the result file without what depends on timing (dates, wall and
# method times, histogram buckets), plus the histograms' total counts.
untimed() {
  sed -E 's/"date": "[^"]*"//; s/"(wall|read|consume|parse|records|load)_seconds": [0-9.]+,?//g; s/"load_bytes": [0-9]+,?//;
          s/"(time_(total|min|max)|cpu_total)_ns": [0-9]+//g; s/"(truth_)?time_ns": [0-9]+//g;
          s/"times_(positive|negative)": \[.*\]/"times_\1"/' "$1"
  grep -o '"times_[a-z]*": \[.*\]' "$1" | sed -E 's/\[[^][,]+, ([0-9]+)\]/\1/g' |
    awk -F'[][,]' '{ s = 0; for (i = 2; i < NF; i++) s += $i; print $1, s }'
}
# same_run A.json B.json WHAT
same_run() {
  if [ ! -s "$2" ]; then fail "$3: no $2"; return; fi
  untimed "$1" >"$TMP/a.u"
  untimed "$2" >"$TMP/b.u"
  grep -q '"file"' "$TMP/b.u" || fail "$3: no per-query records in $2"
  cmp -s "$TMP/a.u" "$TMP/b.u" || fail "$3 differs from one run: $(diff "$TMP/a.u" "$TMP/b.u" | head -5)"
}
# calls WHAT: the ccdbench commands $TMP/flaky ran since the last call
calls() { cat "$TMP/calls" 2>/dev/null; : >"$TMP/calls"; }

expect_status 0 "$CCDBENCH" run "$@" --json "$TMP/one.json" "$DATA"

# --- run-shards: 3 shards in parallel, merged; the work directory is removed.
expect_status 0 "$RUN_SHARDS" 3 "$TMP/rs.json" "$@" "$DATA"
same_run "$TMP/one.json" "$TMP/rs.json" "run-shards 3"
[ ! -e "$TMP/rs.shards" ] || fail "run-shards left its work directory after a merge"
grep -q "3 shards merged into $TMP/rs.json" "$TMP/err" || fail "run-shards: no closing line"
# one shard is a run too; --keep keeps the shards, a different command for them
# is refused
expect_status 0 "$RUN_SHARDS" --keep --work-dir "$TMP/keep" --threads-per-shard 1 1 "$TMP/rs1.json" "$@" "$DATA"
same_run "$TMP/one.json" "$TMP/rs1.json" "run-shards 1"
[ -s "$TMP/keep/shard-0.json" ] || fail "--keep: no shard-0.json"
expect_status 2 "$RUN_SHARDS" --work-dir "$TMP/keep" 1 "$TMP/rs2.json" --methods exact "$DATA"
expect_stderr "run-shards: $TMP/keep holds shards of another command"
[ ! -e "$TMP/rs2.json" ] || fail "a refused command wrote OUT"
expect_status 2 "$RUN_SHARDS" 2 "$TMP/x.json" --json "$TMP/y.json" "$DATA"
expect_stderr "run-shards sets --shard and --json itself"
expect_status 2 "$RUN_SHARDS" 0 "$TMP/x.json" "$DATA"
expect_status 2 env CCDBENCH="$TMP/none" "$RUN_SHARDS" 2 "$TMP/x.json" "$DATA"
expect_stderr "no ccdbench at $TMP/none"

# --- a shard that fails: named with its stderr, no OUT.json, the others kept;
# the rerun runs only that shard.  $TMP/flaky is ccdbench, but shard 1 of 3
# fails while $TMP/broken exists, and shard 2 fails after writing its result
# file while $TMP/late exists (as --fail-on-method-error does).
cat >"$TMP/flaky" <<EOF
#!/bin/sh
echo "\$*" >>'$TMP/calls'
case " \$* " in
  *" --shard 1/3 "*) [ ! -e '$TMP/broken' ] || { echo "flaky: shard 1 broken on purpose" >&2; exit 3; } ;;
  *" --shard 2/3 "*) [ ! -e '$TMP/late' ] || { '$CCDBENCH' "\$@"; exit 1; } ;;
esac
exec '$CCDBENCH' "\$@"
EOF
chmod +x "$TMP/flaky"
touch "$TMP/broken" "$TMP/late"
expect_status 3 env CCDBENCH="$TMP/flaky" "$RUN_SHARDS" 3 "$TMP/f.json" "$@" "$DATA"
grep -q "^run-shards: shard 1/3 failed (exit 3): .* run --shard 1/3 " "$TMP/err" || fail "the failed shard is not named: $(cat "$TMP/err")"
grep -q "^  flaky: shard 1 broken on purpose" "$TMP/err" || fail "the failed shard's stderr is not shown"
grep -q "^run-shards: shard 2/3 failed (exit 1)" "$TMP/err" || fail "a late failure is not named: $(cat "$TMP/err")"
grep -q "shard 0/3 failed" "$TMP/err" && fail "a shard that succeeded is said to have failed"
[ "$(calls | grep -c -- '--shard')" = 3 ] || fail "not every shard ran"
[ ! -e "$TMP/f.json" ] || fail "a failed shard left OUT.json"
ls "$TMP"/f.json.tmp.* >/dev/null 2>&1 && fail "a failed shard left a temporary OUT"
[ -s "$TMP/f.shards/shard-0.json" ] || fail "the finished shard was not kept"
[ ! -e "$TMP/f.shards/shard-1.json" ] || fail "the failed shard has a result file"
[ ! -e "$TMP/f.shards/shard-2.json" ] && [ -s "$TMP/f.shards/shard-2.json.failed" ] ||
  fail "the result file of a shard that failed late was not set aside"
rm "$TMP/broken"
expect_status 1 env CCDBENCH="$TMP/flaky" "$RUN_SHARDS" 3 "$TMP/f.json" "$@" "$DATA"
grep -q "1 of 3 shards already done" "$TMP/err" || fail "the rerun does not say it reuses shard 0"
calls | grep -- '--shard' | sed 's/.*--shard \([0-9/]*\) .*/\1/' | sort >"$TMP/ran"
[ "$(tr '\n' ' ' <"$TMP/ran")" = "1/3 2/3 " ] || fail "the rerun did not run shards 1 and 2 alone: $(cat "$TMP/ran")"
[ -s "$TMP/f.shards/shard-1.json" ] || fail "the rerun shard 1 has no result file"
[ ! -e "$TMP/f.json" ] || fail "a late failure left OUT.json"
rm "$TMP/late"
expect_status 0 env CCDBENCH="$TMP/flaky" "$RUN_SHARDS" 3 "$TMP/f.json" "$@" "$DATA"
calls | grep -- '--shard' >"$TMP/ran"
[ "$(wc -l <"$TMP/ran")" -eq 1 ] && grep -q -- '--shard 2/3 ' "$TMP/ran" ||
  fail "the second rerun did not run shard 2 alone: $(cat "$TMP/ran")"
same_run "$TMP/one.json" "$TMP/f.json" "run-shards after reruns"

# A real input error (a corrupt CSV in a copy of the data) fails every shard
# with ccdbench's located message; fixed, the same command completes.
cp -R "$DATA" "$TMP/data"
csv=$(find "$TMP/data" -name '*.csv' | sort | head -n 1)
cp "$csv" "$TMP/good.csv"
echo "1,2,garbage" >>"$csv"
expect_status 2 "$RUN_SHARDS" 3 "$TMP/c.json" "$@" "$TMP/data"
grep -q "^run-shards: shard 0/3 failed (exit 2)" "$TMP/err" || fail "the corrupt data: shard 0 not named"
grep -q "^  $csv:[0-9]*:[0-9]*: " "$TMP/err" || fail "the corrupt data: no located error: $(cat "$TMP/err")"
[ ! -e "$TMP/c.json" ] || fail "the corrupt data left OUT.json"
cp "$TMP/good.csv" "$csv"
expect_status 0 "$RUN_SHARDS" 3 "$TMP/c.json" "$@" "$TMP/data"
expect_status 0 "$CCDBENCH" run "$@" --json "$TMP/c1.json" "$TMP/data"
same_run "$TMP/c1.json" "$TMP/c.json" "run-shards on the fixed copy"

# --- the Slurm recipe without Slurm: --dry-run writes and prints the job
# scripts; every array task, then the merge job, run here.
slurm() { "$SLURM" --cpus-per-task 1 --report-option --no-render "$@"; }
expect_status 0 slurm --dry-run --work-dir "$TMP/sl" 3 "$TMP/sl.json" "$@" "$DATA"
grep -q '^#SBATCH --array=0-2$' "$TMP/out" || fail "dry run: no array of 3 tasks"
grep -q "sbatch --parsable --dependency=afterok:.* $TMP/sl/merge.sbatch" "$TMP/out" || fail "dry run: no dependent merge job"
[ -e "$TMP/sl.json" ] || [ -e "$TMP/sl/shard-0.json" ] && fail "dry run ran something"
run_tasks() { # run_tasks WORKDIR STATUS...: every array task, with its expected status
  w=$1; shift
  for i in 0 1 2; do
    expect_status "$1" env SLURM_ARRAY_TASK_ID=$i sh "$w/array.sbatch"; shift
    cp "$TMP/err" "$TMP/task-$i.err"
  done
}
run_tasks "$TMP/sl" 0 0 0
expect_status 0 sh "$TMP/sl/merge.sbatch"
same_run "$TMP/one.json" "$TMP/sl.json" "slurm-array.sh's jobs"
same_run "$TMP/rs.json" "$TMP/sl.json" "slurm-array.sh's jobs against run-shards"
[ -s "$TMP/sl.report/table1.csv" ] || fail "the merge job wrote no report"
env -u SLURM_ARRAY_TASK_ID sh "$TMP/sl/array.sbatch" >"$TMP/out" 2>"$TMP/err" &&
  fail "an array task ran without SLURM_ARRAY_TASK_ID"
grep -q "the shard index" "$TMP/err" || fail "no SLURM_ARRAY_TASK_ID: $(cat "$TMP/err")"
# submitted through a stand-in sbatch: the merge job depends on the array job
mkdir "$TMP/bin"
cat >"$TMP/bin/sbatch" <<EOF
#!/bin/sh
echo "\$*" >>'$TMP/sbatch.log'
[ -e '$TMP/sbatch.1' ] && echo 4243 || { touch '$TMP/sbatch.1'; echo '4242;cluster'; }
EOF
chmod +x "$TMP/bin/sbatch"
expect_status 0 env PATH="$TMP/bin:$PATH" "$SLURM" --work-dir "$TMP/sl" 3 "$TMP/sl.json" "$@" "$DATA"
printf '%s\n' "--parsable $TMP/sl/array.sbatch" \
  "--parsable --dependency=afterok:4242 $TMP/sl/merge.sbatch" >"$TMP/want.log"
cmp -s "$TMP/want.log" "$TMP/sbatch.log" || fail "sbatch calls: $(cat "$TMP/sbatch.log")"
grep -q "array job 4242 (3 shards), merge job 4243" "$TMP/out" || fail "submission: $(cat "$TMP/out")"
expect_status 2 "$SLURM" --dry-run --work-dir "$TMP/sl" 2 "$TMP/sl.json" "$@" "$DATA"
expect_stderr "holds shards of another command"

# A failing task through the recipe: no result file, the merge job fails
# without writing OUT, the rerun runs that task only.
touch "$TMP/broken"
expect_status 0 env CCDBENCH="$TMP/flaky" "$SLURM" --dry-run --work-dir "$TMP/sf" 3 "$TMP/sf.json" "$@" "$DATA"
run_tasks "$TMP/sf" 0 3 0
grep -q "flaky: shard 1 broken on purpose" "$TMP/task-1.err" || fail "task 1's stderr"
grep -q "shard 1/3 failed (exit 3)" "$TMP/task-1.err" || fail "task 1 does not say it failed"
expect_status 2 sh "$TMP/sf/merge.sbatch"
[ ! -e "$TMP/sf.json" ] || fail "a merge job after a failed task wrote OUT"
rm "$TMP/broken"
calls >/dev/null
run_tasks "$TMP/sf" 0 0 0
calls | grep -- '--shard' >"$TMP/ran"
[ "$(wc -l <"$TMP/ran")" -eq 1 ] && grep -q -- '--shard 1/3 ' "$TMP/ran" ||
  fail "the rerun of the tasks did not run task 1 alone: $(cat "$TMP/ran")"
expect_status 0 sh "$TMP/sf/merge.sbatch"
same_run "$TMP/one.json" "$TMP/sf.json" "slurm-array.sh's jobs after a rerun"
finish
