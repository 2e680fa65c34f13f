/* kmeans_1024_10000_256: k = 1024 centres, n = 10000 points, d = 256
 * (BENCH.md). */
#define PGB_K 1024
#define PGB_N 10000
#define PGB_D 256
#include "kmeans_driver.h"
