"""PyTorch CPU peer of the LSTM benchmarks (bench/apps/lstm.c, ADBench's
LSTM objective): l diagonal LSTM layers of width b over c characters, as
ADBench's PyTorch version writes it (elementwise tensor operations per
layer, a Python loop over the time steps and the layers: the recurrence is
sequential), float64, differentiated by autograd wrt the main and extra
parameters. Usage and output: pgb_torch.py. Inputs from the driver's
PGB_DUMP files (bench/apps/lstm_driver.h)."""

import torch

import pgb_torch


def make_objective(main, extra, state, seq):
    l, _, _, b = main.shape
    c = seq.shape[0]

    def objective():
        hidden = [state[k, 0] for k in range(l)]
        cell = [state[k, 1] for k in range(l)]
        total = 0.0
        for t in range(c - 1):
            inp = seq[t] * extra[0]
            for k in range(l):
                w, bias = main[k, 0], main[k, 1]
                forget = torch.sigmoid(inp * w[0] + bias[0])
                ingate = torch.sigmoid(hidden[k] * w[1] + bias[1])
                outgate = torch.sigmoid(inp * w[2] + bias[2])
                change = torch.tanh(hidden[k] * w[3] + bias[3])
                cell[k] = cell[k] * forget + ingate * change
                hidden[k] = outgate * torch.tanh(cell[k])
                inp = hidden[k]
            ypred = inp * extra[1] + extra[2]
            lse = torch.log(torch.exp(ypred).sum() + 2.0)
            total = total + (seq[t + 1] * (ypred - lse)).sum()
        return -total / ((c - 1) * b)

    return objective


def main():
    dumpdir, reps, warm, n_arg, meta = pgb_torch.setup()
    l, c, b, nmain, np_ = (int(meta[s]) for s in ("l", "c", "b", "nmain", "np"))
    theta = pgb_torch.load(dumpdir, "theta.bin")
    state = pgb_torch.load(dumpdir, "state.bin", (l, 2, b))
    seq = pgb_torch.load(dumpdir, "seq.bin", (c, b))
    grad = pgb_torch.load(dumpdir, "grad.bin")
    assert theta.numel() == np_ and grad.numel() == np_ and nmain == 8 * l * b
    main_p = theta[:nmain].reshape(l, 2, 4, b).clone().requires_grad_()
    extra = theta[nmain:].reshape(3, b).clone().requires_grad_()
    objective = make_objective(main_p, extra, state, seq)
    pgb_torch.run(
        meta["name"],
        n_arg,
        [main_p, extra],
        objective,
        grad,
        float(meta["objective"]),
        reps,
        warm,
    )


if __name__ == "__main__":
    main()
