#!/bin/sh
# The installed package as a new user meets it: `cmake --install` of the
# build tree into a fresh prefix, then a copy of project/ (outside the
# tree) built
#   - with find_package(pargrad CONFIG REQUIRED) and pargrad_add_gradient,
#     under the Makefile and the Ninja generators: the gradient checked
#     against finite differences; a second build runs nothing again, one
#     after touching a header the differentiated file includes runs
#     pargrad again; `pargrad -p BUILD_DIR` on the project's compilation
#     database writes what the macro's step wrote;
#   - with pkg-config and a plain Makefile;
#   each also with the serial backend's output in a program without OpenMP;
# then each standalone example project (EXAMPLES_DIR/*/CMakeLists.txt: a
# logistic regression, a Gaussian mixture, a heat simulation) built against
# the prefix and run: each checks its own gradient.
# Usage: run_install.sh BUILD_DIR SOURCE_DIR WORK_DIR [EXAMPLES_DIR]
set -eu
build=$1 src=$2 work=$3 examples=${4:-}
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >"$work/install.log"
for f in bin/pargrad lib/libpargrad_rt.a lib/libpargrad_rt.so lib/libpargrad_rt_serial.a include/pargrad.h \
    include/pargrad_math.h include/pargrad_cuda.h include/pargrad_cuda_cub.h \
    lib/cmake/pargrad/pargrad-config.cmake lib/cmake/pargrad/pargrad-config-version.cmake \
    lib/pkgconfig/pargrad.pc lib/pkgconfig/pargrad-serial.pc; do
    [ -e "$prefix/$f" ] || { echo "FAIL: not installed: $f"; exit 1; }
done
fails=0
check() { # what, command...
    what=$1
    shift
    if "$@"; then echo "ok: $what"; else echo "FAIL: $what"; fails=$((fails + 1)); fi
}
runs_pargrad() { grep -q "pargrad: differentiating" "$1"; }
# a program built for the serial backend links no OpenMP runtime
no_libgomp() { ! ldd "$1" | grep -q gomp; }

generators="Unix Makefiles"
command -v ninja >/dev/null 2>&1 && generators="$generators|Ninja"
IFS='|'
for gen in $generators; do
    unset IFS
    p=$work/proj-$(echo "$gen" | tr -d ' ')
    cp -R "$src/project" "$p"
    cmake -S "$p" -B "$p/build" -G "$gen" -DCMAKE_PREFIX_PATH="$prefix" \
        -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >"$p/configure.log" 2>&1 ||
        { cat "$p/configure.log"; echo "FAIL: $gen: configure"; exit 1; }
    cmake --build "$p/build" >"$p/build1.log" 2>&1 || { cat "$p/build1.log"; echo "FAIL: $gen: build"; exit 1; }
    check "$gen: the build ran pargrad" runs_pargrad "$p/build1.log"
    check "$gen: gradient" "$p/build/app"
    check "$gen: gradient under the name given to the macro" "$p/build/app_named"
    check "$gen: serial backend's gradient" "$p/build/app_serial"
    check "$gen: ... in a program without libgomp" no_libgomp "$p/build/app_serial"
    cmake --build "$p/build" >"$p/build2.log" 2>&1
    check "$gen: a build with nothing changed does not run pargrad" sh -c "! grep -q 'pargrad: differentiating' '$p/build2.log'"
    # pargrad -p: the flags (SCALE, the include directory) from the
    # compilation database, nothing after --: the macro's output again
    check "$gen: pargrad -p BUILD_DIR reads the compilation database" \
        "$prefix/bin/pargrad" -p "$p/build" "$p/loss.c" -o "$p/from_db_b.c"
    check "$gen: ... and writes what the macro's step wrote" cmp -s "$p/from_db_b.c" "$p/build/loss_b.c"
    sleep 1
    touch "$p/include/model.h"
    cmake --build "$p/build" >"$p/build3.log" 2>&1
    check "$gen: touching the included header runs pargrad again" runs_pargrad "$p/build3.log"
    IFS='|'
done
unset IFS
if command -v pkg-config >/dev/null 2>&1; then
    p=$work/proj-pkgconfig
    cp -R "$src/project" "$p"
    (cd "$p" && PKG_CONFIG_PATH="$prefix/lib/pkgconfig" PARGRAD="$prefix/bin/pargrad" make >make.log 2>&1) ||
        { cat "$p/make.log"; echo "FAIL: pkg-config + make: build"; exit 1; }
    check "pkg-config + make: gradient" "$p/app"
    check "pkg-config pargrad-serial + make: gradient" "$p/app_serial"
    check "pkg-config pargrad-serial + make: ... without libgomp" no_libgomp "$p/app_serial"
else
    echo "FAIL: pkg-config is not installed (scripts/setup-debian.sh installs it)"
    fails=$((fails + 1))
fi
for ex in ${examples:+"$examples"/*/CMakeLists.txt}; do
    name=$(basename "$(dirname "$ex")")
    p=$work/example-$name
    cp -R "$(dirname "$ex")" "$p"
    if cmake -S "$p" -B "$p/build" -DCMAKE_PREFIX_PATH="$prefix" >"$p/configure.log" 2>&1 &&
        cmake --build "$p/build" >"$p/build.log" 2>&1; then
        check "example $name" "$p/build/$name"
    else
        cat "$p/configure.log" "$p/build.log" 2>/dev/null | tail -20
        echo "FAIL: example $name: build"
        fails=$((fails + 1))
    fi
done
[ "$fails" -eq 0 ]
