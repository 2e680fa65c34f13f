/* A header the differentiated file includes: touching it must make the
 * build run pargrad again. */
#include <math.h>
static inline double softplus(double v) {
    return log1p(exp(v));
}
