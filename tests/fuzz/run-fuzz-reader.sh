#!/bin/sh
# SPDX-License-Identifier: MIT
# The CSV reader's libFuzzer target for N seconds (default 60):
#   tests/fuzz/run-fuzz-reader.sh [SECONDS] [extra libFuzzer options...]
# (run-fuzz.sh builds and runs every reader's target.)
seconds=${1:-60}
[ $# -gt 0 ] && shift
exec "$(dirname "$0")/run-fuzz.sh" "$seconds" reader -- "$@"
