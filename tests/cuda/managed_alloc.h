/* Included first into the e2e checks by tests/cuda/run_gpu.sh on a GPU
 * that cannot address host memory (no HMM or ATS): the checks' heap arrays
 * come from CUDA's managed memory instead (gpu_checks.c), which the
 * gradients' kernels can read. */
#ifndef PG_MANAGED_ALLOC_H
#define PG_MANAGED_ALLOC_H
#include <stdlib.h>
#include <string.h>
void *pg_managed_malloc(size_t bytes);
void *pg_managed_calloc(size_t n, size_t size);
void *pg_managed_realloc(void *p, size_t bytes);
void pg_managed_free(void *p);
#define malloc pg_managed_malloc
#define calloc pg_managed_calloc
#define realloc pg_managed_realloc
#define free pg_managed_free
#endif
