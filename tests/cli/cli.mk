# SPDX-License-Identifier: MIT
# tests/cli: the command-line layer (src/cli): exit statuses and messages,
# formats, atomic and early output, signals, output targets, out of memory,
# progress, the bare `run` and the shipped labels, unwritable result files.
CLI_TESTS = \
	tests/cli/default-run.sh tests/cli/default-run-bare.sh \
	tests/cli/default-labels.sh \
	tests/cli/errors.sh \
	tests/cli/formats.sh \
	tests/cli/output-atomic.sh \
	tests/cli/output-early.sh \
	tests/cli/output-signals.sh \
	tests/cli/output-stdout.sh \
	tests/cli/output-targets.sh \
	tests/cli/out-of-memory.sh \
	tests/cli/progress.sh \
	tests/cli/json-unwritable.sh
TESTS += $(CLI_TESTS)
EXTRA_DIST += $(CLI_TESTS)
