#!/bin/sh
# SPDX-License-Identifier: MIT
# --max-digits N: an integer of exactly N digits in a query file is read, one of
# N + 1 digits is bad input (exit 2, `path:line:column: numerator of … has more
# than N digits (--max-digits)`), on every command that reads queries; the
# default (1000) takes 2^-1074 (a 324-digit denominator) and refuses 1001 digits.
. "$CCD_SRCDIR/tests/support/lib.sh"

# digits N D: N copies of digit D
digits() {
  awk -v n="$1" -v d="$2" 'BEGIN { s = ""; for (i = 0; i < n; i++) s = s d; print s }'
}

# query FILE NUM DEN: one vertex-face query whose row 3, y is NUM/DEN (the rest 1/2)
query() {
  {
    printf '1,2,1,2,1,2\n1,2,1,2,1,2\n'
    printf '1,2,%s,%s,1,2\n' "$2" "$3"
    printf '1,2,1,2,1,2\n1,2,1,2,1,2\n1,2,1,2,1,2\n1,2,1,2,1,2\n1,2,1,2,1,2\n'
  } >"$1"
}

mkdir -p "$TMP/d/s/vertex-face"
ok="$TMP/d/s/vertex-face/ok.csv"
bad="$TMP/d/s/vertex-face/bad.csv"

# --max-digits 40: 40 digits pass, 41 fail (numerator 11…1 over 22…2 is 1/2)
query "$ok" "$(digits 40 1)" "$(digits 40 2)"
query "$bad" "$(digits 41 1)" "$(digits 41 2)"
for cmd in run info truth show gate contact; do
  case $cmd in
    gate) args="gate --method fprf --max-digits 40" ;;
    contact) args="contact check --deriv-every 0 --max-digits 40" ;;
    *) args="$cmd --max-digits 40" ;;
  esac
  expect_status 0 "$CCDBENCH" $args "$ok"
  expect_status 2 "$CCDBENCH" $args "$bad"
  expect_stderr "^$bad:3:5: numerator of f1.y at t0 has more than 40 digits \(--max-digits\)\$"
  [ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "$cmd: more than one line on stderr"
  [ -s "$TMP/out" ] && [ $cmd != gate ] && fail "$cmd: output despite bad input"
done

# The default: 1000 digits pass, 1001 fail; the denominator is named too.
query "$ok" 1 "2$(digits 999 0)"
query "$bad" 1 "2$(digits 1000 0)"
expect_status 0 "$CCDBENCH" info "$ok"
expect_status 2 "$CCDBENCH" info "$bad"
expect_stderr "^$bad:3:7: denominator of f1.y at t0 has more than 1000 digits \(--max-digits\)\$"
expect_status 0 "$CCDBENCH" info --max-digits 1001 "$bad"

# Every double is exact within the default: the smallest subnormal, 2^-1074, has
# a 324-digit denominator (2^1074, written out here).
den_tail=024022533073106183524953467189173070495566497641421183569013580274303395\
679953468919603837014371244951870778643168119113898087373857934768670133\
999407385099215174242765663613644669077420932163412397676784727450685620\
074834246926986181033556491595563408100565123587695523334146152305025321\
86327508646006263307707741093494784
den=2$(printf '%s' "$den_tail")
[ ${#den} -eq 324 ] || fail "2^1074 has ${#den} digits, expected 324"
query "$ok" 1 "$den"
expect_status 0 "$CCDBENCH" info "$ok"
grep -q '^non-double coordinates  0$' "$TMP/out" || fail "2^-1074 is not read exactly"

# A bad limit is a usage error.
for n in 0 -1 x 1000000001; do
  expect_status 2 "$CCDBENCH" info --max-digits "$n" "$ok"
  expect_stderr '^ccdbench: --max-digits: '
done
finish
