/* ADOL-C peer of reduce_min (bench/micro/reduce_min.c: if (x[i] < s) s = x[i]): see
 * reduce_adolc.h. */
#define PGB_NAME reduce_min
#define PGB_ADOLC_INIT INFINITY
#define PGB_ADOLC_BODY(s, v)                                                                       \
    if ((v) < s)                                                                                   \
    s = (v)
#include "reduce_adolc.h"
