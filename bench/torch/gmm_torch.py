"""PyTorch CPU peer of the GMM benchmarks (bench/apps/gmm.c, ADBench's GMM
objective): the objective on tensors, vectorised over the points and the
components (batched matrix products, torch.logsumexp; no Python loop over
points), float64, differentiated by autograd wrt alphas, means and icf.
Usage and output: pgb_torch.py. Inputs from the driver's PGB_DUMP files
(bench/apps/gmm_driver.h)."""

import math

import torch

import pgb_torch


def log_gamma_distrib(a, p):
    return 0.25 * p * (p - 1) * math.log(math.pi) + sum(
        math.lgamma(a + 0.5 * (1 - j)) for j in range(1, p + 1)
    )


def make_objective(alphas, means, icf, x, wishart_gamma, wishart_m):
    n, d = x.shape
    k = alphas.shape[0]
    # the strictly lower triangle of Q, stored column by column in icf[:, d:]
    rows = [j for c in range(d) for j in range(c + 1, d)]
    cols = [c for c in range(d) for j in range(c + 1, d)]
    rows, cols = torch.tensor(rows), torch.tensor(cols)
    constant = -n * d * 0.5 * math.log(2 * math.pi)
    n_ = d + wishart_m + 1
    log_c = n_ * d * (math.log(wishart_gamma) - 0.5 * math.log(2)) - log_gamma_distrib(
        0.5 * n_, d
    )

    def objective():
        logdiag = icf[:, :d]
        ltri = icf[:, d:]
        sum_qs = logdiag.sum(1)
        qdiag = torch.exp(logdiag)
        q = torch.zeros(k, d, d, dtype=icf.dtype)
        q[:, rows, cols] = ltri
        q = q + torch.diag_embed(qdiag)  # Q_k lower triangular
        xc = x.unsqueeze(0) - means.unsqueeze(1)  # (k, n, d)
        qxc = torch.matmul(xc, q.transpose(1, 2))  # Q_k (x_i - mu_k)
        main = alphas.unsqueeze(1) + sum_qs.unsqueeze(1) - 0.5 * (qxc * qxc).sum(2)  # (k, n)
        slse = torch.logsumexp(main, 0).sum()
        err = constant + slse - n * torch.logsumexp(alphas, 0)
        frob = (qdiag * qdiag).sum(1) + (ltri * ltri).sum(1)
        prior = (0.5 * wishart_gamma * wishart_gamma * frob - wishart_m * sum_qs).sum()
        return err + prior - k * log_c

    return objective


def main():
    dumpdir, reps, warm, n_arg, meta = pgb_torch.setup()
    d, k, n, np_ = (int(meta[s]) for s in ("d", "k", "n", "np"))
    theta = pgb_torch.load(dumpdir, "theta.bin")
    x = pgb_torch.load(dumpdir, "x.bin", (n, d))
    grad = pgb_torch.load(dumpdir, "grad.bin")
    assert theta.numel() == np_ and grad.numel() == np_
    alphas = theta[:k].clone().requires_grad_()
    means = theta[k : k + k * d].reshape(k, d).clone().requires_grad_()
    icf = theta[k + k * d :].reshape(k, d * (d + 1) // 2).clone().requires_grad_()
    objective = make_objective(
        alphas, means, icf, x, float(meta["wishart_gamma"]), int(meta["wishart_m"])
    )
    pgb_torch.run(
        meta["name"],
        n_arg,
        [alphas, means, icf],
        objective,
        grad,
        float(meta["objective"]),
        reps,
        warm,
    )


if __name__ == "__main__":
    main()
