#!/usr/bin/env python3
"""Plots of `se3rod` results: the cantilever sweep of examples/se3rod/sweep.json against its closed forms, and the
shape of one member (the roll-up's circle, the released helix).

Usage:
  plot_se3rod.py sweep RESULTS [--out DIR]
      The tip deflection of every member (/final/positions of the last node, -y over L) against the load parameter
      alpha = P L^2 / (E I), one curve per shear modulus (colour), with Timoshenko's linear cantilever
      P L^3 / (3 E I) + P L / (ks G A) (dashed, per G) and the inextensible, unshearable elastica (black, solved here
      by shooting), which the stiffest-in-shear members approach. PREFIX_sweep.png. Prints the members' deviation
      from the elastica at the largest G, and the shear term's share at the smallest G.
  shape RESULTS [--member I] [--out DIR]
      The member's centre line (final, and every tenth save when the file has a series) projected on the x-y and
      x-z planes, with the circle of radius L / (2 pi) through node 0 when the member carries an end couple (the
      roll-up). PREFIX_shape_I.png.

PNG files go to DIR (default: the directory of RESULTS), PREFIX is RESULTS's name without its extension. Needs python3
with h5py, matplotlib and numpy (RODSWARM_SETUP_PYTHON=1 scripts/setup installs them); runs headless.
"""
import argparse
import math
import sys
from pathlib import Path

try:
    import h5py
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
except ImportError as e:  # pragma: no cover
    sys.exit(f"plot_se3rod.py needs h5py, matplotlib and numpy ({e}); RODSWARM_SETUP_PYTHON=1 scripts/setup")


def column(f, name):
    return np.asarray(f["members"]["params"][name])


def elastica_tip(alpha, samples=2000):
    """Tip deflection / L of an inextensible, unshearable cantilever under a dead end load P perpendicular to it,
    alpha = P L^2 / (E I): theta'' = -alpha cos(theta) on s in [0, 1], theta(0) = 0, theta'(1) = 0, by shooting on
    theta'(0) with RK4 and bisection; the deflection is the integral of sin(theta)."""
    if alpha == 0:
        return 0.0

    def shoot(k0):
        h = 1.0 / samples
        th, k, y = 0.0, k0, 0.0
        f = lambda th_, k_: (k_, -alpha * math.cos(th_))  # noqa: E731
        for _ in range(samples):
            a1 = f(th, k)
            a2 = f(th + h / 2 * a1[0], k + h / 2 * a1[1])
            a3 = f(th + h / 2 * a2[0], k + h / 2 * a2[1])
            a4 = f(th + h * a3[0], k + h * a3[1])
            y += h / 6 * (math.sin(th) + 2 * math.sin(th + h / 2 * a1[0]) + 2 * math.sin(th + h / 2 * a2[0])
                          + math.sin(th + h * a3[0]))
            th += h / 6 * (a1[0] + 2 * a2[0] + 2 * a3[0] + a4[0])
            k += h / 6 * (a1[1] + 2 * a2[1] + 2 * a3[1] + a4[1])
        return k, y

    lo, hi = 0.0, alpha  # theta'(0) = alpha x_tip / L lies in (0, alpha]
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        if shoot(mid)[0] > 0:
            hi = mid
        else:
            lo = mid
    return shoot(0.5 * (lo + hi))[1]


def plot_sweep(path, out):
    with h5py.File(path, "r") as f:
        P = -column(f, "force1_y")
        G = column(f, "shear_modulus")
        E = column(f, "youngs_modulus")
        r = column(f, "radius")
        L = column(f, "length")
        ks = column(f, "shear_coefficient")
        beads = np.asarray(f["members"]["beads"]) if "members" in f and "beads" in f["members"] else None
        pos = np.asarray(f["final"]["positions"])
        diverged = np.asarray(f["members"]["diverged"]) if "members" in f else np.zeros(len(P))
    last = (beads - 1) if beads is not None else np.full(len(P), pos.shape[1] - 1)
    tip = -pos[np.arange(len(P)), last, 1] / L
    I = math.pi * r**4 / 4
    A = math.pi * r**2
    alpha = P * L**2 / (E * I)
    fig, ax = plt.subplots(figsize=(7, 5))
    shears = np.unique(G)
    cmap = plt.get_cmap("viridis")
    for j, g in enumerate(shears):
        sel = (G == g) & (diverged == 0)
        order = np.argsort(alpha[sel])
        colour = cmap(j / max(1, len(shears) - 1))
        ax.plot(alpha[sel][order], tip[sel][order], color=colour, lw=0.8)
        if j in (0, len(shears) - 1):
            lin = (P[sel] * L[sel] ** 3 / (3 * E[sel] * I[sel]) + P[sel] * L[sel] / (ks[sel] * g * A[sel])) / L[sel]
            ax.plot(alpha[sel][order], lin[order], "--", color=colour, lw=0.8,
                    label=f"Timoshenko linear, G = {g:.3g}")
    grid = np.linspace(0, alpha.max(), 60)
    ela = np.array([elastica_tip(a) for a in grid])
    ax.plot(grid, ela, "k-", lw=1.5, label="elastica (inextensible, unshearable)")
    ax.set_xlabel("alpha = P L^2 / (E I)")
    ax.set_ylabel("tip deflection / L")
    ax.set_ylim(0, min(1.2, 1.1 * np.nanmax(tip)))
    ax.legend(fontsize=8)
    ax.set_title(f"{Path(path).name}: {len(P)} members, colour: shear modulus {shears.min():.3g} .. {shears.max():.3g}")
    fig.tight_layout()
    target = Path(out) / (Path(path).stem + "_sweep.png")
    fig.savefig(target, dpi=120)
    stiff = (G == shears.max()) & (diverged == 0)
    dev = max(abs(t - elastica_tip(a)) for t, a in zip(tip[stiff], alpha[stiff]))
    soft = (G == shears.min()) & (diverged == 0)
    share = (P[soft] * L[soft] / (ks[soft] * shears.min() * A[soft]) / L[soft]) / np.maximum(tip[soft], 1e-300)
    print(f"{target}: {int((diverged != 0).sum())} diverged; at G = {shears.max():.4g} the tips lie within "
          f"{dev:.3e} L of the elastica; at G = {shears.min():.4g} the linear shear term is up to "
          f"{100 * share.max():.1f} % of the deflection")


def plot_shape(path, member, out):
    with h5py.File(path, "r") as f:
        n = int(np.asarray(f["members"]["beads"])[member])
        final = np.asarray(f["final"]["positions"][member])[:n]
        series = np.asarray(f["series"]["positions"][member])[:, :n] if "series" in f and "positions" in f["series"] else None
        couple = column(f, "couple1_z")[member] if "couple1_z" in f["members"]["params"] else 0.0
        L = column(f, "length")[member]
    fig, axes = plt.subplots(1, 2, figsize=(10, 5))
    for ax, (a, b, label) in zip(axes, [(0, 1, "y"), (0, 2, "z")]):
        if series is not None:
            for k in range(0, series.shape[0], max(1, series.shape[0] // 10)):
                ax.plot(series[k, :, a], series[k, :, b], color="0.8", lw=0.6)
        ax.plot(final[:, a], final[:, b], "b.-", lw=1, ms=3, label="final")
        if couple != 0 and label == "y":
            R = L / (2 * math.pi)
            t = np.linspace(0, 2 * math.pi, 200)
            ax.plot(final[0, 0] + R * np.sin(t), final[0, 1] + R * (1 - np.cos(t)), "r--", lw=0.8,
                    label="circle of radius L / 2 pi")
        ax.set_xlabel("x")
        ax.set_ylabel(label)
        ax.set_aspect("equal")
        ax.legend(fontsize=8)
    fig.suptitle(f"{Path(path).name}, member {member}")
    fig.tight_layout()
    target = Path(out) / f"{Path(path).stem}_shape_{member}.png"
    fig.savefig(target, dpi=120)
    print(target)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("plot", choices=["sweep", "shape"])
    p.add_argument("results")
    p.add_argument("--member", type=int, default=0)
    p.add_argument("--out", default=None)
    a = p.parse_args()
    out = a.out or str(Path(a.results).parent)
    if a.plot == "sweep":
        plot_sweep(a.results, out)
    else:
        plot_shape(a.results, a.member, out)


if __name__ == "__main__":
    main()
