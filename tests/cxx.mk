# SPDX-License-Identifier: MIT
# ccdbench from C++ and from outside its tree without installing it: a plugin
# that writes CCD_PLUGIN_DEFINE in C++ (tests/plugin/cxx_define.cc), and the
# examples, with the C++ example plugin (examples/plugin-cxx), built against the
# build tree (ccdbench-uninstalled.pc).  The C++ parts skip, with a message,
# without a C++ compiler.
EXTRA_DIST += \
	examples/plugin-cxx/Makefile \
	examples/plugin-cxx/box_exact.cc \
	tests/plugin/cxx_define.cc
TESTS += tests/cli/plugin-cxx-define.sh tests/cli/plugin-uninstalled.sh
EXTRA_DIST += tests/cli/plugin-cxx-define.sh tests/cli/plugin-uninstalled.sh
AM_TESTS_ENVIRONMENT += CXX='$(CXX)'; export CXX; CMAKE='$(CMAKE)'; export CMAKE;
