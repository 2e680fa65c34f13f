/* Emission of generated functions as C11 with OpenMP. */
#ifndef PARGRAD_EMIT_H
#define PARGRAD_EMIT_H

#include "ir.h"

typedef struct EmitOptions {
    bool openmp;             /* false: the serial backend */
    bool cuda;               /* --backend=cuda (emit_cuda.c; openmp is false) */
    bool line_directives;    /* #line before each block */
    const char *source_path; /* for comments and #line */
    const char *source_text; /* for the source line quoted on each block */
    /* The text of a header that code came from (helpers defined there),
     * NULL where unknown. */
    const char *(*file_text)(void *ctx, const char *path);
    void *file_ctx;
    const char *version;
    bool declared_ops; /* helpers of declared operators follow: their scans' header */
} EmitOptions;

/* The file's first lines, with the headers the functions' kept calls
 * (printf, omp_get_wtime) need. */
void emit_c_prelude(FILE *out, const EmitOptions *opt, Func **funcs, int nfuncs);
void emit_c_function(FILE *out, Func *f, const EmitOptions *opt);
void emit_c_uop_helpers(FILE *out, const EmitOptions *opt, const UserOp *u, Func *combine,
                        Func *combine_b, Func *inverse);

/* emit_cuda.c: --backend=cuda. Whether f has a construct the backend
 * cannot emit yet: the first one's location in *at, and what it is in
 * *what. */
bool cuda_unsupported(Func *f, const char **what, SrcLoc *at);
void emit_cuda_prelude(FILE *out, const EmitOptions *opt, Func **funcs, int nfuncs);
void emit_cuda_function(FILE *out, Func *f, const EmitOptions *opt);
/* The function f itself (--primal: the GPU benchmarks' reference):
 * f_cuda(..., stream), and f_gpu(...) on the default stream, waited for */
void emit_cuda_primal(FILE *out, Func *f, const EmitOptions *opt);

#endif
