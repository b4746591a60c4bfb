/* SPDX-License-Identifier: MIT */
/* One line of a text file, NUL bytes and overlong lines told apart (text_line.h). */
#include <config.h>

#include "core/text_line.h"
#include "core/assert.h"

ccd_text_line ccd_text_line_read(char *buf, size_t size, size_t *column, FILE *f)
{
    CCD_ASSERT(size >= 3);
    size_t n = 0;
    int c;
    while ((c = getc(f)) != EOF) {
        if (c == '\0') {
            *column = n + 1;
            return CCD_TEXT_NUL;
        }
        if (n == size - 2 && c != '\n')
            return CCD_TEXT_TOO_LONG; /* room is kept for the '\n' and the NUL */
        buf[n++] = (char)c;
        if (c == '\n')
            break;
    }
    buf[n] = '\0';
    if (c == EOF && ferror(f))
        return CCD_TEXT_ERROR;
    return n == 0 && c == EOF ? CCD_TEXT_END : CCD_TEXT_LINE;
}
