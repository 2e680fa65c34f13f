#!/bin/sh
# Installs what pargrad needs on a fresh Debian (12) machine. Run as root.
set -e
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
    build-essential cmake ninja-build pkg-config gdb libclang-14-dev clang-14 libclang-rt-14-dev libcunit1-dev libgomp1 >/dev/null
