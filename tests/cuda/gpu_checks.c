/* Linked into the e2e checks' GPU builds by tests/cuda/run_gpu.sh.
 *
 * The checks' tapes: the one-thread kernels' tapes and the grid threads'
 * are in the device heap, 8 MB unless raised before the first kernel runs,
 * which main does here before the check's own main (as a program with big
 * tapes must; the message on running out says so): 4 GB, or
 * PG_GPU_HEAP_MB (1 GB ran out on an H200 in 75 of the e2e programs,
 * whose grids of up to 4096 x 256 threads each keep a tape).
 *
 * Host memory: where the GPU cannot address host memory (no HMM or ATS),
 * managed_alloc.h sends the checks' heap arrays here, to managed memory,
 * which the gradients' kernels can read, and the check runs on a stack of
 * managed memory (PG_GPU_MANAGED_STACK, set by run_gpu.sh where the GPU
 * says it cannot read pageable host memory). The program's static data
 * (the checks' static arrays) is registered with CUDA there, mapped at
 * the same addresses for the kernels (cudaHostRegister), where the GPU
 * can use registered host pointers as they are; where it cannot, static
 * arrays stay out of the GPU's reach (run_gpu.sh says which checks that
 * stops), as do the stacks of checks that fork. */
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

enum { HEADER = 64 };

void *pg_managed_malloc(size_t bytes) {
    unsigned char *p = NULL;
    if (cudaMallocManaged((void **)&p, bytes + HEADER, cudaMemAttachGlobal) != cudaSuccess) {
        fprintf(stderr, "gpu_checks: cudaMallocManaged of %zu bytes failed\n", bytes);
        abort();
    }
    memcpy(p, &bytes, sizeof bytes);
    return p + HEADER;
}

void *pg_managed_calloc(size_t n, size_t size) {
    void *p = pg_managed_malloc(n * size);
    memset(p, 0, n * size);
    return p;
}

void pg_managed_free(void *p) {
    if (p)
        cudaFree((unsigned char *)p - HEADER);
}

void *pg_managed_realloc(void *p, size_t bytes) {
    void *q = pg_managed_malloc(bytes);
    if (p) {
        size_t old;
        memcpy(&old, (unsigned char *)p - HEADER, sizeof old);
        memcpy(q, p, old < bytes ? old : bytes);
        pg_managed_free(p);
    }
    return q;
}

int pg_check_main(); /* the check's own main, renamed (-Dmain=pg_check_main) */

typedef struct CheckRun {
    int argc;
    char **argv;
    int status;
} CheckRun;

static void run_check(CheckRun *r) {
    r->status = pg_check_main(r->argc, r->argv);
}

/* The check that runs on the managed stack (a context's entry takes no
 * pointer). */
static CheckRun *managed_run;

static void run_managed_check(void) {
    run_check(managed_run);
}

/* Where the GPU cannot address host memory (PG_GPU_MANAGED_STACK): the
 * check runs on a stack of managed memory, so that the arrays it declares
 * on its stack reach the kernels too; 0 when that cannot be set up. A
 * context switched to on this thread, not a thread of its own: joining a
 * thread waits on a shared futex in its stack, which a kernel without
 * HMM refuses on managed memory (glibc aborts: "The futex facility
 * returned an unexpected error code"). */
static int run_on_managed_stack(CheckRun *r) {
    size_t bytes = (size_t)64 << 20;
    void *stack = NULL;
    ucontext_t caller, check;
    if (cudaMallocManaged(&stack, bytes, cudaMemAttachGlobal) != cudaSuccess)
        return 0;
    if (getcontext(&check) != 0) {
        cudaFree(stack);
        return 0;
    }
    check.uc_stack.ss_sp = stack;
    check.uc_stack.ss_size = bytes;
    check.uc_link = &caller;
    managed_run = r;
    makecontext(&check, run_managed_check, 0);
    if (swapcontext(&caller, &check) != 0) {
        cudaFree(stack);
        return 0;
    }
    return 1;
}

/* The executable's static data, from the start of .data to the end of
 * .bss (the linker's symbols), pinned and mapped for the GPU: 1 when its
 * kernels can then read and write it at the host's addresses. */
extern char __data_start[], _end[];
static int register_static_data(void) {
    int device = 0, same_address = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&same_address, cudaDevAttrCanUseHostPointerForRegisteredMem, device);
    if (!same_address) {
        fprintf(stderr, "gpu_checks: this GPU cannot use registered host memory at its host "
                        "addresses: static arrays stay out of its reach\n");
        return 0;
    }
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    uintptr_t from = (uintptr_t)__data_start & ~(uintptr_t)(page - 1);
    uintptr_t to = ((uintptr_t)_end + page - 1) & ~(uintptr_t)(page - 1);
    cudaError_t e = cudaHostRegister((void *)from, to - from,
                                     cudaHostRegisterMapped | cudaHostRegisterPortable);
    if (e != cudaSuccess) {
        fprintf(stderr, "gpu_checks: the static data (%zu bytes) could not be registered: %s\n",
                (size_t)(to - from), cudaGetErrorString(e));
        return 0;
    }
    return 1;
}

int main(int argc, char **argv) {
    CheckRun r = {argc, argv, 0};
#ifdef PG_CHECK_FORKS /* (CUDA set up before a fork is unusable in the child) */
    run_check(&r);
#else
    const char *heap_mb = getenv("PG_GPU_HEAP_MB");
    size_t heap = (size_t)(heap_mb ? atol(heap_mb) : 4096) << 20;
    if (cudaDeviceSetLimit(cudaLimitMallocHeapSize, heap) != cudaSuccess)
        fprintf(stderr, "gpu_checks: the device heap could not be set to %zu MB\n", heap >> 20);
    if (getenv("PG_GPU_MANAGED_STACK"))
        register_static_data();
    if (!getenv("PG_GPU_MANAGED_STACK") || !run_on_managed_stack(&r))
        run_check(&r);
#endif
    return r.status;
}
