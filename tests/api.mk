# SPDX-License-Identifier: MIT
# The library boundary: libccdbench.so exports exactly the functions of its
# public headers (include/ccdbench/*.h), and each of them compiles alone (the
# example program that uses them is in tests/example.mk).
TESTS += tests/cli/exported-symbols.sh tests/cli/public-headers.sh
EXTRA_DIST += tests/cli/exported-symbols.sh tests/cli/public-headers.sh
AM_TESTS_ENVIRONMENT += CCD_PUBLIC_HEADERS='$(ccdbenchinclude_HEADERS)'; export CCD_PUBLIC_HEADERS;
# README.md and docs/ hold together: links and anchors, the architecture map of
# docs/architecture.md (every module, public header and example), gen families.
TESTS += tests/cli/readme-map.sh
EXTRA_DIST += tests/cli/readme-map.sh
# The include rule of docs/architecture.md: floors, no circle of calls
# (scripts/check-includes).
TESTS += tests/cli/include-rules.sh
EXTRA_DIST += tests/cli/include-rules.sh
# Every long option a command's --help prints is documented in docs/.
TESTS += tests/cli/help-docs.sh
EXTRA_DIST += tests/cli/help-docs.sh
# The "$ ccdbench ..." examples of README.md and docs/ print what they show
# (scripts/doc-examples).
TESTS += tests/cli/doc-examples.sh
EXTRA_DIST += tests/cli/doc-examples.sh
# scripts/baseline-agreement with stand-in drivers (docs/baselines.md).
TESTS += tests/cli/baseline-agreement.sh
EXTRA_DIST += tests/cli/baseline-agreement.sh
