/* PolyBench/C as distributed: the kernel's signature spelled through
 * polybench.h's array macros (POLYBENCH_1D and POLYBENCH_2D, which use
 * POLYBENCH_C99_SELECT), DATA_TYPE, the _PB_ bounds, SCALAR_VAL around
 * constants, #pragma scop. mvt, then a damped update as adi and deriche
 * write theirs. What it guards (a benchmark-suite review's findings):
 * - the generated file defines again the macros its signature uses and
 *   those their bodies use (POLYBENCH_C99_SELECT was left out: the output
 *   did not compile);
 * - the CUDA output declares the macro-spelled arrays as pointers (they
 *   were copied as written, VLA parameters C++ does not have);
 * - (SCALAR_VAL(1.0) + SCALAR_VAL(2.0) * x1[i]): an operator between two
 *   macros that each expand to one token is the file's own (it was
 *   rejected: "cannot see the operator"). */
#define DATA_TYPE double
#define POLYBENCH_C99_SELECT(x, y) y
#define POLYBENCH_1D(var, dim1, ddim1) var[POLYBENCH_C99_SELECT(dim1, ddim1)]
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2)                                                \
    var[POLYBENCH_C99_SELECT(dim1, ddim1)][POLYBENCH_C99_SELECT(dim2, ddim2)]
#define N 40
#define _PB_N n
#define SCALAR_VAL(x) x

void kernel_mvt(int n, DATA_TYPE POLYBENCH_1D(x1, N, n), DATA_TYPE POLYBENCH_1D(x2, N, n),
                DATA_TYPE POLYBENCH_1D(y_1, N, n), DATA_TYPE POLYBENCH_1D(y_2, N, n),
                DATA_TYPE POLYBENCH_2D(A, N, N, n, n)) {
    int i, j;

#pragma scop
#pragma omp parallel for private(j)
#pragma pargrad map
    for (i = 0; i < _PB_N; i++)
        for (j = 0; j < _PB_N; j++)
            x1[i] = x1[i] + A[i][j] * y_1[j];
#pragma omp parallel for private(j)
#pragma pargrad map
    for (i = 0; i < _PB_N; i++)
        for (j = 0; j < _PB_N; j++)
            x2[i] = x2[i] + A[j][i] * y_2[j];
#pragma omp parallel for
#pragma pargrad map
    for (i = 0; i < _PB_N; i++)
        x1[i] = (SCALAR_VAL(1.0) + SCALAR_VAL(2.0) * x1[i]) / (SCALAR_VAL(3.0) + x2[i] * x2[i]);
#pragma endscop
}
#pragma pargrad reverse(kernel_mvt) wrt(x1, x2, y_1, y_2, A) out(x1, x2)
