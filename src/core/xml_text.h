/* SPDX-License-Identifier: MIT */
/* Text inside XML or HTML markup (JUnit reports, the HTML report). */
#ifndef CCD_CORE_XML_TEXT_H
#define CCD_CORE_XML_TEXT_H
#include <stdio.h>

/* s as character data or an attribute value in either quotes: &, <, >, " and '
 * escaped, everything else (UTF-8 included) as it is. */
static inline void ccd_xml_text(FILE *out, const char *s)
{
    for (; *s; s++)
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        default: fputc(*s, out);
        }
}
#endif
