# SPDX-License-Identifier: MIT
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
	examples/plugin-cxx/box_exact.cc \
	tests/plugin/cxx_define.cc
TESTS += tests/cli/plugin-cxx-define.sh tests/cli/plugin-uninstalled.sh tests/cli/cmake-package.sh
EXTRA_DIST += tests/cli/plugin-cxx-define.sh tests/cli/plugin-uninstalled.sh \
	tests/cli/cmake-package.sh
AM_TESTS_ENVIRONMENT += CXX='$(CXX)'; export CXX; CMAKE='$(CMAKE)'; export CMAKE;
