# SPDX-License-Identifier: MIT
# tests/fuzz: libFuzzer targets of the readers and their seed corpora: built and
# run by tests/fuzz/run-fuzz.sh with clang (scripts/bootstrap test runs each
# briefly), not by make check.
EXTRA_DIST += tests/fuzz
