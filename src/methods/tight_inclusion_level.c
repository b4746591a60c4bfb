/* SPDX-License-Identifier: MIT */
/*
 * One level of Tight Inclusion's level-by-level search (tight_inclusion_search.c),
 * stored in as little memory as its boxes allow, and the step to the next level made
 * in place.
 *
 * All boxes of a level have one shape (n_t, n_u, n_v), so a box is known by the
 * integers of its lower corner, k_d = corner_d · 2^n_d < 2^n_d.  A level stores them
 * relative to a frame: k_d = base_d + r_d with r_d < 2^b_d, and when b_t + b_u + b_v ≤
 * 64 the three r_d fit one word, r_t above r_u above r_v (word order is then (t, u, v)
 * order); else a box takes three words (the k_d themselves).  A wide level is a
 * refinement of a small region: on the shared data the widest levels (830,000 boxes
 * under a minimum separation, 315,000 at d = 0) are up to 68 levels deep, but their
 * boxes span at most 2^33 grid cells, so every box there takes one word (a box of
 * doubles took 24 bytes).
 *
 * The frame follows the boxes: a split in dimension s doubles base_s and adds one bit
 * to b_s, which keeps every child in the frame (2 r_s or 2 r_s + 1); when that would
 * pass 64 bits, the frame is fitted again to the kept boxes (their least and greatest
 * k_d), one pass over them.
 *
 * The search checks a level's boxes in t order and keeps, in place, those that split
 * (ccd_ti_level_keep: the kept boxes move down, never up), with one bit each: whether
 * the upper half is kept too (the lower half always is).  ccd_ti_level_split then
 * writes the children over the level, from the last kept box to the first: every kept
 * box has at least one child and a box never takes fewer words than its parent, so
 * box j's children go at or after position j, and every box not yet read sits before
 * it.  The children's order is the one the level search needs, by t:
 *   - split in u or v: the children keep their parent's t; each parent's lower half,
 *     then its upper half, in parent order;
 *   - split in t: the boxes of a level lie on the grid t = k_t · 2^-n_t, so a run of
 *     parents with one k_t (a group) has lower halves at that t and upper halves at
 *     t + 2^-(n_t+1), before the next group's t: the group's lower halves, then its
 *     upper halves, each in parent order.  This is the stable merge of the two runs
 *     that a separate buffer of upper halves gave.
 * Memory: the level's widest count of boxes (before or after a split) times one (or
 * three) words, plus a bit a box.
 */
#include <config.h>

#include "methods/tight_inclusion.h"

#include "core/assert.h"

#include <stdlib.h>
#include <string.h>

/* Sets the level's shape and the layout of its boxes: with one word a box (b_t + b_u
 * + b_v ≤ 64, unless three_words), r_t above r_u above r_v, each read as (word >>
 * shift) & mask; with three, the k_d themselves (base 0).  When b_t = 0 (r_t = 0) and
 * b_u + b_v = 64, r_t's shift is clamped to 63 (its mask is 0). */
static void set_layout(ccd_ti_level *l, const int n[3], const uint64_t base[3],
                       const int bits[3], int three_words)
{
    l->words = three_words || bits[0] + bits[1] + bits[2] > 64 ? 3 : 1;
    for (int d = 0; d < 3; ++d) {
        CCD_ASSERT(n[d] >= 0 && n[d] <= 53 && bits[d] >= 0 && bits[d] <= n[d]);
        l->n[d] = n[d];
        l->base[d] = l->words == 1 ? base[d] : 0;
        l->bits[d] = l->words == 1 ? bits[d] : n[d];
        l->mask[d] = ((uint64_t)1 << l->bits[d]) - 1;
    }
    l->shift[2] = 0;
    l->shift[1] = l->bits[2];
    l->shift[0] = l->bits[1] + l->bits[2] < 64 ? l->bits[1] + l->bits[2] : 63;
}

/* Bits of x: the least b with x < 2^b. */
static int bit_length(uint64_t x)
{
    return x ? 64 - __builtin_clzll(x) : 0;
}

/* Box k at position i of a level laid out as l. */
static inline void put_box(const ccd_ti_level *l, size_t i, const uint64_t k[3])
{
    if (l->words == 1) {
        uint64_t r[3];
        for (int d = 0; d < 3; ++d) {
            r[d] = k[d] - l->base[d];
            CCD_ASSERT(k[d] >= l->base[d] && !(r[d] & ~l->mask[d])); /* in the frame */
        }
        l->word[i] = r[0] << l->shift[0] | r[1] << l->shift[1] | r[2];
    } else {
        uint64_t *w = l->word + 3 * i;
        w[0] = k[0], w[1] = k[1], w[2] = k[2];
    }
}

/* Room for `words` words in *at (capacity *capacity, doubling from `first`), and the
 * high mark *high raised to them.  0 when out of memory (*at unchanged). */
static int reserve(uint64_t **at, size_t *capacity, size_t *high, size_t words, size_t first)
{
    *high = words > *high ? words : *high;
    if (words <= *capacity)
        return 1;
    size_t cap = *capacity ? *capacity : first;
    while (cap < words)
        cap *= 2;
    uint64_t *p = realloc(*at, cap * sizeof *p);
    if (!p)
        return 0;
    *at = p, *capacity = cap;
    return 1;
}

static int reserve_words(ccd_ti_level *l, size_t words)
{
    return reserve(&l->word, &l->capacity, &l->high, words, 256);
}

static int reserve_bits(ccd_ti_level *l, size_t bits)
{
    return reserve(&l->upper, &l->bits_capacity, &l->bits_high, (bits + 63) / 64, 64);
}

int ccd_ti_level_root(ccd_ti_level *l)
{
    set_layout(l, (const int[3]){0, 0, 0}, (const uint64_t[3]){0, 0, 0}, (const int[3]){0, 0, 0},
               0);
    l->count = 0;
    if (!reserve_words(l, 1) || !reserve_bits(l, 1))
        return 0;
    l->word[0] = 0;
    l->count = 1;
    return 1;
}

int ccd_ti_level_ready(ccd_ti_level *l)
{
    return reserve_bits(l, l->count);
}

static inline int upper_kept(const ccd_ti_level *l, size_t j)
{
    return (int)(l->upper[j / 64] >> (j % 64) & 1);
}

/* r_t (k_t with three words) of box j: the group key of a t split. */
static inline uint64_t box_t(const ccd_ti_level *l, size_t j)
{
    return l->words == 1 ? l->word[j] >> l->shift[0] & l->mask[0] : l->word[3 * j];
}

/* The halves of the kept box j of level `from`, written before `end` in the layout
 * of `to` (the next level over the same buffer); returns the new end: its upper half
 * when kept and `which` allows, its lower half when `which` allows (1 lower, 2
 * upper, 3 both; a lower half goes before an upper one).  Any layouts; the split
 * below has its own loops for the common one (one word a box, the frame followed). */
static inline size_t put_halves(const ccd_ti_level *to, size_t end, const ccd_ti_level *from,
                                size_t j, int split, int which)
{
    uint64_t k[3];
    ccd_ti_level_box(k, from, j);
    k[split] *= 2;
    if ((which & 2) && upper_kept(from, j)) {
        k[split] += 1;
        put_box(to, --end, k);
        k[split] -= 1;
    }
    if (which & 1)
        put_box(to, --end, k);
    return end;
}

int ccd_ti_level_split(ccd_ti_level *l, size_t kept, int split)
{
    CCD_ASSERT(split >= 0 && split < 3 && kept <= l->count);
    size_t children = kept; /* plus the upper halves kept: the bits set below kept */
    for (size_t w = 0; w < kept / 64; ++w)
        children += (size_t)__builtin_popcountll(l->upper[w]);
    if (kept % 64)
        children += (size_t)__builtin_popcountll(l->upper[kept / 64] &
                                                 (((uint64_t)1 << (kept % 64)) - 1));
    int n[3] = {l->n[0], l->n[1], l->n[2]};
    ++n[split];
    /* The next level's frame: this one's, followed into the split; or, past 64 bits,
     * fitted to the kept boxes. */
    uint64_t base[3] = {l->base[0], l->base[1], l->base[2]};
    int bits[3] = {l->bits[0], l->bits[1], l->bits[2]};
    base[split] *= 2;
    bits[split] += 1;
    const int follows = l->words == 1 && bits[0] + bits[1] + bits[2] <= 64;
    if (!follows && l->words == 1 && kept > 0) {
        uint64_t lo[3], hi[3], k[3];
        ccd_ti_level_box(lo, l, 0);
        memcpy(hi, lo, sizeof hi);
        for (size_t j = 1; j < kept; ++j) {
            ccd_ti_level_box(k, l, j);
            for (int d = 0; d < 3; ++d) {
                lo[d] = k[d] < lo[d] ? k[d] : lo[d];
                hi[d] = k[d] > hi[d] ? k[d] : hi[d];
            }
        }
        for (int d = 0; d < 3; ++d) {
            base[d] = d == split ? 2 * lo[d] : lo[d];
            bits[d] = bit_length(d == split ? 2 * (hi[d] - lo[d]) + 1 : hi[d] - lo[d]);
        }
    }
    ccd_ti_level next = *l;
    set_layout(&next, n, base, bits, l->words == 3);
    /* children never overtake unread parents: box words never shrink */
    CCD_ASSERT(next.words >= l->words);
    if (!reserve_words(l, children * next.words))
        return 0;
    next.word = l->word;
    size_t end = children; /* the children of the parents after j go at end and after */
    /* One word a box before and after, in the followed frame: r_split doubles in
     * place and the fields above it move up a bit (at + 1 ≤ 64 bits of the next
     * level; at + 1 = 64 only when nothing lies above `at`). */
    const int in_place = follows && next.words == 1;
    if (split != 0 && in_place) {
        const int at = l->shift[split];
        const uint64_t below = ((uint64_t)1 << at) - 1;
        const uint64_t *upper = l->upper;
        uint64_t *word = l->word;
        for (size_t j = kept; j-- > 0;) {
            const uint64_t w = word[j];
            const uint64_t lower = (at + 1 < 64 ? (w >> at) << (at + 1) : 0) | (w & below);
            if (upper[j / 64] >> (j % 64) & 1)
                word[--end] = lower | (uint64_t)1 << at;
            word[--end] = lower;
            CCD_ASSERT(end >= j);
        }
    } else if (split != 0) {
        /* each parent's lower half, then its upper half */
        for (size_t j = kept; j-- > 0;) {
            end = put_halves(&next, end, l, j, split, 3);
            CCD_ASSERT(end >= j); /* parent j's lower half lands at or after j */
        }
    } else {
        for (size_t b = kept; b > 0;) {
            /* the group [a, b): the kept parents with the t of parent b - 1; its lower
             * halves, then its upper halves */
            const uint64_t t = box_t(l, b - 1);
            size_t a = b - 1;
            while (a > 0 && box_t(l, a - 1) == t)
                --a;
            if (in_place) {
                /* as above; r_t is the top field, so only the fields below it stay */
                const int at = l->shift[0];
                const uint64_t below = ((uint64_t)1 << at) - 1;
                uint64_t *word = l->word;
                const uint64_t high = at + 1 < 64 ? t << (at + 1) : 0;
                for (size_t j = b; j-- > a;)
                    if (upper_kept(l, j))
                        word[--end] = high | (word[j] & below) | (uint64_t)1 << at;
                CCD_ASSERT(end >= b);
                for (size_t j = b; j-- > a;) {
                    word[--end] = high | (word[j] & below);
                    CCD_ASSERT(end >= j);
                }
            } else {
                for (size_t j = b; j-- > a;)
                    end = put_halves(&next, end, l, j, 0, 2);
                CCD_ASSERT(end >= b); /* the upper halves land after the group */
                for (size_t j = b; j-- > a;) {
                    end = put_halves(&next, end, l, j, 0, 1);
                    CCD_ASSERT(end >= j);
                }
            }
            b = a;
        }
    }
    CCD_ASSERT(end == 0);
    next.count = children;
    next.capacity = l->capacity, next.high = l->high;
    *l = next;
    return 1;
}

size_t ccd_ti_level_bytes(const ccd_ti_level *l)
{
    return (l->capacity + l->bits_capacity) * sizeof(uint64_t);
}

size_t ccd_ti_level_high_bytes(const ccd_ti_level *l)
{
    return (l->high + l->bits_high) * sizeof(uint64_t);
}

void ccd_ti_level_settle(ccd_ti_level *l, size_t keep_bytes)
{
    if (ccd_ti_level_bytes(l) > keep_bytes) {
        free(l->word);
        free(l->upper);
        l->word = l->upper = NULL;
        l->capacity = l->bits_capacity = l->count = 0;
    }
    l->high = l->bits_high = 0;
}

void ccd_ti_level_free(ccd_ti_level *l)
{
    free(l->word);
    free(l->upper);
}
