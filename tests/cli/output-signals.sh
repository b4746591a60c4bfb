#!/bin/sh
# SPDX-License-Identifier: MIT
# SIGINT or SIGTERM while output files are being written leaves no temporaries
# (*.tmp.*) behind, and the program still dies of the signal.  Needs the shared
# benchmark data (long enough a run to interrupt); skipped without it.
. "$CCD_SRCDIR/tests/support/lib.sh"

SHARED="${CCD_SHARED_DATA:-$CCD_SRCDIR/../shared/data}"
if [ ! -d "$SHARED/sample-queries" ] || [ ! -d "$SHARED/scalable-ccd" ]; then
  echo "SKIP: shared benchmark data not found (set CCD_SHARED_DATA)" >&2
  exit 77
fi
# A background job of a script starts with SIGINT ignored; give it back its
# default action where env can (coreutils >= 8.31), else send SIGTERM only.
if env --default-signal=INT true 2>/dev/null; then
  DEFAULT_SIGNALS="env --default-signal=INT,TERM"
  SIGNALS="INT TERM"
else
  DEFAULT_SIGNALS=
  SIGNALS=TERM
fi

# interrupt SIGNAL DIR CMD...: start CMD, wait until a temporary appears under
# DIR, send SIGNAL, and check that CMD died of it leaving no temporary.  (When
# CMD ends before a temporary is seen, there is nothing to check: a note.)
interrupt() {
  sig=$1 dir=$2
  shift 2
  $DEFAULT_SIGNALS "$@" >/dev/null 2>"$TMP/err" &
  pid=$!
  i=0
  while [ $i -lt 600 ] && ! find "$dir" -name '*.tmp.*' 2>/dev/null | grep -q .; do
    sleep 0.05
    i=$((i + 1))
  done
  if ! find "$dir" -name '*.tmp.*' 2>/dev/null | grep -q .; then
    kill -KILL "$pid" 2>/dev/null
    wait "$pid"
    echo "note: no temporary seen under $dir (finished too soon?): $*" >&2
    return
  fi
  kill -"$sig" "$pid"
  wait "$pid"
  got=$?
  case $sig in INT) want=130 ;; TERM) want=143 ;; esac
  [ "$got" -eq "$want" ] || fail "SIG$sig: exit status $got, expected $want: $*"
  left=$(find "$dir" -name '*.tmp.*' 2>/dev/null)
  [ -z "$left" ] || fail "SIG$sig left temporaries: $left ($*)"
}

for sig in $SIGNALS; do
  mkdir -p "$TMP/run-$sig"
  interrupt "$sig" "$TMP/run-$sig" "$CCDBENCH" run --methods irf --threads 1 \
    --json "$TMP/run-$sig/r.json" --output "$TMP/run-$sig/t.txt" "$SHARED/sample-queries"
  interrupt "$sig" "$TMP/truth-$sig" "$CCDBENCH" truth --threads 1 --ms 1e-8 --norm 2 \
    --output "$TMP/truth-$sig" "$SHARED/scalable-ccd"
done
finish
