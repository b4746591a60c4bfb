# SPDX-License-Identifier: MIT
dist_noinst_SCRIPTS += scripts/bootstrap
EXTRA_DIST += .ci/run
