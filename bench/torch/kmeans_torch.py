"""PyTorch CPU peer of the k-means benchmarks (bench/apps/kmeans.c): the cost
sum_i min_c ||x_i - C_c||^2, vectorised as a PyTorch user writes it: all
squared distances at once as |x_i|^2 - 2 x_i . C_c + |C_c|^2 (one matrix
product, torch.addmm; the (n, k, d) differences would not fit in memory at
k = 1024, d = 256), the minimum over the centres, the sum; float64;
autograd wrt C. |x_i|^2 is computed inside the timed objective, like
everything the C primal computes. Usage and output: pgb_torch.py. Inputs
from the driver's PGB_DUMP files (bench/apps/kmeans_driver.h)."""

import torch

import pgb_torch


def make_objective(x, C):
    def objective():
        x2 = (x * x).sum(1, keepdim=True)  # (n, 1)
        c2 = (C * C).sum(1)  # (k)
        dist = torch.addmm(x2 + c2, x, C.t(), alpha=-2.0)  # (n, k)
        return dist.min(1).values.sum()

    return objective


def main():
    dumpdir, reps, warm, n_arg, meta = pgb_torch.setup()
    k, n, d = (int(meta[s]) for s in ("k", "n", "d"))
    x = pgb_torch.load(dumpdir, "x.bin", (n, d))
    C = pgb_torch.load(dumpdir, "C.bin", (k, d)).clone().requires_grad_()
    grad = pgb_torch.load(dumpdir, "grad.bin")
    pgb_torch.run(
        meta["name"], n_arg, [C], make_objective(x, C), grad, float(meta["objective"]), reps, warm
    )


if __name__ == "__main__":
    main()
