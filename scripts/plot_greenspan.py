#!/usr/bin/env python3
"""Plots of the Greenspan demo: Example 1's motion (the paper's Fig. 4) and a summary of the mass x damping sweep.

Usage: plot_greenspan.py DIR   (reads DIR/example1.h5, DIR/example1_steady.h5, DIR/sweep.h5; writes DIR/*.png)
"""
import json
import sys
from pathlib import Path

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def params(f):
    names = json.loads(f["members/params"].attrs["names"])
    return {name: f["members/params"][name][:] for name in names}


def plot_example1(run_path, steady_path, out):
    with h5py.File(run_path, "r") as f, h5py.File(steady_path, "r") as s:
        t = f["time"][:]
        pos = f["series/positions"][0]  # (S, B, 3)
        components = json.loads(f["series/energy"].attrs["components"])
        energy = f["series/energy"][0]
        steady = s["final/positions"][0]
    fig, (ax, ax_e) = plt.subplots(1, 2, figsize=(11, 4.2))
    for time in [0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1.0, 10.0]:
        k = int(np.argmin(np.abs(t - time)))
        ax.plot(pos[k, :, 0], pos[k, :, 1], "-o", ms=3, lw=1, label=f"t = {t[k]:.2f}")
    ax.plot(steady[:, 0], steady[:, 1], "k--", lw=1.5, label="steady state (Newton)")
    ax.set(xlabel="x (ft)", ylabel="y (ft)", title="Greenspan Example 1 (paper's scheme)")
    ax.legend(fontsize=7, ncol=2)
    for name in ("kinetic", "potential", "total"):
        ax_e.plot(t, energy[:, components.index(name)], label=name)
    ax_e.set(xlabel="t (s)", ylabel="energy (ft lb)", title="energy: dE/dt = -alpha sum v^2")
    ax_e.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=120)


def plot_sweep(path, out):
    with h5py.File(path, "r") as f:
        p = params(f)
        final = f["final/positions"][:]  # (M, B, 3)
        diverged = f["members/diverged"][:].astype(bool)
        warned = f["members/stability_warning"][:].astype(bool)
        t = f["time"][:]
        components = json.loads(f["series/energy"].attrs["components"])
        kinetic = f["series/energy"][:, :, components.index("kinetic")]  # (M, S)
    m, alpha = p["m"], p["alpha"]
    ms, alphas = np.unique(m), np.unique(alpha)
    centre = final[:, final.shape[1] // 2, 1]
    # Kinetic energy left over the last second: how far from rest each string still is at t = 10.
    last = t >= t[-1] - 1.0
    residual = np.where(diverged, np.nan, kinetic[:, last].max(axis=1))
    grid = lambda v: v.reshape(len(ms), len(alphas)).T  # members are in C order: m slowest
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.8))
    extent = [ms[0], ms[-1], alphas[0], alphas[-1]]
    shown = np.where(diverged, np.nan, centre)
    # Members between the bound and the diverged region still swing wildly at t = 10: clip them to the range of
    # the settled ones so that the sag over the plane stays readable.
    lo, hi = np.nanpercentile(shown[~warned], [0, 100]) if (~warned).any() else (np.nanmin(shown), np.nanmax(shown))
    im0 = axes[0].imshow(grid(shown), origin="lower", aspect="auto", extent=extent, cmap="viridis", vmin=lo, vmax=hi)
    fig.colorbar(im0, ax=axes[0], label="centre bead height y5 at t = 10 (ft)")
    im1 = axes[1].imshow(np.log10(grid(residual) + 1e-300), origin="lower", aspect="auto", extent=extent,
                         cmap="magma", vmin=-16)
    fig.colorbar(im1, ax=axes[1], label="log10 max kinetic energy over t in [9, 10]")
    for ax in axes:
        ax.contour(ms, alphas, grid(warned.astype(float)), levels=[0.5], colors="w", linewidths=1.5)
        ax.contourf(ms, alphas, grid(diverged.astype(float)), levels=[0.5, 1.5], colors="none", hatches=["//"])
        ax.set(xlabel="bead mass m (slug)", ylabel="damping alpha (lb s/ft)")
    axes[0].set_title(f"{len(m)} members: diverged (hatched) {diverged.sum()}, outside bound {warned.sum()}",
                      fontsize=10)
    axes[1].set_title("white line: the scheme's linearised dt bound", fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=120)


def main():
    d = Path(sys.argv[1] if len(sys.argv) > 1 else "demo-output")
    plot_example1(d / "example1.h5", d / "example1_steady.h5", d / "example1.png")
    plot_sweep(d / "sweep.h5", d / "sweep.png")


if __name__ == "__main__":
    main()
