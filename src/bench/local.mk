# SPDX-License-Identifier: MIT
# src/bench: the runner (OpenMP batches, timing), statistics, exact labelling.
noinst_LTLIBRARIES += src/bench/libccdrun.la
src_bench_libccdrun_la_SOURCES = \
	src/bench/batch_loop.c \
	src/bench/batch_loop.h \
	src/bench/work_queue.c \
	src/bench/work_queue.h \
	src/bench/schedule_replay.c \
	src/bench/schedule_replay.h \
	src/bench/checkpoint.c \
	src/bench/cost_cache.c \
	src/bench/cost_cache.h \
	src/bench/expected_costs.c \
	src/bench/expected_costs.h \
	src/bench/checkpoint.h \
	src/bench/cpu_span.c \
	src/bench/cpu_span.h \
	src/bench/gate.c \
	src/bench/gate.h \
	src/bench/gate_times.c \
	src/bench/gate_times.h \
	src/bench/confine.c \
	src/bench/confine.h \
	src/bench/isolate.c \
	src/bench/isolate.h \
	src/bench/json_doc.c \
	src/bench/json_doc.h \
	src/bench/method_detail.c \
	src/bench/method_detail.h \
	src/bench/method_failure.c \
	src/bench/method_failure.h \
	src/bench/method_stats.c \
	src/bench/method_stats.h \
	src/bench/mpi_job.c \
	src/bench/mpi_job.h \
	src/bench/outcome.h \
	src/bench/result_file.c \
	src/bench/result_merge.c \
	src/bench/result_merge.h \
	src/bench/result_file.h \
	src/bench/result_records.c \
	src/bench/result_records.h \
	src/bench/preset.c \
	src/bench/query_answers.c \
	src/bench/query_answers.h \
	src/bench/preset.h \
	src/bench/run_series.c \
	src/bench/run_series.h \
	src/bench/shard.h \
	src/bench/runner.c \
	src/bench/runner.h \
	src/bench/sweep.c \
	src/bench/sweep.h \
	src/bench/time_histogram.c \
	src/bench/time_histogram.h \
	src/bench/exact_labels.c \
	src/bench/exact_label_parts.c \
	src/bench/exact_label_parts.h \
	src/bench/exact_labels.h \
	src/bench/truth_file_writer.c \
	src/bench/truth_file_writer.h \
	src/bench/truth_file_path.c \
	src/bench/truth_file_path.h \
	src/bench/truth_file_reader.c \
	src/bench/truth_file_reader.h \
	src/bench/wrong_answers.c \
	src/bench/wrong_answers.h
# MPI (configure --with-mpi): the MPI calls are the module ccdbench-mpi.so,
# which only a process started by mpirun or srun loads (bench/mpi_backend.h);
# neither the library nor the programs link libmpi.
src_bench_libccdrun_la_CPPFLAGS = $(AM_CPPFLAGS) -DCCD_PKGLIBDIR='"$(pkglibdir)"'
if HAVE_MPI
pkglib_LTLIBRARIES += src/bench/ccdbench-mpi.la
src_bench_ccdbench_mpi_la_SOURCES = src/bench/mpi_backend.c src/bench/mpi_backend.h
src_bench_ccdbench_mpi_la_CPPFLAGS = $(AM_CPPFLAGS) $(MPI_CFLAGS)
src_bench_ccdbench_mpi_la_LDFLAGS = -module -avoid-version -shared
src_bench_ccdbench_mpi_la_LIBADD = $(MPI_LIBS)
endif
libccdbench_la_LIBADD += src/bench/libccdrun.la
