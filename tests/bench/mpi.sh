#!/bin/sh
# SPDX-License-Identifier: MIT
# `run` and `truth` in an MPI job (docs/mpi.md): with 1, 2 and 3 ranks on this
# machine the result file is the single process's (timings aside), the table is
# printed once, the truth files are the same bytes; a failure is said once and
# ends the job with its status, and a rank that dies ends the job instead of
# leaving the others waiting.  Skipped (77) without MPI or mpirun.
. "$CCD_SRCDIR/tests/support/lib.sh"

if [ "${CCD_MPI:-no}" != yes ]; then
  echo "ccdbench is built without MPI (configure found no Open MPI): skipped"
  exit 77
fi
command -v mpirun >/dev/null 2>&1 || { echo "no mpirun on PATH: skipped"; exit 77; }
# The sanitizer build: Open MPI's components, loaded with dlopen and closed at
# MPI_Finalize, leave allocations LeakSanitizer reports from "<unknown module>"
# (no library name a suppression could match), so the job cannot pass there.
if [ -n "${CCD_SANITIZER_CFLAGS:-}" ]; then
  echo "sanitizer build: Open MPI's closed components show as leaks there: skipped"
  exit 77
fi
# Loopback only, in a container too (as root, no shared-memory single copy, no
# binding: the ranks and their OpenMP threads share the cores).
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_hwloc_base_binding_policy=none
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_btl \
  OMPI_MCA_btl_vader_single_copy_mechanism OMPI_MCA_rmaps_base_oversubscribe \
  OMPI_MCA_hwloc_base_binding_policy
# A hang fails the test instead of stopping `make check`.
mpi() { # mpi N ARGS...: ccdbench ARGS in a job of N ranks
  n=$1; shift
  timeout 300 mpirun -n "$n" "$CCDBENCH" "$@"
}

# run: the result file of every job is the single process's, but for timings.
args="--methods fprf,root-parity,tight-inclusion --truth exact --per-query --threads 1"
expect_status 0 "$CCDBENCH" run $args --json "$TMP/one.json" "$DEFAULT_DATA"
untimed "$TMP/one.json" >"$TMP/one.u"
for n in 1 2 3; do
  expect_status 0 mpi $n run $args --json "$TMP/mpi$n.json" "$DEFAULT_DATA"
  [ -s "$TMP/err" ] && fail "-n $n: stderr not empty: $(head -3 "$TMP/err")"
  [ "$(grep -c '^Per method, all queries' "$TMP/out")" = 1 ] ||
    fail "-n $n: the table is not printed once: $(head -5 "$TMP/out")"
  untimed "$TMP/mpi$n.json" >"$TMP/mpi$n.u"
  cmp -s "$TMP/one.u" "$TMP/mpi$n.u" ||
    fail "-n $n: the result file differs from one process's: $(diff "$TMP/one.u" "$TMP/mpi$n.u" | head -5)"
done
grep -q '"shard": {"index": 0, "count": 1' "$TMP/mpi3.json" ||
  fail "-n 3: the result file is not that of a whole run"
# A sweep without --json: the same counts in the sweep table (csv, times dropped).
sweep="--methods tight-inclusion --sweep delta=1e-6,1e-3 --format csv --threads 1"
expect_status 0 "$CCDBENCH" run $sweep "$DEFAULT_DATA"
cut -d, -f1-4,8- "$TMP/out" >"$TMP/sweep1"
expect_status 0 mpi 2 run $sweep "$DEFAULT_DATA"
cut -d, -f1-4,8- "$TMP/out" >"$TMP/sweep2"
[ "$(wc -l <"$TMP/sweep2")" -gt 1 ] || fail "sweep under MPI: no table"
cmp -s "$TMP/sweep1" "$TMP/sweep2" || fail "sweep under MPI: $(diff "$TMP/sweep1" "$TMP/sweep2" | head -4)"

# truth: the same files, the same summary line.
expect_status 0 "$CCDBENCH" truth --verify --output "$TMP/t1" "$DEFAULT_DATA"
head -n 1 "$TMP/err" >"$TMP/t1.err"
expect_status 0 mpi 3 truth --verify --output "$TMP/t3" "$DEFAULT_DATA"
head -n 1 "$TMP/err" >"$TMP/t3.err"
cmp -s "$TMP/t1.err" "$TMP/t3.err" || fail "truth -n 3: $(cat "$TMP/t3.err"), not $(cat "$TMP/t1.err")"
diff -r "$TMP/t1" "$TMP/t3" >"$TMP/diff" || fail "truth -n 3: other files: $(head -5 "$TMP/diff")"

# Bad input every rank reads: said once (by rank 0), exit 2 from mpirun.
cp -r "$DEFAULT_DATA" "$TMP/bad"
file=$(find "$TMP/bad" -name '*.csv' | sort | head -n 1)
echo "1,2,x" >>"$file"
for cmd in "run --methods fprf" "truth"; do
  expect_status 2 mpi 2 $cmd "$TMP/bad"
  [ "$(grep -c "^$file:[0-9]*:[0-9]*: " "$TMP/err")" = 1 ] ||
    fail "$cmd -n 2, bad input: not one message: $(head -5 "$TMP/err")"
done
# Options are refused once too.
expect_status 2 mpi 2 run --shard 0/2 "$DEFAULT_DATA"
[ "$(grep -c -- '--shard: not in an MPI job of 2 ranks' "$TMP/err")" = 1 ] ||
  fail "--shard under MPI: $(head -3 "$TMP/err")"
expect_status 2 mpi 3 run --threads 0 "$DEFAULT_DATA"
[ "$(grep -c -- '--threads' "$TMP/err")" = 1 ] || fail "bad --threads under MPI: $(head -3 "$TMP/err")"

# A rank that dies (a plugin method calling exit(3) on query 1 of the one file,
# which is rank 1's, run in-process): the job ends, not hangs.
if [ -f "$PLUGIN_DIR/misbehaving.so" ]; then
  mkdir -p "$TMP/one/edge-edge"
  cp "$(find "$DEFAULT_DATA/crossing/edge-edge" -name '*.csv' | sort | head -n 1)" \
    "$TMP/one/edge-edge/"
  expect_status 0 mpi 2 run --plugin "$PLUGIN_DIR/misbehaving.so" --methods test-exit3 \
    --isolate "$TMP/one"
  timeout 300 mpirun -n 2 "$CCDBENCH" run --plugin "$PLUGIN_DIR/misbehaving.so" \
    --methods test-exit3 --no-isolate "$TMP/one" >"$TMP/out" 2>"$TMP/err"
  got=$?
  [ "$got" -ne 0 ] && [ "$got" -ne 124 ] ||
    fail "a rank that exits: job status $got (124: it hung)"
fi

# The MPI calls are a module (src/bench/mpi_backend.h) that only a job loads:
# neither the program nor the library links libmpi (0.6 ms of every start, and
# Open MPI in every program using libccdbench); a job whose module cannot be
# loaded fails, saying which and why.
if command -v ldd >/dev/null 2>&1; then
  for binary in "$CCDBENCH" "$CCD_BUILDDIR/.libs/libccdbench.so"; do
    ! ldd "$binary" | grep -q libmpi || fail "$binary links libmpi: $(ldd "$binary" | grep mpi)"
  done
fi
expect_status 0 "$CCDBENCH" --version
CCDBENCH_MPI_MODULE=$TMP/none.so
export CCDBENCH_MPI_MODULE
timeout 300 mpirun -x CCDBENCH_MPI_MODULE -n 2 "$CCDBENCH" run --methods fprf "$DEFAULT_DATA" \
  >"$TMP/out" 2>"$TMP/err"
got=$?
unset CCDBENCH_MPI_MODULE
[ "$got" -ne 0 ] && [ "$got" -ne 124 ] || fail "no MPI module: job status $got"
grep -q "started as one of 2 MPI ranks, but its MPI module (ccdbench-mpi.so) cannot be loaded: $TMP/none.so" \
  "$TMP/err" || fail "no MPI module: $(head -5 "$TMP/err")"
finish
