/* GMM on ADBench gmm/1k_gmm_d10_K25 (see gmm_driver.h). */
#define GMM_INSTANCE "1k_gmm_d10_K25"
#include "gmm_driver.h"
