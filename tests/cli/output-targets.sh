#!/bin/sh
# SPDX-License-Identifier: MIT
# What an output path names is respected: a regular file is replaced atomically
# (keeping its permission bits; a new file gets 0666 less the umask), a symbolic
# link is followed (the link stays), and a device or FIFO is written straight
# through instead of being replaced by a regular file.  The text table written
# with --output keeps its closing lines.
. "$CCD_SRCDIR/tests/support/lib.sh"

DATA="$DEFAULT_DATA/touching"
RUN="$CCDBENCH run --methods fprf"

# The closing lines (queries, truth source, wall time) go into the file.
expect_status 0 $RUN --output "$TMP/table.txt" "$DATA"
grep -q '^11 queries; truth from labels for 11' "$TMP/table.txt" ||
  fail "the closing lines are not in the --output file: $(tail -n 2 "$TMP/table.txt")"
grep -q 'wall time' "$TMP/table.txt" || fail "no wall time in the --output file"
[ -s "$TMP/out" ] && fail "run --output also wrote to stdout: $(cat "$TMP/out")"

# Symbolic links: followed, to an existing file and to one not yet there.
echo old >"$TMP/real.txt"
ln -s real.txt "$TMP/link.txt"
ln -s new.json "$TMP/dangling.json"
expect_status 0 $RUN --output "$TMP/link.txt" --json "$TMP/dangling.json" "$DATA"
[ -L "$TMP/link.txt" ] || fail "--output replaced the symbolic link"
grep -q 'fprf' "$TMP/real.txt" || fail "the link's target was not written"
[ -L "$TMP/dangling.json" ] || fail "--json replaced the dangling symbolic link"
grep -q 'ccdbench-result' "$TMP/new.json" 2>/dev/null || fail "the dangling link's target was not made"

# Permissions: a new file follows the umask; a replaced file keeps its bits.
(umask 077 && exec $RUN --output "$TMP/private.txt" "$DATA") >/dev/null 2>&1
[ "$(stat -c %a "$TMP/private.txt")" = 600 ] ||
  fail "umask 077 gave mode $(stat -c %a "$TMP/private.txt"), expected 600"
echo old >"$TMP/kept.txt"
chmod 640 "$TMP/kept.txt"
expect_status 0 $RUN --output "$TMP/kept.txt" "$DATA"
[ "$(stat -c %a "$TMP/kept.txt")" = 640 ] ||
  fail "the replaced file has mode $(stat -c %a "$TMP/kept.txt"), expected 640"

# A FIFO: written through to its reader, and still a FIFO afterwards.
mkfifo "$TMP/fifo"
cat "$TMP/fifo" >"$TMP/fifo.out" &
reader=$!
expect_status 0 $RUN --output "$TMP/fifo" --format csv "$DATA"
if [ -p "$TMP/fifo" ]; then
  wait "$reader"
  grep -q 'fprf' "$TMP/fifo.out" || fail "the FIFO's reader got: $(cat "$TMP/fifo.out")"
else
  kill "$reader" 2>/dev/null
  fail "--output replaced the FIFO with a regular file"
fi

# A link to a pipe (as /dev/stdout is, through /proc/self/fd/1, when stdout is
# a pipe): written through, and the link stays.
ln -s /proc/self/fd/1 "$TMP/stdout-link"
$RUN --output "$TMP/stdout-link" --format csv "$DATA" 2>"$TMP/err" | cat >"$TMP/piped"
grep -q 'fprf' "$TMP/piped" || fail "a link to the stdout pipe got nothing: $(cat "$TMP/err")"
[ -L "$TMP/stdout-link" ] || fail "the link to the stdout pipe was replaced"

# A device: a private null device where we may make one (root), else /dev/null
# itself (which an unprivileged run could not replace anyway).
dev=
if mknod "$TMP/null" c 1 3 2>/dev/null; then
  dev="$TMP/null"
elif [ "$(id -u)" != 0 ]; then
  dev=/dev/null
fi
if [ -n "$dev" ]; then
  expect_status 0 $RUN --output "$dev" --json "$dev" "$DATA"
  [ -c "$dev" ] || fail "$dev is no longer a character device"
  ls -A "$(dirname "$dev")" | grep -q '\.tmp\.' && fail "a temporary is left beside $dev"
  expect_status 0 "$CCDBENCH" gate --method fprf --junit "$dev" "$DATA"
  [ -c "$dev" ] || fail "gate --junit: $dev is no longer a character device"
fi

# A directory is not a file: an input error naming it.
mkdir "$TMP/dir"
expect_status 2 $RUN --output "$TMP/dir" "$DATA"
expect_stderr "^$TMP/dir: cannot create: Is a directory"
ls -A "$TMP" | grep -q '\.tmp\.' && fail "a temporary is left: $(ls -A "$TMP")"
finish
