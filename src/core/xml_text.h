/* SPDX-License-Identifier: MIT */
/* Text inside XML or HTML markup (JUnit reports, the HTML report). */
#ifndef CCD_CORE_XML_TEXT_H
#define CCD_CORE_XML_TEXT_H
#include <stdio.h>

#include "core/utf8.h"

/* s as character data or an attribute value in either quotes: &, <, >, " and '
 * escaped, well-formed UTF-8 as it is, and a byte that is not UTF-8 (a file name
 * in Latin-1) or a control character other than tab, LF and CR as the text \xHH,
 * as error messages write it: XML has no way to carry those bytes, and a raw one
 * makes the document ill-formed. */
static inline void ccd_xml_text(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        const size_t n = ccd_utf8_length(p);
        if (n == 0 || (*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r')) {
            fprintf(out, "\\x%02x", *p++); /* XML 1.0 has no other control character */
            continue;
        }
        switch (*p) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        default: fwrite(p, 1, n, out);
        }
        p += n;
    }
}
#endif
