# SPDX-License-Identifier: MIT
# ccdbench from C++: a plugin that writes CCD_PLUGIN_DEFINE in C++
# (tests/plugin/cxx_define.cc).  The tests skip, with a message, without a C++
# compiler.
EXTRA_DIST += tests/plugin/cxx_define.cc
TESTS += tests/cli/plugin-cxx-define.sh
EXTRA_DIST += tests/cli/plugin-cxx-define.sh
AM_TESTS_ENVIRONMENT += CXX='$(CXX)'; export CXX; CMAKE='$(CMAKE)'; export CMAKE;
