/* SPDX-License-Identifier: MIT */
/*
 * Well-formed UTF-8 (RFC 3629), for the writers of text formats that must be
 * UTF-8: JSON and XML.  What they write comes mostly from the program, but file
 * names come from the file system, where any byte but '/' and NUL is allowed
 * (a data set named in Latin-1).
 */
#ifndef CCD_CORE_UTF8_H
#define CCD_CORE_UTF8_H
#include <stddef.h>

/* The length of the well-formed UTF-8 sequence that starts at s (1 to 4), or 0
 * when the bytes there are not one: a continuation byte, an overlong form, a
 * surrogate (U+D800 to U+DFFF), a code point above U+10FFFF, or a sequence cut
 * short (by the terminating NUL too, which is never a continuation byte). */
static inline size_t ccd_utf8_length(const unsigned char *s)
{
    if (s[0] < 0x80)
        return 1;
    size_t n;
    unsigned char lo = 0x80, hi = 0xBF; /* the range of the second byte */
    if (s[0] >= 0xC2 && s[0] <= 0xDF) {
        n = 2;
    } else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
        n = 3;
        if (s[0] == 0xE0)
            lo = 0xA0; /* below: overlong */
        if (s[0] == 0xED)
            hi = 0x9F; /* above: surrogates */
    } else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
        n = 4;
        if (s[0] == 0xF0)
            lo = 0x90; /* below: overlong */
        if (s[0] == 0xF4)
            hi = 0x8F; /* above: beyond U+10FFFF */
    } else {
        return 0;
    }
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return n;
}
#endif
