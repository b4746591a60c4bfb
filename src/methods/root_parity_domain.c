/* SPDX-License-Identifier: MIT */
/* The domain ∂Ω of the root-parity methods (see root_parity_domain.h). */
#include <config.h>

#include "methods/root_parity_domain.h"

#include <math.h>
#include <stdint.h>

const int ccd_rp_pair_a[2][3] = {{0, 1, 3}, {0, 3, 2}};
const int ccd_rp_pair_b[2][3] = {{0, 1, 2}, {1, 3, 2}};

static const ccd_rp_face VF_FACES[5] = {
    {{{0, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 0, 1}}}, /* t = 0 (triangle)      */
    {{{1, 0, 0}, {1, 1, 0}, {1, 0, 1}, {1, 0, 1}}}, /* t = 1 (triangle)      */
    {{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 1}}}, /* u = 0                 */
    {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}}, /* v = 0                 */
    {{{0, 1, 0}, {1, 1, 0}, {0, 0, 1}, {1, 0, 1}}}, /* u + v = 1             */
};

static const ccd_rp_face EE_FACES[6] = {
    {{{0, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 1, 1}}}, /* t = 0 */
    {{{1, 0, 0}, {1, 1, 0}, {1, 0, 1}, {1, 1, 1}}}, /* t = 1 */
    {{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 1}}}, /* u = 0 */
    {{{0, 1, 0}, {1, 1, 0}, {0, 1, 1}, {1, 1, 1}}}, /* u = 1 */
    {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}}, /* v = 0 */
    {{{0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}}}, /* v = 1 */
};

const ccd_rp_face *ccd_rp_faces(int *count, ccd_kind kind)
{
    *count = kind == CCD_VF ? 5 : 6;
    return kind == CCD_VF ? VF_FACES : EE_FACES;
}

const int ccd_rp_rows[2][6] = {
    [CCD_VF] = {0, 1, 1, 2, 1, 3},
    [CCD_EE] = {0, 2, 1, 0, 2, 3},
};

void ccd_rp_direction(long d[3], int attempt)
{
    uint64_t x = 0x9E3779B97F4A7C15ull * (uint64_t)(attempt + 1) + 0x632BE59BD9B4E019ull;
    for (int c = 0; c < 3; c++) {
        x ^= x >> 30;
        x *= 0xBF58476D1CE4E5B9ull;
        x ^= x >> 27;
        x *= 0x94D049BB133111EBull;
        x ^= x >> 31;
        d[c] = (long)(x % 2097153u) - 1048576;
    }
}

void ccd_rp_answer(ccd_result *r, int collides, long checks)
{
    r->collides = collides;
    r->toi = r->toi_upper = collides ? 0.0 : INFINITY;
    r->tolerance = 0;
    r->checks = checks;
    r->hit_max_checks = 0;
}
