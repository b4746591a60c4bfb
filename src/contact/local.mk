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
	src/contact/witness/contact.h \
	src/contact/common/smooth.c \
	src/contact/common/smooth.h \
	src/contact/common/scalar_double.h \
	src/contact/common/scalar_dual.h \
	src/contact/common/scalar_mpfr.h \
	src/contact/common/mpfr_arena.c \
	src/contact/common/mpfr_arena.h \
	src/contact/witness/witness_generic.h \
	src/contact/witness/witness.c \
	src/contact/witness/witness_dual.c \
	src/contact/witness/witness_mpfr.c \
	src/contact/common/sample_stats.c \
	src/contact/common/sample_stats.h \
	src/contact/witness/experiments/accuracy.c \
	src/contact/witness/experiments/accuracy.h \
	src/contact/witness/experiments/contact_tables.c \
	src/contact/witness/experiments/contact_tables.h \
	src/contact/witness/experiments/rotating_edge.c \
	src/contact/witness/experiments/rotating_edge.h \
	src/contact/common/qp_interior_point.c \
	src/contact/common/qp_interior_point.h \
	src/contact/witness/experiments/throughput.c \
	src/contact/witness/experiments/throughput.h \
	src/contact/witness/sdf.c \
	src/contact/witness/sdf.h \
	src/contact/witness/signed_distance.c \
	src/contact/witness/signed_distance.h \
	src/contact/witness/sdf_generic.h \
	src/contact/witness/pipeline.h \
	src/contact/witness/pipeline_internal.h \
	src/contact/witness/pipeline_generic.h \
	src/contact/witness/pipeline.c \
	src/contact/witness/pipeline_dual.c \
	src/contact/witness/pipeline_mpfr.c \
	src/contact/witness/experiments/pipeline_check.c \
	src/contact/witness/experiments/pipeline_figure.c \
	src/contact/witness/experiments/pipeline_figure.h \
	src/contact/witness/experiments/scenes.c \
	src/contact/witness/experiments/scenes.h \
	src/contact/common/pose.c \
	src/contact/potential/potential_pair.c \
	src/contact/potential/mesh_source.h \
	src/contact/potential/potential_mesh.c \
	src/contact/potential/potential_mesh_spec.c \
	src/contact/potential/potential_mesh_ply.c \
	src/contact/potential/potential_mesh_ply.h \
	src/contact/potential/potential_bsh.c \
	src/contact/potential/potential_internal.h \
	src/contact/potential/potential_reference.c \
	src/contact/potential/potential_reference.h \
	src/contact/potential/potential_voronoi.c \
	src/contact/potential/potential_voronoi.h \
	src/contact/potential/experiments/potential_check.c \
	src/contact/potential/experiments/potential_bench.c \
	src/contact/potential/experiments/potential_report.h \
	src/contact/polyhedra/polyhedra_method.h \
	src/contact/polyhedra/minkowski_exact.c \
	src/contact/polyhedra/minkowski_exact.h \
	src/contact/polyhedra/experiments/libccd_contact.c \
	src/contact/polyhedra/experiments/libccd_contact.h \
	src/contact/polyhedra/experiments/polyhedra_check.c \
	src/contact/polyhedra/experiments/polyhedra_check.h \
	src/contact/polyhedra/experiments/polyhedra_bench.c \
	src/contact/polyhedra/experiments/polyhedra_bench.h \
	src/contact/polyhedra/experiments/polyhedra_methods.c \
	src/contact/polyhedra/experiments/polyhedra_sat_method.c \
	src/contact/polyhedra/experiments/polyhedra_sat_method.h \
	src/contact/polyhedra/experiments/polyhedra_methods.h \
	src/contact/polyhedra/experiments/polyhedra_tables.c \
	src/contact/polyhedra/experiments/polyhedra_tables.h \
	src/contact/scaling/scaling_cone.h \
	src/contact/scaling/scaling_shapes.c \
	src/contact/scaling/scaling_shape_spec.c \
	src/contact/scaling/scaling_shape_spec.h \
	src/contact/scaling/scaling_ipm.c \
	src/contact/scaling/scaling_ipm.h \
	src/contact/scaling/scaling_solve.c \
	src/contact/scaling/scaling_solve.h \
	src/contact/scaling/scaling_gradient.c \
	src/contact/scaling/scaling_param.c \
	src/contact/scaling/scaling_param.h \
	src/contact/scaling/scaling_ift.c \
	src/contact/common/exact_simplex.c \
	src/contact/common/exact_simplex.h \
	src/contact/scaling/scaling_gauge.c \
	src/contact/scaling/scaling_gauge.h \
	src/contact/scaling/scaling_overlap.c \
	src/contact/scaling/scaling_overlap.h \
	src/contact/scaling/scaling_reference.c \
	src/contact/scaling/scaling_reference.h \
	src/contact/scaling/experiments/scaling_check.c \
	src/contact/scaling/experiments/scaling_check.h \
	src/contact/scaling/experiments/scaling_bench.c \
	src/contact/scaling/experiments/scaling_bench.h \
	src/contact/scaling/experiments/scaling_tables.c \
	src/contact/scaling/experiments/scaling_tables.h \
	src/contact/polyhedra/polyhedron.c \
	src/contact/polyhedra/polyhedron_internal.h \
	src/contact/polyhedra/polyhedron_io.c \
	src/contact/polyhedra/polyhedra_contact.c \
	src/contact/polyhedra/polyhedra_internal.h \
	src/contact/polyhedra/polyhedra_generic.h \
	src/contact/polyhedra/polyhedra_jacobian.h \
	src/contact/polyhedra/polyhedra_jacobian.c \
	src/contact/polyhedra/polyhedra_mpfr.c \
	src/contact/polyhedra/experiments/polyhedra_pair_table.c \
	src/contact/polyhedra/experiments/polyhedra_pair_table.h
libccdbench_la_LIBADD += src/contact/libccdcontact.la
