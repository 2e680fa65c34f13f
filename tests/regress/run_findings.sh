#!/bin/sh
# Runs pargrad on every finding of the random tester and checks the
# expectation in findings.list (see there).
# usage: run_findings.sh PARGRAD SOURCE_DIR WORK_DIR
pargrad=$1 src=$2 work=$3
mkdir -p "$work"
inc="$src/include"
fails=0 runs=0
nvcc=${NVCC:-}
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
[ -z "$nvcc" ] && nvcc=$(command -v nvcc || true)
while read -r name what absent; do
    case "$name" in '#'* | '') continue ;; esac
    case "$name" in
    regress/*) f="$src/tests/$name.c" name=${name#regress/} ;;
    *) f="$src/tests/random/findings/$name.c" ;;
    esac
    out="$work/${name}_b.c"
    rm -f "$out"
    [ "$what" = known ] && continue
    runs=$((runs + 1))
    "$pargrad" "$f" -o "$out" > "$work/$name.err" 2>&1
    rc=$?
    case "$what" in
    reject)
        if [ $rc -ne 1 ] || ! grep -q "$name.c:[0-9]*:[0-9]*: error:" "$work/$name.err" || [ -e "$out" ]; then
            echo "FAIL: $name: expected a rejection with a diagnostic (exit $rc)"
            cat "$work/$name.err"
            fails=$((fails + 1))
        fi
        ;;
    cuda)
        ok=yes
        out="$work/${name}_b.cu"
        if ! "$pargrad" --backend=cuda "$f" -o "$out" > "$work/$name.err" 2>&1; then
            echo "FAIL: $name: rejected by --backend=cuda"
            cat "$work/$name.err"
            ok=no
        elif ! g++ -x c++ -std=c++17 -DPG_CUDA_EMULATE -fopenmp -O1 -Wall -Wextra -Werror -Wvla \
            -Wno-unused-parameter -I"$inc" -c "$out" -o "$work/$name.emu.o" \
            2> "$work/$name.emu.txt"; then
            echo "FAIL: $name: emulated CUDA build"
            head -5 "$work/$name.emu.txt"
            ok=no
        elif [ -n "$nvcc" ] && ! "$nvcc" -c -I"$inc" -gencode arch=compute_90,code=sm_90 \
            -Werror all-warnings "$out" -o "$work/$name.cu.o" 2> "$work/$name.nvcc.txt"; then
            echo "FAIL: $name: nvcc"
            head -5 "$work/$name.nvcc.txt"
            ok=no
        fi
        [ $ok = yes ] || fails=$((fails + 1))
        ;;
    compile)
        ok=yes
        if [ $rc -ne 0 ]; then
            echo "FAIL: $name: rejected (exit $rc)"
            cat "$work/$name.err"
            ok=no
        else
            for cc in gcc clang-14; do
                if ! $cc -std=c11 -O2 -Wall -Wextra -Werror -fopenmp -I"$inc" -c "$out" \
                    -o "$work/$name.$cc.o" 2> "$work/$name.$cc.txt"; then
                    echo "FAIL: $name: $cc"
                    head -5 "$work/$name.$cc.txt"
                    ok=no
                fi
            done
            if [ -n "$absent" ] && grep -q "$absent" "$out"; then
                echo "FAIL: $name: the output has '$absent'"
                ok=no
            fi
        fi
        [ $ok = yes ] || fails=$((fails + 1))
        ;;
    esac
done < "$src/tests/regress/findings.list"
echo "$((runs - fails)) passed, $fails failed"
[ $fails -eq 0 ]
