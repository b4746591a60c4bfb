# SPDX-License-Identifier: MIT
# src/cli: the ccdbench program, one file per subcommand.
bin_PROGRAMS += src/cli/ccdbench
src_cli_ccdbench_SOURCES = \
	src/cli/cli.h \
	src/cli/cli_datasets.c \
	src/cli/cli_errors.c \
	src/cli/cli_methods.c \
	src/cli/cli_options.c \
	src/cli/cli_params.c \
	src/cli/cli_progress.c \
	src/cli/cli_subcommand.c \
	src/cli/cli_table.c \
	src/cli/cmd_bench_io.c \
	src/cli/cmd_bench_schedule.c \
	src/cli/cmd_contact.c \
	src/cli/cmd_contact_potential.c \
	src/cli/cmd_contact_polyhedra.c \
	src/cli/cmd_contact_scaling.c \
	src/cli/cmd_contact_polyhedra_pair.c \
	src/cli/cmd_gate.c \
	src/cli/cmd_gen.c \
	src/cli/cmd_info.c \
	src/cli/cmd_merge.c \
	src/cli/cmd_methods.c \
	src/cli/cmd_report.c \
	src/cli/cmd_run.c \
	src/cli/cmd_scene.c \
	src/cli/cmd_show.c \
	src/cli/cmd_truth.c \
	src/cli/cmd_wrong.c \
	src/cli/main.c
# Where `ccdbench run` finds the default dataset and its truth when none is given.
src_cli_ccdbench_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/include \
	-DCCD_PKGDATADIR='"$(pkgdatadir)"' \
	-DCCD_SOURCE_DATADIR='"$(abs_top_srcdir)/datasets"' \
	-DCCD_SOURCE_TRUTHDIR='"$(abs_top_srcdir)/ground_truth"'
# The program uses the modules' internal functions, which libccdbench.so hides.
src_cli_ccdbench_LDADD = libccdinternal.la $(CCD_LIBS)
