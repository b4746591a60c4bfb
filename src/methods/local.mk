# SPDX-License-Identifier: MIT
# src/methods: registry, plugin loader, and one file per CCD method.
include src/methods/tight_inclusion.mk
include src/methods/baselines.mk
