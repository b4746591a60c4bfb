# SPDX-License-Identifier: MIT
# The CMake package, find_package(ccdbench) → the imported target
# ccdbench::ccdbench: ccdbench-config.cmake and ccdbench-config-version.cmake,
# installed in $(libdir)/cmake/ccdbench (beside pkgconfig/), and a copy of both at
# the top of the build tree for -Dccdbench_DIR=BUILDDIR.  The version file comes
# from configure; the config file is written here, where the installation
# directories are known (cmake/config-paths.sh).
cmakeconfigdir = $(libdir)/cmake/ccdbench
cmakeconfig_DATA = cmake/ccdbench-config.cmake cmake/ccdbench-config-version.cmake
noinst_DATA = ccdbench-config.cmake ccdbench-config-version.cmake
EXTRA_DIST += cmake/ccdbench-config.cmake.in cmake/config-paths.sh
CLEANFILES += cmake/ccdbench-config.cmake ccdbench-config.cmake ccdbench-config-version.cmake

cmake/ccdbench-config.cmake: $(srcdir)/cmake/ccdbench-config.cmake.in \
		$(srcdir)/cmake/config-paths.sh Makefile
	$(AM_V_GEN)$(MKDIR_P) cmake && \
	$(SHELL) $(srcdir)/cmake/config-paths.sh install '$(prefix)' '$(libdir)' '$(includedir)' \
	  <$(srcdir)/cmake/ccdbench-config.cmake.in >$@.tmp && mv $@.tmp $@
ccdbench-config.cmake: $(srcdir)/cmake/ccdbench-config.cmake.in \
		$(srcdir)/cmake/config-paths.sh Makefile
	$(AM_V_GEN)$(SHELL) $(srcdir)/cmake/config-paths.sh build '$(abs_top_builddir)' \
	  '$(CCD_ABS_SRCDIR)' <$(srcdir)/cmake/ccdbench-config.cmake.in >$@.tmp && mv $@.tmp $@
ccdbench-config-version.cmake: cmake/ccdbench-config-version.cmake
	$(AM_V_GEN)cp cmake/ccdbench-config-version.cmake $@
