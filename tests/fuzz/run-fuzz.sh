#!/bin/sh
# SPDX-License-Identifier: MIT
# Build libFuzzer targets of the readers with clang (ASan + UBSan) from the
# sources and run each for SECONDS on a copy of its seed corpus.
#   tests/fuzz/run-fuzz.sh SECONDS TARGET... [-- extra libFuzzer options...]
# Targets (seed corpus):
#   reader        CSV query reader, plain/gzip, with label JSON (corpus/)
#   result-file   JSON parser and result-file reader (corpus-result-file/)
#   truth-file   ground-truth file reader (corpus-truth-file/)
#   labels        label (mma_bool) JSON reader (corpus-labels/)
#   mesh          OBJ, OFF and PLY mesh readers, and the convex-polyhedron
#                 reader and hull (corpus-mesh/)
#   specs         pose and scaling-shape parsers (corpus-specs/)
#   all           the six
# Prints one line per target, "fuzz TARGET: passed, N runs in S s" or
# "fuzz TARGET: FAILED (...)", keeps the crash input and the log in the work
# directory, and exits 1 if any target failed, 77 if clang cannot build fuzzers.
# Environment: CC (default clang), FUZZ_DIR (work directory; default a new temp
# directory, removed when every target passed), CCD_BUILDDIR (a configured build
# tree, for config.h), JOBS (parallel compilations, default 2).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cc=${CC:-clang}
[ $# -ge 2 ] || { echo "usage: $0 SECONDS TARGET... [-- libFuzzer options]" >&2; exit 2; }
seconds=$1; shift
targets=
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  case $1 in
    all) targets="$targets reader result-file truth-file labels mesh specs" ;;
    reader|result-file|truth-file|labels|mesh|specs) targets="$targets $1" ;;
    *) echo "$0: unknown target '$1'" >&2; exit 2 ;;
  esac
  shift
done
[ $# -gt 0 ] && shift # the --
work=${FUZZ_DIR:-}
if [ -z "$work" ]; then # a temporary work directory: removed unless something failed
  work=$(mktemp -d "${TMPDIR:-/tmp}/ccd-fuzz-XXXXXX")
  temporary=1
fi
mkdir -p "$work/include" "$work/obj"
if [ -n "${CCD_BUILDDIR:-}" ] && [ -f "$CCD_BUILDDIR/config.h" ]; then
  cp "$CCD_BUILDDIR/config.h" "$work/include/config.h"
  # The targets are single processes: src/bench/mpi_job.c without MPI (the fuzz
  # build has no MPI include or link flags).
  printf '#undef CCD_HAVE_MPI\n' >>"$work/include/config.h"
else
  printf '#define _GNU_SOURCE 1\n' >"$work/include/config.h"
fi

flags="-std=c11 -g -O1 -fopenmp -fsanitize=address,undefined -fno-sanitize-recover=undefined"
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { return d && n; }\n' \
  >"$work/probe.c"
if ! "$cc" $flags -fsanitize=fuzzer "$work/probe.c" -o "$work/probe" >"$work/probe.log" 2>&1; then
  echo "fuzz: $cc cannot build libFuzzer targets with -fopenmp:" >&2
  head -3 "$work/probe.log" >&2
  if [ -n "${temporary:-}" ]; then rm -rf "$work"; fi
  exit 77
fi

query="src/query/reader.c src/query/byte_source.c src/query/read_ahead.c src/query/label_stream.c src/query/line_groups.c
       src/query/nearest_double.c src/query/batch.c"
core=$(cd "$top" && ls src/core/*.c)
sources_of() {
  case $1 in
    reader) echo "$query $core" ;;
    labels) echo "src/query/label_stream.c src/query/byte_source.c src/query/read_ahead.c $core" ;;
    mesh) echo "$(cd "$top" && ls src/mesh/*.c) $core
                 src/contact/polyhedra/polyhedron.c src/contact/polyhedra/polyhedron_hull.c
                 src/contact/polyhedra/polyhedron_io.c" ;;
    # the shapes' routines, without the overlap cross-check (polyhedra, libccd)
    specs) echo "$(cd "$top" && ls src/contact/common/*.c src/contact/scaling/*.c |
                   grep -v scaling_overlap) $core" ;;
    truth-file) echo "src/bench/truth_file_reader.c src/bench/truth_file_path.c $core" ;;
    # The result reader frees with ccd_run_stats_free (runner.c), which brings
    # the whole bench module and the runner's dependencies: the reader and the
    # exact oracle (not the MPI module, mpi_backend.c: it is no part of the
    # library, and <mpi.h> is only on MPI_CFLAGS's path).
    result-file) echo "$(cd "$top" && ls src/bench/*.c | grep -v '/mpi_backend\.c$') $query $core
                       $(cd "$top" && ls src/exact/*.c)" ;;
  esac
}
corpus_of() {
  case $1 in
    reader) echo corpus ;;
    *) echo "corpus-$1" ;;
  esac
}
max_len_of() {
  case $1 in
    result-file) echo 32768 ;;
    truth-file) echo 8192 ;;
    *) echo 4096 ;;
  esac
}

# Compile every source once (instrumented for coverage), in parallel.
all_sources=$(for t in $targets; do sources_of "$t"; done | tr ' ' '\n' | grep . | sort -u)
echo "$all_sources" | xargs -P "${JOBS:-2}" -I{} sh -c '
  obj="$1/obj/$(echo "$2" | tr / _).o"
  "$3" $4 -fsanitize=fuzzer-no-link -I"$1/include" -I"$5/include/ccdbench" -I"$5/include" -I"$5/src" -c "$5/$2" -o "$obj"
' sh "$work" {} "$cc" "$flags" "$top" || { echo "fuzz: compiling the sources failed" >&2; exit 1; }

# run_target T [OPTION...]: link T's fuzzer, run it for SECONDS with the libFuzzer
# OPTIONs on a copy of its corpus, and write its one-line verdict to
# $work/T.verdict (exit status: 0 passed).
run_target() {
  t=$1; shift # the rest: libFuzzer options
  name=$(echo "$t" | tr - _)
  objs=$(for s in $(sources_of "$t"); do echo "$work/obj/$(echo "$s" | tr / _).o"; done)
  if ! "$cc" $flags -fsanitize=fuzzer -I"$work/include" -I"$top/include/ccdbench" -I"$top/include" -I"$top/src" -I"$top/tests/support" -I"$here" \
      "$here/fuzz_$name.c" $objs -lmpfr -lgmp -lz -lm -o "$work/fuzz_$name" \
      >"$work/$t.build.log" 2>&1; then
    echo "fuzz $t: FAILED (build: see $work/$t.build.log)" >"$work/$t.verdict"; return 1
  fi
  rm -rf "$work/corpus-$t" && mkdir -p "$work/corpus-$t" "$work/crash-$t"
  cp "$here/$(corpus_of "$t")"/* "$work/corpus-$t/"
  # libFuzzer writes its crash files under -artifact_prefix.
  if (cd "$work" && "$work/fuzz_$name" -max_total_time="$seconds" -max_len="$(max_len_of "$t")" \
        -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$work/crash-$t/" "$@" "$work/corpus-$t") >"$work/$t.log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$t.log")
    echo "fuzz $t: passed, ${runs:-?} runs in $seconds s" >"$work/$t.verdict"
  else
    { echo "fuzz $t: FAILED (log $work/$t.log, input in $work/crash-$t/)"
      grep -m 3 -E 'ERROR|runtime error|deadly signal|SUMMARY' "$work/$t.log" | sed 's/^/  /'
    } >"$work/$t.verdict"
    return 1
  fi
}

# JOBS targets at a time (each fuzzer is one process), verdicts in target order.
status=0
running=0
for t in $targets; do
  rm -f "$work/$t.verdict" # none from an earlier run in this directory
  run_target "$t" "$@" &
  running=$((running + 1))
  if [ $running -ge "${JOBS:-2}" ]; then
    wait; running=0
  fi
done
wait
for t in $targets; do
  cat "$work/$t.verdict" 2>/dev/null || echo "fuzz $t: FAILED (no verdict)"
  grep -q '^fuzz [a-z-]*: passed' "$work/$t.verdict" || status=1
done
if [ $status -eq 0 ] && [ -n "${temporary:-}" ]; then rm -rf "$work"; fi
exit $status
