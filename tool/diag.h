/* Compiler-style diagnostics: file:line:col, the source line, a caret, a hint. */
#ifndef PARGRAD_DIAG_H
#define PARGRAD_DIAG_H

#include "ir.h"

typedef struct Diags {
    FILE *out;
    int errors;
    /* The last file read for source lines. */
    char *path;
    char *text;
} Diags;

void diag_error(Diags *d, SrcLoc loc, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void diag_note(Diags *d, SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A problem pargrad works around (the output stays correct, maybe slower) */
void diag_warning(Diags *d, SrcLoc loc, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void diag_free(Diags *d);
/* Reads a whole file; NULL when it cannot be read. The caller frees. */
char *read_file_text(const char *path, size_t *len);

#endif
