# SPDX-License-Identifier: MIT
# src/exact: see README.md (module overview).
include src/exact/distance.mk
