/* SPDX-License-Identifier: MIT */
/* The shard rule of `run --shard I/N` and of the ranks of an MPI job
 * (CCD_RESULT_SHARD_RULE): query i of file f (files sorted by path, from 0) is
 * in shard (f + i) mod count, so every shard gets queries of every file. */
#ifndef CCD_BENCH_SHARD_H
#define CCD_BENCH_SHARD_H
#include <stddef.h>
#include <stdint.h>

/* count >= 1; (f mod count + i mod count) mod count = (f + i) mod count without
 * overflow. */
static inline unsigned ccd_shard_of(size_t file, uint64_t index, unsigned count)
{
    return (unsigned)(((uint64_t)file % count + index % count) % count);
}

#endif
