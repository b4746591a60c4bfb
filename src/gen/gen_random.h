/* SPDX-License-Identifier: MIT */
/*
 * The generator's pseudo-random numbers: xoshiro256** (Blackman & Vigna 2018)
 * with explicit state, seeded through splitmix64.  Every query has its own
 * stream, derived from (seed, family, kind, index) alone, so a query's bytes do
 * not depend on which thread makes it or on the queries made before it.
 */
#ifndef CCD_GEN_RANDOM_H
#define CCD_GEN_RANDOM_H
#include <gmp.h>
#include <stdint.h>

typedef struct ccd_gen_rng {
    uint64_t s[4];
} ccd_gen_rng;

/* One step of splitmix64: advances *state and returns the next output. */
uint64_t ccd_gen_splitmix64(uint64_t *state);

/* 64-bit FNV-1a hash of a string (stable family identifiers for seeding). */
uint64_t ccd_gen_hash_name(const char *name);

/* The stream of query `index` of kind `kind` in the family whose name hashes to
 * `family_hash`, for the user's seed. */
void ccd_gen_rng_for_query(ccd_gen_rng *rng, uint64_t seed, uint64_t family_hash, int kind,
                           uint64_t index);

/* Next 64 random bits. */
uint64_t ccd_gen_next(ccd_gen_rng *rng);

/* Uniform integer in [lo, hi] (lo <= hi), without modulo bias. */
int64_t ccd_gen_uniform(ccd_gen_rng *rng, int64_t lo, int64_t hi);

/* Uniform dyadic rational in [lo, hi] on the grid 2^-bits: out = n / 2^bits with
 * n uniform in [lo·2^bits, hi·2^bits]. */
void ccd_gen_uniform_q(mpq_t out, ccd_gen_rng *rng, long lo, long hi, unsigned bits);

#endif
