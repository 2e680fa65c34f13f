#!/bin/sh
# Installs the benchmark peers bench/run compares against (bench/README.md,
# "Peers"), from Debian's packages; run as root:
#   ADOL-C:      libadolc-dev (headers, -ladolc)
#   PyTorch CPU: python3-torch (for /usr/bin/python3)
#   OpenBLAS:    libopenblas0-openmp, the BLAS torch's matrix products call
#                (libtorch recommends libopenblas0; without it Debian's
#                reference BLAS makes them several times slower, on one
#                thread); the OpenMP build follows torch.set_num_threads
# Enzyme is not packaged: bench/run uses it when ENZYME_PLUGIN names a
# ClangEnzyme plugin.
set -e
if [ "$(id -u)" != 0 ]; then
    echo "bench/install-peers.sh: run as root (apt-get install)" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y libadolc-dev python3-torch libopenblas0-openmp
