# SPDX-License-Identifier: MIT
# src/query: see README.md (module overview).
