/* SPDX-License-Identifier: MIT */
/*
 * Checkpoints of a run (`ccdbench run --json OUT --checkpoint DIR`).  The run
 * goes file by file; each file is a unit: the statistics of its queries over
 * every run of the series (every sweep value), written atomically to DIR as a
 * result file of their own (the run's header, the groups of the whole dataset,
 * the counts of that file's queries only), like a shard holding one file.  A
 * run restarted with the same arguments reads the units that are there instead
 * of running them, and combines all of them into OUT as `ccdbench merge` does
 * (result_merge.h); a file interrupted half-way has no unit and is run whole.
 *
 * DIR/checkpoint.key holds the key of the run: one "name: value" line per
 * thing its numbers depend on (methods, parameters and options of every run,
 * truth, data files with their sizes and times, shard, per-query records...).
 * Units are named after a hash of the key, so a unit of another run is never
 * read; a DIR made by another run is refused.
 */
#ifndef CCD_BENCH_CHECKPOINT_H
#define CCD_BENCH_CHECKPOINT_H
#include <stdint.h>

#include "bench/result_file.h"

#define CCD_CHECKPOINT_KEY_FILE "checkpoint.key"

typedef struct ccd_checkpoint {
    char *dir;
    char *key;
    uint64_t hash; /* of key */
} ccd_checkpoint;

/* The key of a run: h's data, files (each with its size and modification time,
 * or "missing"), methods, truth, shard and sweep (not its date or machine);
 * per_query; runs: the parameters of every run, one line each; extra: more
 * "name: value" lines (or NULL).  malloc'd; NULL when out of memory. */
char *ccd_checkpoint_key(const ccd_result_header *h, int per_query, const char *runs,
                         const char *extra);

/* FNV-1a, 64 bits. */
uint64_t ccd_checkpoint_hash(const char *text);

/* What differs between the keys `want` (this run) and `have` (the checkpoint's),
 * for a message: "methods: 'a' here, 'b' in the checkpoint", the name and
 * values of the first line that differs (values shortened).  malloc'd; NULL
 * when they are the same (or out of memory: then *oom is set). */
char *ccd_checkpoint_key_diff(const char *want, const char *have, int *oom);

/* Open the checkpoint directory dir for the run of key: made when missing
 * (not its parents), its key file written when it has none.  CCD_ERR_INPUT
 * "dir: checkpoint made by another run (X: 'here' here, 'there' in the
 * checkpoint); ..." when its key file
 * holds another key, or "dir: cannot ..." when it cannot be made or read. */
ccd_status ccd_checkpoint_open(ccd_checkpoint *cp, ccd_error *err, const char *dir,
                               const char *key);
void ccd_checkpoint_close(ccd_checkpoint *cp);

/* DIR/unit-HASH-NNNNNN.json, the unit of file number `unit` (malloc'd; NULL
 * when out of memory); and whether it is there (done). */
char *ccd_checkpoint_unit_path(const ccd_checkpoint *cp, size_t unit);
int ccd_checkpoint_unit_done(const ccd_checkpoint *cp, size_t unit);

#endif
