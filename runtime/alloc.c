/* Heap temporaries of generated code (pg_calloc, pg_free): a scan's
 * prefixes, a histogram's keys, the adjoints of malloc'ed arrays.
 *
 * They come and go in every call of a gradient. Fresh pages from the system
 * cost a fault each, which for arrays of millions of elements costs as much
 * as the gradient's own passes over them (and more with threads, which fault
 * together), so pg_free keeps the last few big blocks and pg_calloc hands one
 * that fits back out, zeroed (by the threads, when it is big and the call is
 * not inside a parallel region). Small blocks go straight to malloc. */
#include "pargrad.h"
#include "pargrad_parallel.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>

/* Each block starts with its size, padded to keep the memory aligned. */
enum { PG_HEADER = 64, PG_CACHE_SLOTS = 16 };
#define PG_CACHE_MIN ((size_t)1 << 20) /* smaller blocks are not kept */
#define PG_CACHE_MAX ((size_t)1 << 30) /* bytes kept at most, all blocks */

typedef struct {
    unsigned char *block;
    size_t size;
} Cached;

/* The runtime's one piece of shared state: the kept blocks, under a lock. */
static Cached kept[PG_CACHE_SLOTS];
static int nkept;
static size_t kept_bytes;
static atomic_flag kept_lock = ATOMIC_FLAG_INIT;

static void lock(void) {
    while (atomic_flag_test_and_set_explicit(&kept_lock, memory_order_acquire))
        ;
}

static void unlock(void) {
    atomic_flag_clear_explicit(&kept_lock, memory_order_release);
}

/* A kept block of at least `size` bytes and at most twice that, or NULL. */
static unsigned char *take_kept(size_t size) {
    unsigned char *found = NULL;
    lock();
    int best = -1;
    for (int i = 0; i < nkept; i++)
        if (kept[i].size >= size && kept[i].size / 2 <= size &&
            (best < 0 || kept[i].size < kept[best].size))
            best = i;
    if (best >= 0) {
        found = kept[best].block;
        kept_bytes -= kept[best].size;
        kept[best] = kept[--nkept];
    }
    unlock();
    return found;
}

static void zero(unsigned char *p, size_t bytes) {
    int nt = pg_threads_for((long)(bytes / sizeof(double)), 1); /* as for an array of doubles */
    if (nt <= 1 || bytes < PG_CACHE_MIN) {
        memset(p, 0, bytes);
        return;
    }
    PG_OMP("omp parallel num_threads(nt)") {
        int t = pg_thread_id(), m = pg_thread_count();
        PG_BLOCK((long)bytes, t, m, lo, hi);
        memset(p + lo, 0, (size_t)(hi - lo));
    }
}

static void *allocate(size_t count, size_t size, bool zeroed) {
    size_t bytes = (count ? count : 1) * size;
    unsigned char *block = bytes >= PG_CACHE_MIN ? take_kept(bytes) : NULL;
    if (!block)
        block = bytes >= PG_CACHE_MIN || !zeroed ? malloc(PG_HEADER + bytes)
                                                 : calloc(PG_HEADER + bytes, 1);
    if (!block) {
        fprintf(stderr, "pargrad runtime: out of memory (%zu x %zu bytes)\n", count, size);
        abort();
    }
    memcpy(block, &bytes, sizeof bytes);
    if (zeroed && bytes >= PG_CACHE_MIN)
        zero(block + PG_HEADER, bytes);
    return block + PG_HEADER;
}

void *pg_calloc(size_t count, size_t size) {
    return allocate(count, size, true);
}

void *pg_malloc(size_t count, size_t size) {
    return allocate(count, size, false);
}

void pg_free(void *p) {
    if (!p)
        return;
    unsigned char *block = (unsigned char *)p - PG_HEADER;
    size_t bytes;
    memcpy(&bytes, block, sizeof bytes);
    if (bytes >= PG_CACHE_MIN) {
        lock();
        /* full: the oldest kept block makes room */
        while (nkept > 0 && (nkept == PG_CACHE_SLOTS || kept_bytes + bytes > PG_CACHE_MAX)) {
            free(kept[0].block);
            kept_bytes -= kept[0].size;
            kept[0] = kept[--nkept];
        }
        if (bytes <= PG_CACHE_MAX) {
            kept[nkept++] = (Cached){block, bytes};
            kept_bytes += bytes;
            block = NULL;
        }
        unlock();
    }
    free(block);
}
