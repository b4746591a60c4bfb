# SPDX-License-Identifier: MIT
# The library boundary: libccdbench.so exports exactly the functions of its
# installed headers (the example program that uses them is in tests/example.mk).
TESTS += tests/cli/exported-symbols.sh
EXTRA_DIST += tests/cli/exported-symbols.sh
AM_TESTS_ENVIRONMENT += CCD_PUBLIC_HEADERS='$(include_HEADERS) $(ccdbenchinclude_HEADERS)'; export CCD_PUBLIC_HEADERS;
