/* A small <stdlib.h> for the fuzz target (see math.h here). */
#ifndef PARGRAD_FUZZ_STDLIB_H
#define PARGRAD_FUZZ_STDLIB_H

#include <stddef.h>

void *malloc(size_t);
void *calloc(size_t, size_t);
void *realloc(void *, size_t);
void free(void *);
void abort(void);

#endif
