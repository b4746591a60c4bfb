#!/bin/sh
# SPDX-License-Identifier: MIT
# Build the reader's libFuzzer target with clang (ASan + UBSan) from the
# sources and run it for N seconds (default 60) on a copy of the seed corpus.
#   tests/fuzz/run-fuzz-reader.sh [SECONDS] [extra libFuzzer options...]
# Environment: CC (default clang), FUZZ_DIR (build/work dir, default a temp dir),
# CCD_BUILDDIR (a configured build tree, for config.h; default: a minimal one).
set -eu
seconds=${1:-60}
[ $# -gt 0 ] && shift
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cc=${CC:-clang}
work=${FUZZ_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/ccd-fuzz-reader-XXXXXX")}
mkdir -p "$work/corpus" "$work/include"
if [ -n "${CCD_BUILDDIR:-}" ] && [ -f "$CCD_BUILDDIR/config.h" ]; then
    cp "$CCD_BUILDDIR/config.h" "$work/include/config.h"
else
    printf '#define _GNU_SOURCE 1\n' > "$work/include/config.h"
fi
cp "$here"/corpus/* "$work/corpus/" 2>/dev/null || true
"$cc" -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -I"$work/include" -I"$top/src" \
    "$here/fuzz_reader.c" \
    "$top/src/query/reader.c" "$top/src/query/byte_source.c" "$top/src/query/label_stream.c" \
    "$top/src/query/nearest_double.c" "$top/src/query/batch.c" \
    "$top/src/core/error.c" "$top/src/core/query.c" \
    -lmpfr -lgmp -lz -lm -o "$work/fuzz_reader"
echo "fuzz_reader built in $work; running for $seconds s"
cd "$work" # libFuzzer writes its logs (-jobs) and crash files in the current directory
"$work/fuzz_reader" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/" "$@" "$work/corpus"
