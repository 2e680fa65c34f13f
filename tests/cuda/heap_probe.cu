/* Run by tests/cuda/run_gpu.sh before the checks: whether kernels can
 * allocate in the device heap (malloc in kernels, as the gradients' tapes
 * and local arrays do) with the heap the checks ask for, from the main
 * stack and from a context on a stack of managed memory (how the checks
 * run on a GPU without HMM). On an H200 (2026-12-04) the checks' kernels
 * got NULL for 256 bytes with heaps of 1 and 4 GB, where the benchmarks'
 * harness allocated: this says which of the checks' conditions matters.
 * Usage: heap_probe HEAP_MB */
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <ucontext.h>

__global__ static void take(int *got, int threads, size_t bytes) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= threads)
        return;
    void *p = malloc(bytes);
    got[t] = p != NULL;
    free(p);
}

static void trial(const char *where, int threads, size_t bytes) {
    int *got = NULL;
    if (cudaMallocManaged(&got, sizeof *got * threads) != cudaSuccess) {
        printf("heap_probe: %s: cudaMallocManaged failed\n", where);
        return;
    }
    take<<<(threads + 255) / 256, 256>>>(got, threads, bytes);
    cudaError_t e = cudaDeviceSynchronize();
    int n = 0;
    for (int t = 0; e == cudaSuccess && t < threads; t++)
        n += got[t];
    printf("heap_probe: %s: %d of %d threads got %zu bytes (%s)\n", where, n, threads, bytes,
           cudaGetErrorString(e));
    cudaFree(got);
}

static void trials(const char *where) {
    trial(where, 40, 256);
    trial(where, 1 << 20, 256);
    trial(where, 1024, 1 << 20);
}

static void on_managed_stack(void) {
    trials("on a managed stack");
}

int main(int argc, char **argv) {
    size_t mb = argc > 1 ? strtoul(argv[1], NULL, 10) : 4096, now = 0;
    cudaError_t e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, mb << 20);
    cudaDeviceGetLimit(&now, cudaLimitMallocHeapSize);
    printf("heap_probe: heap of %zu MB asked (%s), %zu MB set\n", mb, cudaGetErrorString(e),
           now >> 20);
    trials("main stack");
    size_t bytes = (size_t)64 << 20;
    void *stack = NULL;
    ucontext_t caller, probe;
    if (cudaMallocManaged(&stack, bytes, cudaMemAttachGlobal) != cudaSuccess || getcontext(&probe))
        return 1;
    probe.uc_stack.ss_sp = stack;
    probe.uc_stack.ss_size = bytes;
    probe.uc_link = &caller;
    makecontext(&probe, on_managed_stack, 0);
    swapcontext(&caller, &probe);
    trials("main stack again");
    return 0;
}
