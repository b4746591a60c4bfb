# SPDX-License-Identifier: MIT
# The default dataset (written by scripts/make-default-dataset, labels justified
# there), installed to $(pkgdatadir)/datasets for `ccdbench run` without DATA.
nobase_dist_pkgdata_DATA = \
	datasets/default/coplanar/edge-edge/queries.csv \
	datasets/default/coplanar/vertex-face/queries.csv \
	datasets/default/crossing/edge-edge/queries.csv \
	datasets/default/crossing/vertex-face/queries.csv \
	datasets/default/parallel/edge-edge/queries.csv \
	datasets/default/parallel/vertex-face/queries.csv \
	datasets/default/separated/edge-edge/queries.csv \
	datasets/default/separated/vertex-face/queries.csv \
	datasets/default/touching/edge-edge/queries.csv \
	datasets/default/touching/vertex-face/queries.csv
dist_noinst_SCRIPTS += scripts/make-default-dataset

# Their exact truth (plain, and minimum separation at 1e-2 and 1e-8 in both norms)
# is listed in ground_truth/local.mk, written by scripts/make-datasets; the plain
# truth of the default set is `ccdbench truth --output ground_truth/default
# datasets/default` (tests/bench/truth.sh checks that it is up to date).

# The generated dataset (scripts/make-datasets: `ccdbench gen`, every family, both
# kinds) and its exact truth (tests/gen/gen.sh checks both against a fresh run).
nobase_dist_pkgdata_DATA += \
	datasets/generated/coplanar/edge-edge/data.csv \
	datasets/generated/coplanar/vertex-face/data.csv \
	datasets/generated/endpoint-time/edge-edge/data.csv \
	datasets/generated/endpoint-time/vertex-face/data.csv \
	datasets/generated/multi-root/edge-edge/data.csv \
	datasets/generated/multi-root/vertex-face/data.csv \
	datasets/generated/near-miss-double/edge-edge/data.csv \
	datasets/generated/near-miss-double/vertex-face/data.csv \
	datasets/generated/near-miss/edge-edge/data.csv \
	datasets/generated/near-miss/vertex-face/data.csv \
	datasets/generated/parallel/edge-edge/data.csv \
	datasets/generated/parallel/vertex-face/data.csv \
	datasets/generated/point/edge-edge/data.csv \
	datasets/generated/point/vertex-face/data.csv \
	datasets/generated/random/edge-edge/data.csv \
	datasets/generated/random/vertex-face/data.csv \
	datasets/generated/rational-double/edge-edge/data.csv \
	datasets/generated/rational-double/vertex-face/data.csv \
	datasets/generated/rational/edge-edge/data.csv \
	datasets/generated/rational/vertex-face/data.csv \
	datasets/generated/scaled-double/edge-edge/data.csv \
	datasets/generated/scaled-double/vertex-face/data.csv \
	datasets/generated/scaled/edge-edge/data.csv \
	datasets/generated/scaled/vertex-face/data.csv \
	datasets/generated/tangent/edge-edge/data.csv \
	datasets/generated/tangent/vertex-face/data.csv \
	datasets/generated/zero-area/edge-edge/data.csv \
	datasets/generated/zero-area/vertex-face/data.csv
