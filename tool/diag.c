#define _POSIX_C_SOURCE 200809L
/* Diagnostics in the form compilers print, so editors and CI logs link them:
 *   in.c:12:5: error: message
 *      12 |     s += x[i];
 *         |     ^
 *   hint: what to do instead */
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

char *read_file_text(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n - 1 == 0) {
            cap *= 2;
            char *bigger = realloc(buf, cap);
            if (!bigger) {
                free(buf);
                buf = NULL;
            }
            buf = bigger;
        }
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        if (len)
            *len = n;
    }
    return buf;
}

static const char *source_line(Diags *d, const char *path, int line, int *len) {
    if (!path)
        return NULL;
    if (!d->path || strcmp(d->path, path) != 0) {
        free(d->path);
        free(d->text);
        d->path = strdup(path);
        d->text = read_file_text(path, NULL);
    }
    if (!d->text)
        return NULL;
    const char *p = d->text;
    for (int l = 1; l < line && p; l++) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    if (!p || !*p)
        return NULL;
    const char *end = strchr(p, '\n');
    *len = end ? (int)(end - p) : (int)strlen(p);
    return p;
}

static void print_located(Diags *d, const char *kind, SrcLoc loc, const char *fmt, va_list ap) {
    FILE *out = d->out ? d->out : stderr;
    if (loc.file && loc.line > 0)
        fprintf(out, "%s:%d:%d: %s: ", loc.file, loc.line, loc.col > 0 ? loc.col : 1, kind);
    else
        fprintf(out, "pargrad: %s: ", kind);
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    int len = 0;
    const char *text = source_line(d, loc.file, loc.line, &len);
    if (!text)
        return;
    fprintf(out, "%5d | %.*s\n      | ", loc.line, len, text);
    /* Keep tabs so that the caret lines up under the source. */
    for (int i = 0; i < loc.col - 1 && i < len; i++)
        fputc(text[i] == '\t' ? '\t' : ' ', out);
    fputs("^\n", out);
}

static void print_hinted(Diags *d, const char *kind, SrcLoc loc, const char *hint, const char *fmt,
                         va_list ap) {
    print_located(d, kind, loc, fmt, ap);
    if (hint)
        fprintf(d->out ? d->out : stderr, "hint: %s\n", hint);
}

void diag_error(Diags *d, SrcLoc loc, const char *hint, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    print_hinted(d, "error", loc, hint, fmt, ap);
    va_end(ap);
    d->errors++;
}

void diag_warning(Diags *d, SrcLoc loc, const char *hint, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    print_hinted(d, "warning", loc, hint, fmt, ap);
    va_end(ap);
}

void diag_note(Diags *d, SrcLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    print_located(d, "note", loc, fmt, ap);
    va_end(ap);
}

void diag_free(Diags *d) {
    free(d->path);
    free(d->text);
    d->path = d->text = NULL;
}
