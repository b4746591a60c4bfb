# SPDX-License-Identifier: MIT
# tests/plugin: the plugins the tests load (test fixtures, not useful methods).

# Example plugins (test fixtures): a working one, one without the entry symbol,
# two built for other API versions.  -rpath makes libtool build shared modules.
check_LTLIBRARIES = tests/plugin/always_collides.la tests/plugin/no_entry.la \
	tests/plugin/other_api.la tests/plugin/api_v2.la
CCD_PLUGIN_LDFLAGS = -module -avoid-version -shared -rpath /nowhere $(AM_LDFLAGS)
tests_plugin_always_collides_la_SOURCES = tests/plugin/always_collides.c
tests_plugin_always_collides_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)
tests_plugin_no_entry_la_SOURCES = tests/plugin/no_entry.c
tests_plugin_no_entry_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)
tests_plugin_other_api_la_SOURCES = tests/plugin/other_api.c
tests_plugin_other_api_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)
tests_plugin_api_v2_la_SOURCES = tests/plugin/api_v2.c
tests_plugin_api_v2_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)
EXTRA_DIST += tests/plugin/collide_at_start.h

# Plugins that misbehave (test fixtures).
check_LTLIBRARIES += tests/plugin/bad_results.la
tests_plugin_bad_results_la_SOURCES = tests/plugin/bad_results.c
tests_plugin_bad_results_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)
check_LTLIBRARIES += tests/plugin/misbehaving.la
tests_plugin_misbehaving_la_SOURCES = tests/plugin/misbehaving.c
tests_plugin_misbehaving_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)
# A plugin that looks for the labels everywhere it can (tests/bench/peek.sh).
check_LTLIBRARIES += tests/plugin/peek.la
tests_plugin_peek_la_SOURCES = tests/plugin/peek.c
tests_plugin_peek_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)
# Not instrumented under the sanitizers: reading past its own stack frame and the
# query, on purpose, is what it tests (AddressSanitizer would stop it there).
tests_plugin_peek_la_CFLAGS = $(AM_CFLAGS) -fno-sanitize=all

# The never-colliding test plugin (a method with false negatives, for gate) and
# the spinning one (a method whose time an option sets, for the timing gate).
check_LTLIBRARIES += tests/plugin/never_collides.la
tests_plugin_never_collides_la_SOURCES = tests/plugin/never_collides.c
tests_plugin_never_collides_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)
check_LTLIBRARIES += tests/plugin/spin.la
tests_plugin_spin_la_SOURCES = tests/plugin/spin.c
tests_plugin_spin_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)

# CCD_PLUGIN_DEFINE in C++: built by tests/project/plugin-cxx-define.sh, not here.
EXTRA_DIST += tests/plugin/cxx_define.cc
