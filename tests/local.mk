# SPDX-License-Identifier: MIT
# Tests: tests/ mirrors src/, one folder per module, each with one make fragment
# named after it (tests/<module>/<module>.mk); beside them support/ (what the
# tests share), plugin/ (test plugins), fuzz/ (fuzz targets), cli/ (the
# command-line layer) and project/ (the installed package, public interface, docs).
EXTRA_DIST += tests/data-regressions.txt
# The mutants of scripts/mutants (docs/testing.md#mutation-testing).
EXTRA_DIST += tests/mutants.txt
# Every Check suite's CFLAGS: the shared helpers of tests/support are included by
# their bare name ("test_support.h"); a suite's own headers sit beside it.
CHECK_SUITE_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) -I$(top_srcdir)/tests/support
include tests/plugin/plugin.mk
include tests/support/support.mk
include tests/core/core.mk
include tests/query/query.mk
include tests/mesh/mesh.mk
include tests/fuzz/fuzz.mk
include tests/exact/exact.mk
include tests/methods/methods.mk
include tests/bench/bench.mk
include tests/cli/cli.mk
include tests/contact/contact.mk
include tests/contact/witness/witness.mk
include tests/contact/polyhedra/polyhedra.mk
include tests/contact/scaling/scaling.mk
include tests/contact/potential/potential.mk
include tests/gen/gen.mk
include tests/project/project.mk
include tests/report/report.mk
include tests/scene/scene.mk
include tests/published/published.mk
include tests/python/python.mk

# Test tiers (docs/testing.md, tests/support/test_tier.h).  `make check` runs the fast tier:
# every unit suite, the shell tests, and the data-driven suites on a fixed subsample
# of ../shared/data; the few tests of the full tier alone skip (exit 77) and say so.
# `make check-full` runs the full tier: the same TESTS with CCD_TEST_TIER=full, under
# which the data-driven suites read the data they read before the tiers and the
# full-tier tests run.  CK_TIMEOUT_MULTIPLIER scales every Check timeout
# (scripts/bootstrap sets it for the sanitizer build).  `make check-timing`:
# tests/bench/bench.mk.
check-full:
	$(MAKE) $(AM_MAKEFLAGS) check CCD_TEST_TIER=full
.PHONY: check-full

# The tests whose work depends on the tier: they read it through
# tests/support/test_tier.h or lib.sh's full_tier_only (tests/project/tiers.sh
# keeps the list whole).  The others do the same work in both tiers.
# `make check-full-data` runs these alone, in the full tier: what
# `scripts/bootstrap test` runs in the assertions build, the others running once,
# in the fast tier under the sanitizers (with the assertions on there too).
TIER_TESTS = tests/bench/peek.sh tests/cli/default-run-bare.sh \
	tests/contact/make-contact-tables.sh tests/contact/polyhedra/contact-polyhedra.sh \
	tests/contact/potential/check_potential tests/contact/potential/contact-potential.sh \
	tests/contact/scaling/check_scaling tests/contact/scaling/contact-scaling.sh \
	tests/exact/check_exact_data tests/exact/check_exact_ms \
	tests/methods/check_additive_ccd tests/methods/check_baselines tests/methods/check_ms_ti \
	tests/methods/check_ti_advance tests/methods/check_ti_directions \
	tests/methods/check_ti_start tests/methods/check_ti_stop \
	tests/methods/check_tight_inclusion_data tests/project/doc-examples.sh \
	tests/python/pytest.sh
check-full-data:
	$(MAKE) $(AM_MAKEFLAGS) check CCD_TEST_TIER=full TESTS='$(TIER_TESTS)'
.PHONY: check-full-data

# The longest tests start first (measured in both tiers and under ASan;
# docs/testing.md): under `make -j` a long test started last runs alone at the
# end.  The others keep the order of the modules above.
TESTS_LONGEST_FIRST = tests/contact/potential/check_potential.log \
	tests/methods/check_baselines.log tests/contact/scaling/check_scaling.log \
	tests/python/pytest.sh.log \
	tests/exact/check_exact_ms.log tests/contact/scaling/contact-scaling.sh.log \
	tests/bench/peek.sh.log tests/cli/default-run-bare.sh.log tests/bench/checkpoint.sh.log \
	tests/methods/check_tight_inclusion_data.log \
	tests/contact/potential/contact-potential.sh.log \
	tests/methods/check_ti_directions.log tests/exact/check_exact.log \
	tests/project/doc-examples.sh.log tests/contact/polyhedra/contact-polyhedra.sh.log \
	tests/methods/check_tight_inclusion.log tests/contact/polyhedra/check_polyhedra_ref.log \
	tests/bench/gate.sh.log tests/report/table-width.sh.log tests/bench/mpi.sh.log
TEST_LOGS = $(filter $(am__test_logs2:.test.log=.log),$(TESTS_LONGEST_FIRST)) \
	$(filter-out $(TESTS_LONGEST_FIRST),$(am__test_logs2:.test.log=.log))
