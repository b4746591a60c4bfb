# SPDX-License-Identifier: MIT
# Methods that fail or misbehave: unwritable result files, methods that cannot
# take a query, invalid results, plugins that crash, abort, loop or exit.
FAILURE_CLI_TESTS = \
	tests/cli/json-unwritable.sh \
	tests/cli/method-failures.sh \
	tests/cli/isolate.sh \
	tests/cli/peek.sh
TESTS += $(FAILURE_CLI_TESTS)
EXTRA_DIST += $(FAILURE_CLI_TESTS)

# Plugins that misbehave (test fixtures).
check_LTLIBRARIES += tests/plugin/bad_results.la
tests_plugin_bad_results_la_SOURCES = tests/plugin/bad_results.c
tests_plugin_bad_results_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)
check_LTLIBRARIES += tests/plugin/misbehaving.la
tests_plugin_misbehaving_la_SOURCES = tests/plugin/misbehaving.c
tests_plugin_misbehaving_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)
# A plugin that looks for the labels everywhere it can (tests/cli/peek.sh).
check_LTLIBRARIES += tests/plugin/peek.la
tests_plugin_peek_la_SOURCES = tests/plugin/peek.c
tests_plugin_peek_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)
# Not instrumented under the sanitizers: reading past its own stack frame and the
# query, on purpose, is what it tests (AddressSanitizer would stop it there).
tests_plugin_peek_la_CFLAGS = $(AM_CFLAGS) -fno-sanitize=all
