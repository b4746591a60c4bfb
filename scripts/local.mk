# SPDX-License-Identifier: MIT
dist_noinst_SCRIPTS += scripts/bootstrap scripts/make-contact-tables scripts/scene-cloth-sphere scripts/scene-contacts \
	scripts/scene-scaling \
	scripts/run-shards scripts/slurm-array.sh
EXTRA_DIST += .ci/run
dist_man_MANS += man/ccdbench.1
# Agreement of the baselines with their original implementations (docs/baselines.md).
dist_noinst_SCRIPTS += scripts/baseline-agreement
# Minimum separation against the authors' Tight Inclusion (docs/min-separation.md).
dist_noinst_SCRIPTS += scripts/ms-ratio
# The timing gate's verdicts under CPU load (docs/gate.md#noise; tests/bench/gate-load.sh).
dist_noinst_SCRIPTS += scripts/gate-noise
# Speed-up against threads of `run` (docs/performance.md#threads).
dist_noinst_SCRIPTS += scripts/thread-scaling
EXTRA_DIST += docs/baselines.md scripts/baseline-drivers
# Mutation testing: small bugs that the suites must catch (docs/testing.md#mutation-testing).
dist_noinst_SCRIPTS += scripts/mutants
# The documentation's examples run and compared (tests/project/doc-examples.sh).
dist_noinst_SCRIPTS += scripts/doc-examples
EXTRA_DIST += scripts/doc-examples.awk
# The include rule of docs/architecture.md (tests/project/include-rules.sh).
dist_noinst_SCRIPTS += scripts/check-includes
