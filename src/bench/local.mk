# SPDX-License-Identifier: MIT
# src/bench: see README.md (module overview).
