/* SPDX-License-Identifier: MIT */
/* Groups of lines in a buffer of text (line_groups.h). */
#include <config.h>

#include "query/line_groups.h"
#include "core/assert.h"

#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

size_t ccd_line_groups_scalar(const char **end, const char *text, size_t size, size_t lines,
                              size_t max)
{
    CCD_ASSERT(lines >= 1);
    const char *p = text, *stop = text + size;
    *end = text;
    size_t groups = 0, in_group = 0;
    while (groups < max) {
        const char *nl = memchr(p, '\n', (size_t)(stop - p));
        if (!nl)
            break;
        p = nl + 1;
        if (++in_group == lines) {
            in_group = 0;
            groups++;
            *end = p;
        }
    }
    return groups;
}

#if defined(__SSE2__)
/* Bit i set where p[i] is '\n', i < 64. */
static inline uint64_t newline_mask(const char *p)
{
    const __m128i nl = _mm_set1_epi8('\n');
    const uint64_t m0 = (uint16_t)_mm_movemask_epi8(
        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), nl));
    const uint64_t m1 = (uint16_t)_mm_movemask_epi8(
        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 16)), nl));
    const uint64_t m2 = (uint16_t)_mm_movemask_epi8(
        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 32)), nl));
    const uint64_t m3 = (uint16_t)_mm_movemask_epi8(
        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 48)), nl));
    return m0 | m1 << 16 | m2 << 32 | m3 << 48;
}

/* The scan, inlined twice below: with POPCNT and without. */
static inline __attribute__((always_inline)) size_t
groups_sse2(const char **end, const char *text, size_t size, size_t lines, size_t max)
{
    CCD_ASSERT(lines >= 1);
    const char *p = text, *stop = text + size;
    *end = text;
    size_t groups = 0;
    size_t left = lines; /* newlines until the current group ends */
    /* Invariant at each block: `groups` groups end at or before p, *end after
     * the last of them, and the current group needs `left` more newlines. */
    while (groups < max && stop - p >= 64) {
        uint64_t m = newline_mask(p);
        size_t c = (size_t)__builtin_popcountll(m);
        while (c >= left) { /* the group ends in this block: at its left-th newline */
            for (size_t k = 1; k < left; k++)
                m &= m - 1; /* drop the newlines before it */
            const int bit = __builtin_ctzll(m);
            *end = p + bit + 1;
            m &= m - 1;
            c -= left;
            left = lines;
            if (++groups == max)
                return groups;
        }
        left -= c;
        p += 64;
    }
    /* the last bytes, fewer than 64: a line at a time */
    while (groups < max) {
        const char *nl = memchr(p, '\n', (size_t)(stop - p));
        if (!nl)
            break;
        p = nl + 1;
        if (--left == 0) {
            left = lines;
            groups++;
            *end = p;
        }
    }
    return groups;
}

#if defined(__x86_64__) && defined(__GNUC__)
/* With POPCNT (all x86-64 CPUs since 2008, but not the x86-64 baseline, for
 * which __builtin_popcountll is a call into libgcc: 0.5 % of a run's samples,
 * in the serial cutting, and a sixth of the cutter's instructions). */
__attribute__((target("popcnt"))) static size_t groups_sse2_popcnt(const char **end,
                                                                   const char *text,
                                                                   size_t size, size_t lines,
                                                                   size_t max)
{
    return groups_sse2(end, text, size, lines, max);
}
#define CCD_HAVE_GROUPS_POPCNT 1
#endif

size_t ccd_line_groups_sse2(const char **end, const char *text, size_t size, size_t lines,
                            size_t max)
{
#ifdef CCD_HAVE_GROUPS_POPCNT
    if (__builtin_cpu_supports("popcnt"))
        return groups_sse2_popcnt(end, text, size, lines, max);
#endif
    return groups_sse2(end, text, size, lines, max);
}
#endif

size_t ccd_line_groups(const char **end, const char *text, size_t size, size_t lines, size_t max)
{
#if defined(__SSE2__)
    return ccd_line_groups_sse2(end, text, size, lines, max);
#else
    return ccd_line_groups_scalar(end, text, size, lines, max);
#endif
}
