"""Shared part of the PyTorch peers (bench/torch/FAMILY_torch.py; see
bench/README.md, "Peers").

A peer script is run by bench/run as

    python3 bench/torch/FAMILY_torch.py DUMPDIR REPS WARMUP [N]

where DUMPDIR was written by the benchmark's C driver run with
PGB_DUMP=DUMPDIR (meta.txt with key=value lines, raw float64 arrays, the
hand-written gradient at seed 1 from zero as grad.bin) and N is the runner's
size argument (printed back as n=). It sets torch's threads from
OMP_NUM_THREADS, checks its gradient against grad.bin (relative 1e-8 per
element, harness.c's pgb_close) and the objective against meta.txt's, times
WARMUP untimed and REPS timed evaluations of forward + backward (the
parameters' .grad cleared, untimed, before each; time.perf_counter; no cache
eviction, unlike harness.c) and prints, like harness.c,

    RESULT name=... n=N threads=T floor=0.0000 primal_s=NA gradient_s=MEDIAN
        manual_s=NA forward_s=MEDIAN check=ok|MISMATCH peer=torch

(one line; forward_s: the forward pass alone under torch.no_grad()).
"""

import os
import statistics
import sys
import time

import numpy as np
import torch

RTOL = 1e-8


def setup():
    """Parse argv, set the threads; returns (dumpdir, reps, warmup, n, meta)."""
    if len(sys.argv) not in (4, 5):
        sys.stderr.write("usage: %s DUMPDIR REPS WARMUP [N]\n" % sys.argv[0])
        sys.exit(2)
    dumpdir, reps, warm = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    n = sys.argv[4] if len(sys.argv) == 5 else "NA"
    threads = int(os.environ.get("OMP_NUM_THREADS", "1") or "1")
    torch.set_num_threads(threads)
    try:
        torch.set_num_interop_threads(1)
    except RuntimeError:
        pass
    torch.set_default_dtype(torch.float64)
    meta = {}
    with open(os.path.join(dumpdir, "meta.txt")) as f:
        for line in f:
            if "=" in line:
                key, val = line.strip().split("=", 1)
                meta[key] = val
    return dumpdir, reps, warm, n, meta


def load(dumpdir, name, shape=None):
    """A float64 tensor from DUMPDIR/name (raw, native byte order)."""
    a = np.fromfile(os.path.join(dumpdir, name), dtype=np.float64)
    t = torch.from_numpy(a)
    return t.reshape(shape) if shape is not None else t


def close(got, want, rtol=RTOL):
    """Elementwise pgb_close: |a-b| <= rtol max(|a|,|b|), or both tiny."""
    got, want = got.reshape(-1), want.reshape(-1)
    m = torch.maximum(got.abs(), want.abs())
    ok = (got == want) | ((got - want).abs() <= rtol * m) | (m < 1e-300)
    return ok & ~(got.isnan() | want.isnan())


def compare(what, got, want):
    """Number of mismatches; the first few printed to stderr."""
    ok = close(got, want)
    bad = int((~ok).sum())
    if bad:
        g, w = got.reshape(-1), want.reshape(-1)
        idx = (~ok).nonzero().reshape(-1)[:3].tolist()
        for i in idx:
            sys.stderr.write(
                "  %s[%d]: torch %.17g, manual %.17g\n" % (what, i, float(g[i]), float(w[i]))
            )
        if bad > 3:
            sys.stderr.write("  %s: %d mismatching elements\n" % (what, bad))
    return bad


def run(name, n, params, objective, grad_want, f_want, reps, warm):
    """Check and time objective() (a scalar of the leaf tensors params);
    grad_want: the manual gradient, the params' gradients flattened and
    concatenated. Prints the RESULT line."""

    def clear():
        for p in params:
            p.grad = None

    clear()
    f = objective()
    f.backward()
    got = torch.cat([p.grad.reshape(-1) for p in params])
    bad = compare("objective", f.detach().reshape(1), torch.tensor([f_want]))
    bad += compare("gradient", got, grad_want)
    check = "MISMATCH" if bad else "ok"
    if bad:
        sys.stderr.write(
            "WARNING: %s threads=%d: torch and manual gradient disagree "
            "(%d mismatches, rtol %g)\n" % (name, torch.get_num_threads(), bad, RTOL)
        )

    tg, tf = [], []
    for r in range(-warm, reps):
        clear()
        t0 = time.perf_counter()
        f = objective()
        f.backward()
        t1 = time.perf_counter()
        with torch.no_grad():
            t2 = time.perf_counter()
            objective()
            t3 = time.perf_counter()
        if r >= 0:
            tg.append(t1 - t0)
            tf.append(t3 - t2)
    print(
        "RESULT name=%s n=%s threads=%d floor=0.0000 primal_s=NA gradient_s=%.6e "
        "manual_s=NA forward_s=%.6e check=%s peer=torch"
        % (name, n, torch.get_num_threads(), statistics.median(tg), statistics.median(tf), check)
    )
    sys.stdout.flush()
