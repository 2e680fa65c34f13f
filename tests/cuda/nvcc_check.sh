# Sourced by the scripts that compile CUDA with nvcc to check it (no GPU
# needed): nvcc_compile FILE OBJECT [NVCC ARGS...] compiles FILE as every
# such check does (sm_90 and portable PTX, compute_75, every warning an
# error); where no nvcc is found ($NVCC, /usr/local/cuda/bin/nvcc, PATH) it
# says so and returns 0: the check is skipped, with the reason printed.
nvcc_path() {
    if [ -n "${NVCC:-}" ]; then echo "$NVCC"
    elif [ -x /usr/local/cuda/bin/nvcc ]; then echo /usr/local/cuda/bin/nvcc
    else command -v nvcc || true
    fi
}

nvcc_skipped() {
    echo "nvcc not found (neither \$NVCC, /usr/local/cuda/bin/nvcc nor PATH): nvcc compile skipped"
}

nvcc_compile() {
    nvcc_file=$1 nvcc_object=$2
    shift 2
    nvcc=$(nvcc_path)
    if [ -z "$nvcc" ]; then
        nvcc_skipped
        return 0
    fi
    "$nvcc" -c "$@" -gencode arch=compute_90,code=sm_90 \
        -gencode arch=compute_75,code=compute_75 -Werror all-warnings \
        "$nvcc_file" -o "$nvcc_object"
}
