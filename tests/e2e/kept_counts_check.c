/* Checks the gradient of kept_counts.c against central finite
 * differences (stdout, which damped_steps writes to, goes to /dev/null
 * meanwhile). */
#include "gradcheck.h"

#include <fcntl.h>
#include <unistd.h>

GC_KERNEL(damped_steps)

int main(void) {
    const struct gc_kernel k[] = {{"damped_steps", damped_steps, damped_steps_b}};
    fflush(stdout);
    int saved = dup(1), null = open("/dev/null", O_WRONLY);
    gc_require(saved >= 0 && null >= 0, "/dev/null");
    dup2(null, 1);
    const int sizes[] = {1, 2, 7};
    gc_check_kernels(k, 1, sizes, 3, 2);
    fflush(stdout);
    dup2(saved, 1);
    return gc_finish();
}
