/* ADOL-C peer of reduce_add (bench/micro/reduce_add.c: s += x[i]): see
 * reduce_adolc.h. */
#define PGB_NAME reduce_add
#define PGB_ADOLC_INIT 0.0
#define PGB_ADOLC_BODY(s, v) s += (v)
#include "reduce_adolc.h"
