/* SPDX-License-Identifier: MIT */
/* xoshiro256** seeded by splitmix64; see gen_random.h. */
#include <config.h>

#include "gen/gen_random.h"

uint64_t ccd_gen_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

uint64_t ccd_gen_hash_name(const char *name)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        h = (h ^ *p) * 0x100000001b3u;
    return h;
}

void ccd_gen_rng_for_query(ccd_gen_rng *rng, uint64_t seed, uint64_t family_hash, int kind,
                           uint64_t index)
{
    /* Chain the identifiers through splitmix64 so that neighbouring indices,
     * kinds or seeds give unrelated states. */
    uint64_t state = seed;
    state = ccd_gen_splitmix64(&state) ^ family_hash;
    state = ccd_gen_splitmix64(&state) ^ (uint64_t)kind;
    state = ccd_gen_splitmix64(&state) ^ index;
    for (int i = 0; i < 4; i++)
        rng->s[i] = ccd_gen_splitmix64(&state);
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t ccd_gen_next(ccd_gen_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

int64_t ccd_gen_uniform(ccd_gen_rng *rng, int64_t lo, int64_t hi)
{
    uint64_t span = (uint64_t)hi - (uint64_t)lo; /* hi - lo, modulo 2^64 */
    if (span == UINT64_MAX)
        return (int64_t)ccd_gen_next(rng);
    uint64_t n = span + 1;
    /* rejection: accept x below the largest multiple of n */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = ccd_gen_next(rng);
    while (x >= limit);
    return (int64_t)((uint64_t)lo + x % n);
}

void ccd_gen_uniform_q(mpq_t out, ccd_gen_rng *rng, long lo, long hi, unsigned bits)
{
    int64_t scale = (int64_t)1 << bits;
    int64_t n = ccd_gen_uniform(rng, (int64_t)lo * scale, (int64_t)hi * scale);
    mpz_set_si(mpq_numref(out), (long)n);
    mpz_set_ui(mpq_denref(out), 1);
    mpz_mul_2exp(mpq_denref(out), mpq_denref(out), bits);
    mpq_canonicalize(out);
}
