# SPDX-License-Identifier: MIT
# examples/plugin (an external method) and examples/api (a program that calls
# the library), built against the installed ccdbench with pkg-config; the shell
# test installs this build into a staging directory first.
EXTRA_DIST += \
	examples/plugin/README.md \
	examples/plugin/Makefile \
	examples/plugin/aabb.c \
	examples/api/README.md \
	examples/api/Makefile \
	examples/api/score.c \
	examples/api/contact.c \
	examples/api/example.h
TESTS += tests/cli/plugin-example.sh
EXTRA_DIST += tests/cli/plugin-example.sh
# The test runs make and the compiler the build was configured with.
AM_TESTS_ENVIRONMENT += MAKE='$(MAKE)'; export MAKE; CC='$(CC)'; export CC;
AM_TESTS_ENVIRONMENT += CCD_SANITIZER_CFLAGS='$(SANITIZER_CFLAGS)'; export CCD_SANITIZER_CFLAGS;
