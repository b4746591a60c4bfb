/* SPDX-License-Identifier: MIT */
/*
 * Exact labelling split into parts (the ranks of an MPI job, bench/mpi_job.h):
 * each part decides the queries of its shard and keeps their labels as text;
 * the parts together are handed to on_query in file and query order, exactly
 * the sequence ccd_exact_label_run gives one process deciding everything.
 *
 * A part is one line per query: "FILE INDEX LABEL COLLIDES SECONDS LO HI", the
 * file number, the query's index and its label in the input (-1: none), 0 or 1,
 * the oracle's time as a C99 hexadecimal float (read back exactly), and the toi
 * bounds ("-" when it does not collide).
 */
#ifndef CCD_BENCH_EXACT_LABEL_PARTS_H
#define CCD_BENCH_EXACT_LABEL_PARTS_H
#include "bench/exact_labels.h"

/* Decide the queries of shard cfg->shard_index of cfg->shard_count and write
 * their lines to *part (malloc'd, *length bytes; cfg->on_query is not called). */
ccd_status ccd_exact_label_run_part(char **part, size_t *length, ccd_error *err,
                                    const ccd_dataset *ds, const ccd_exact_label_config *cfg);

/* Hand the labels of parts[0 .. n) (every shard once; the texts are changed in
 * place) to cfg->on_query in file and query order.  CCD_ERR_INTERNAL, naming
 * the part, for a line that is malformed, names a file not in ds, or repeats a
 * query. */
ccd_status ccd_exact_label_replay(ccd_error *err, const ccd_dataset *ds,
                                  const ccd_exact_label_config *cfg, char *const *parts,
                                  const size_t *lengths, size_t n);
#endif
