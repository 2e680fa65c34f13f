/* ADOL-C peer of reduce_max (bench/micro/reduce_max.c: if (x[i] > s) s = x[i]): see
 * reduce_adolc.h. */
#define PGB_NAME reduce_max
#define PGB_ADOLC_INIT -INFINITY
#define PGB_ADOLC_BODY(s, v)                                                                       \
    if ((v) > s)                                                                                   \
    s = (v)
#include "reduce_adolc.h"
