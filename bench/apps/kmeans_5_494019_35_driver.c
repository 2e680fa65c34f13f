/* kmeans_5_494019_35: k = 5 centres, n = 494019 points, d = 35 (BENCH.md;
 * the size of the KDD Cup 1999 data set k-means is often run on). */
#define PGB_K 5
#define PGB_N 494019
#define PGB_D 35
#include "kmeans_driver.h"
