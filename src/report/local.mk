# SPDX-License-Identifier: MIT
# src/report: see README.md (module overview).
