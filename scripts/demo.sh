#!/bin/sh
# The main job on a shipped example: differentiate examples/softplus.c with
# pargrad, show the generated gradient, compile it with the primal and a
# driver, and compare the gradient with finite differences.
set -e
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j2 --target pargrad pargrad_rt >/dev/null
mkdir -p build/demo
./build/pargrad examples/softplus.c -o build/demo/softplus_b.c
echo "== generated: build/demo/softplus_b.c"
cat build/demo/softplus_b.c
echo "== compiling and checking against finite differences"
cc -O2 -std=c11 $(./build/pargrad --cflags) -Itests/e2e examples/softplus.c \
    build/demo/softplus_b.c tests/e2e/softplus_sum_check.c -o build/demo/softplus \
    $(./build/pargrad --libs)
OMP_NUM_THREADS=2 ./build/demo/softplus
