# SPDX-License-Identifier: MIT
# Methods that fail or misbehave: unwritable result files, methods that cannot
# take a query, invalid results, plugins that crash, abort, loop or exit.
FAILURE_CLI_TESTS = \
	tests/cli/json-unwritable.sh
TESTS += $(FAILURE_CLI_TESTS)
EXTRA_DIST += $(FAILURE_CLI_TESTS)
