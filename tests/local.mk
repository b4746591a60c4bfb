# SPDX-License-Identifier: MIT
# Check suites: one file of rules per module (tests/<module>.mk).
EXTRA_DIST += tests/test_tier.h tests/data-regressions.txt
EXTRA_DIST += tests/ti_exact_setup.h tests/ti_exact_corner.h tests/plugin/collide_at_start.h tests/test_support.h tests/shared_family.h tests/shared_family_run.h
# The mutants of scripts/mutants (docs/testing.md#mutation-testing).
EXTRA_DIST += tests/mutants.txt
include tests/core.mk
include tests/query.mk
include tests/mesh.mk
include tests/fuzz.mk
include tests/exact.mk
include tests/distance.mk
include tests/tight_inclusion.mk
include tests/runner.mk
include tests/baselines.mk
include tests/contact.mk
include tests/polyhedra.mk
include tests/gen.mk
include tests/ms.mk
include tests/example.mk
include tests/cxx.mk
include tests/api.mk
include tests/msrf.mk
include tests/tight_ccd.mk
include tests/additive_ccd.mk
include tests/report.mk
include tests/failures.mk
include tests/scene.mk
include tests/mpi.mk

# Test tiers (docs/testing.md, tests/test_tier.h).  `make check` runs the fast tier:
# every unit suite, the shell tests, and the data-driven suites on a fixed subsample
# of ../shared/data; the few tests of the full tier alone skip (exit 77) and say so.
# `make check-full` runs the full tier: the same TESTS with CCD_TEST_TIER=full, under
# which the data-driven suites read the data they read before the tiers and the
# full-tier tests run.  CK_TIMEOUT_MULTIPLIER scales every Check timeout
# (scripts/bootstrap sets it for the sanitizer build).
check-full:
	$(MAKE) $(AM_MAKEFLAGS) check CCD_TEST_TIER=full
.PHONY: check-full

# The longest tests start first (measured in both tiers and under ASan;
# docs/testing.md): under `make -j` a long test started last runs alone at the
# end.  The others keep the order of the modules above.
TESTS_LONGEST_FIRST = tests/check_potential.log tests/check_baselines.log \
	tests/check_scaling.log tests/check_exact_ms.log tests/cli/contact-scaling.sh.log \
	tests/cli/peek.sh.log tests/cli/default-run-bare.sh.log tests/cli/checkpoint.sh.log \
	tests/check_tight_inclusion_data.log tests/cli/contact-potential.sh.log \
	tests/check_ti_directions.log tests/check_exact.log tests/cli/doc-examples.sh.log \
	tests/cli/contact-polyhedra.sh.log tests/check_tight_inclusion.log \
	tests/check_polyhedra_ref.log tests/cli/gate.sh.log tests/cli/table-width.sh.log \
	tests/cli/mpi.sh.log
TEST_LOGS = $(filter $(am__test_logs2:.test.log=.log),$(TESTS_LONGEST_FIRST)) \
	$(filter-out $(TESTS_LONGEST_FIRST),$(am__test_logs2:.test.log=.log))
