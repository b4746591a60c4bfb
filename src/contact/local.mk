# SPDX-License-Identifier: MIT
# src/contact: differentiable contact routines of Beker et al. and
# their references: smooth operators, witness points (double / dual / MPFR from
# one generic routine), SDF primitives, signed distances and activity
# indicators, the interior-point baseline, the accuracy/speed experiments, and
# those experiments as report tables (contact_tables.c: needs src/report);
# the convex-polyhedra experiments of Cheng Yi & Drumwright (polyhedra_*.c):
# the exact Minkowski-difference reference and libccd as the comparator.
noinst_LTLIBRARIES += src/contact/libccdcontact.la
src_contact_libccdcontact_la_SOURCES = \
	src/contact/contact.h \
	src/contact/smooth.c \
	src/contact/smooth.h \
	src/contact/scalar_double.h \
	src/contact/scalar_dual.h \
	src/contact/scalar_mpfr.h \
	src/contact/mpfr_arena.c \
	src/contact/mpfr_arena.h \
	src/contact/witness_generic.h \
	src/contact/witness.c \
	src/contact/witness_dual.c \
	src/contact/witness_mpfr.c \
	src/contact/sample_stats.c \
	src/contact/sample_stats.h \
	src/contact/accuracy.c \
	src/contact/accuracy.h \
	src/contact/contact_tables.c \
	src/contact/contact_tables.h \
	src/contact/rotating_edge.c \
	src/contact/rotating_edge.h \
	src/contact/qp_interior_point.c \
	src/contact/qp_interior_point.h \
	src/contact/throughput.c \
	src/contact/throughput.h \
	src/contact/sdf.c \
	src/contact/sdf.h \
	src/contact/signed_distance.c \
	src/contact/signed_distance.h \
	src/contact/sdf_generic.h \
	src/contact/pipeline.h \
	src/contact/pipeline_internal.h \
	src/contact/pipeline_generic.h \
	src/contact/pipeline.c \
	src/contact/pipeline_dual.c \
	src/contact/pipeline_mpfr.c \
	src/contact/pipeline_check.c \
	src/contact/pipeline_figure.c \
	src/contact/pipeline_figure.h \
	src/contact/scenes.c \
	src/contact/scenes.h \
	src/contact/pose.c \
	src/contact/potential_pair.c \
	src/contact/mesh_source.h \
	src/contact/potential_mesh.c \
	src/contact/potential_mesh_spec.c \
	src/contact/potential_mesh_ply.c \
	src/contact/potential_mesh_ply.h \
	src/contact/potential_bsh.c \
	src/contact/potential_internal.h \
	src/contact/potential_reference.c \
	src/contact/potential_reference.h \
	src/contact/potential_voronoi.c \
	src/contact/potential_voronoi.h \
	src/contact/potential_check.c \
	src/contact/potential_bench.c \
	src/contact/potential_report.h \
	src/contact/polyhedra_method.h \
	src/contact/minkowski_exact.c \
	src/contact/minkowski_exact.h \
	src/contact/libccd_contact.c \
	src/contact/libccd_contact.h \
	src/contact/polyhedra_check.c \
	src/contact/polyhedra_check.h \
	src/contact/polyhedra_bench.c \
	src/contact/polyhedra_bench.h \
	src/contact/polyhedra_methods.c \
	src/contact/polyhedra_sat_method.c \
	src/contact/polyhedra_sat_method.h \
	src/contact/polyhedra_methods.h \
	src/contact/polyhedra_tables.c \
	src/contact/polyhedra_tables.h \
	src/contact/scaling_cone.h \
	src/contact/scaling_shapes.c \
	src/contact/scaling_shape_spec.c \
	src/contact/scaling_shape_spec.h \
	src/contact/scaling_ipm.c \
	src/contact/scaling_ipm.h \
	src/contact/scaling_solve.c \
	src/contact/scaling_solve.h \
	src/contact/scaling_gradient.c \
	src/contact/scaling_param.c \
	src/contact/scaling_param.h \
	src/contact/scaling_ift.c \
	src/contact/exact_simplex.c \
	src/contact/exact_simplex.h \
	src/contact/scaling_gauge.c \
	src/contact/scaling_gauge.h \
	src/contact/scaling_overlap.c \
	src/contact/scaling_overlap.h \
	src/contact/scaling_reference.c \
	src/contact/scaling_reference.h \
	src/contact/scaling_check.c \
	src/contact/scaling_check.h \
	src/contact/scaling_bench.c \
	src/contact/scaling_bench.h \
	src/contact/scaling_tables.c \
	src/contact/scaling_tables.h \
	src/contact/polyhedron.c \
	src/contact/polyhedron_internal.h \
	src/contact/polyhedron_io.c \
	src/contact/polyhedra_contact.c \
	src/contact/polyhedra_internal.h \
	src/contact/polyhedra_generic.h \
	src/contact/polyhedra_jacobian.h \
	src/contact/polyhedra_jacobian.c \
	src/contact/polyhedra_mpfr.c \
	src/contact/polyhedra_pair_table.c \
	src/contact/polyhedra_pair_table.h
libccdbench_la_LIBADD += src/contact/libccdcontact.la
