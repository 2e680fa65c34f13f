/* pargrad CUDA runtime, reductions: CUB's device-wide reduction of a
 * reduce's terms (included by generated code that has grid reductions;
 * with PG_CUDA_EMULATE a loop on the CPU). */
#ifndef PARGRAD_CUDA_CUB_H
#define PARGRAD_CUDA_CUB_H

#include "pargrad_cuda.h"
#ifndef PG_CUDA_EMULATE
#include <cub/device/device_reduce.cuh>
#endif

template <class T> struct pg_op_add {
    __host__ __device__ T operator()(T a, T b) const {
        return a + b;
    }
};
template <class T> struct pg_op_mul {
    __host__ __device__ T operator()(T a, T b) const {
        return a * b;
    }
};
template <class T> struct pg_op_min {
    __host__ __device__ T operator()(T a, T b) const {
        return a < b || b != b ? a : b;
    }
};
template <class T> struct pg_op_max {
    __host__ __device__ T operator()(T a, T b) const {
        return a > b || b != b ? a : b;
    }
};
struct pg_op_argmin {
    __host__ __device__ pg_argext operator()(pg_argext a, pg_argext b) const {
        return pg_argmin_pick(a, b);
    }
};
struct pg_op_argmax {
    __host__ __device__ pg_argext operator()(pg_argext a, pg_argext b) const {
        return pg_argmax_pick(a, b);
    }
};

/* *out = init OP in[0] OP ... OP in[n-1], on the stream (CUB's device-wide
 * reduction; its temporary storage from the stream's pool). */
template <class T, class Op>
static inline void pg_cuda_reduce(const T *in, T *out, long n, Op op, T init, cudaStream_t stream,
                                  const char *func, int line) {
#ifdef PG_CUDA_EMULATE
    (void)stream, (void)func, (void)line;
    T r = init;
    for (long k = 0; k < n; k++)
        r = op(r, in[k]);
    *out = r;
#else
    size_t bytes = 0;
    PG_CUDA_CHECK(cub::DeviceReduce::Reduce(NULL, bytes, in, out, n, op, init, stream), func, line);
    void *temp = NULL;
    PG_CUDA_CHECK(cudaMallocAsync(&temp, bytes ? bytes : 1, stream), func, line);
    PG_CUDA_CHECK(cub::DeviceReduce::Reduce(temp, bytes, in, out, n, op, init, stream), func, line);
    PG_CUDA_CHECK(cudaFreeAsync(temp, stream), func, line);
#endif
}

#endif
