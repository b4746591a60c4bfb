/* SPDX-License-Identifier: MIT */
/*
 * One line of a text file (the OBJ and OFF mesh readers), with what fgets cannot
 * tell: a NUL byte inside the line (fgets stops the string there, so a file of NULs
 * read as blank lines forever) and a line longer than the buffer.
 */
#ifndef CCD_CORE_TEXT_LINE_H
#define CCD_CORE_TEXT_LINE_H
#include <stddef.h>
#include <stdio.h>

typedef enum ccd_text_line {
    CCD_TEXT_LINE = 0,     /* buf holds the line, its '\n' (if any) and a NUL     */
    CCD_TEXT_END = 1,      /* no more lines                                       */
    CCD_TEXT_TOO_LONG = 2, /* more than size − 2 characters before the '\n'       */
    CCD_TEXT_NUL = 3,      /* a NUL byte, at 1-based column *column               */
    CCD_TEXT_ERROR = 4     /* a read error (errno set)                            */
} ccd_text_line;

/* Reads the next line of f into buf (size ≥ 3); on CCD_TEXT_NUL, *column is the NUL
 * byte's column.  The rest of a line that is too long or holds a NUL is not read:
 * the caller stops at the error. */
ccd_text_line ccd_text_line_read(char *buf, size_t size, size_t *column, FILE *f);

#endif
