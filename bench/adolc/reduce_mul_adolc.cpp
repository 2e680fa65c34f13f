/* ADOL-C peer of reduce_mul (bench/micro/reduce_mul.c: p *= x[i]): see
 * reduce_adolc.h. */
#define PGB_NAME reduce_mul
#define PGB_ADOLC_INIT 1.0
#define PGB_ADOLC_BODY(s, v) s *= (v)
#include "reduce_adolc.h"
