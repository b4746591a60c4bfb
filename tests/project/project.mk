# SPDX-License-Identifier: MIT
# tests/project: the installed package, its public interface and its docs.

# The library boundary: libccdbench.so exports exactly the functions of its
# public headers (include/ccdbench/*.h), and each of them compiles alone (the
# example program that uses them is below).
TESTS += tests/project/exported-symbols.sh tests/project/public-headers.sh
EXTRA_DIST += tests/project/exported-symbols.sh tests/project/public-headers.sh
AM_TESTS_ENVIRONMENT += CCD_PUBLIC_HEADERS='$(ccdbenchinclude_HEADERS)'; export CCD_PUBLIC_HEADERS;
# README.md and docs/ hold together: links and anchors, the architecture map of
# docs/architecture.md (every module, public header and example), gen families.
TESTS += tests/project/readme-map.sh
EXTRA_DIST += tests/project/readme-map.sh
# TIER_TESTS of tests/local.mk names exactly the tests that read the tier.
TESTS += tests/project/tiers.sh
EXTRA_DIST += tests/project/tiers.sh
# The include rule of docs/architecture.md: floors, no circle of calls
# (scripts/check-includes).
TESTS += tests/project/include-rules.sh
EXTRA_DIST += tests/project/include-rules.sh
# Every long option a command's --help prints is documented in docs/.
TESTS += tests/project/help-docs.sh
EXTRA_DIST += tests/project/help-docs.sh
# The "$ ccdbench ..." examples of README.md and docs/ print what they show
# (scripts/doc-examples).
TESTS += tests/project/doc-examples.sh
EXTRA_DIST += tests/project/doc-examples.sh

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
TESTS += tests/project/plugin-example.sh
EXTRA_DIST += tests/project/plugin-example.sh
# The test runs make and the compiler the build was configured with.
AM_TESTS_ENVIRONMENT += MAKE='$(MAKE)'; export MAKE; CC='$(CC)'; export CC;
AM_TESTS_ENVIRONMENT += CCD_SANITIZER_CFLAGS='$(SANITIZER_CFLAGS)'; export CCD_SANITIZER_CFLAGS;

# ccdbench from C++ and from outside its tree without installing it: a plugin
# that writes CCD_PLUGIN_DEFINE in C++ (tests/plugin/cxx_define.cc), the examples,
# with the C++ example plugin (examples/plugin-cxx), built against the build tree
# (ccdbench-uninstalled.pc), and the C++ example with CMake against an install
# and the build tree (the CMake package, cmake/local.mk).  The C++ and CMake
# parts skip, with a message, without a C++ compiler or cmake.
EXTRA_DIST += \
	examples/plugin-cxx/README.md \
	examples/plugin-cxx/Makefile \
	examples/plugin-cxx/CMakeLists.txt \
	examples/plugin-cxx/box_exact.cc
TESTS += tests/project/plugin-cxx-define.sh tests/project/plugin-uninstalled.sh \
	tests/project/cmake-package.sh
EXTRA_DIST += tests/project/plugin-cxx-define.sh tests/project/plugin-uninstalled.sh \
	tests/project/cmake-package.sh
AM_TESTS_ENVIRONMENT += CXX='$(CXX)'; export CXX; CMAKE='$(CMAKE)'; export CMAKE;

# The Python package installed with pip against a staged `make install`
# (python/setup.py, pkg-config), outside the build tree.
TESTS += tests/project/python-install.sh
EXTRA_DIST += tests/project/python-install.sh
