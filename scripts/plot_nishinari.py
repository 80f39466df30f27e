#!/usr/bin/env python3
"""Plots of the nishinari examples: a released helix (the paper's Fig. 4, "snapshot of helix motion") with its
energy split, and a heatmap summary of the K x h sweep.

Usage:
  plot_nishinari.py helix RESULTS [--member I] [--times T ...] [--out PNG]
      RESULTS from examples/nishinari/helix.json (positions and energy saved). Left: the string in 3D at a few
      save times; middle: kinetic, spin, axial, bending, twist (and external, when nonzero) energy and the total
      over time; right: the relative change of the total energy |E(t) - E(0)| / E(0).
  plot_nishinari.py sweep RESULTS [--x KEY] [--y KEY] [--out PNG]
      RESULTS from examples/nishinari/sweep.json (energy saved). Over the two varied parameters (default: the
      members' varied_keys, e.g. params.K and params.h): the bending share of the total energy at t_end, and
      log10 of the relative energy drift |E(t_end) - E(0)| / E(0), with contours of RK4's dt * omega_max
      (stable below 2.83). Diverged or singular members are hatched.

Needs python3 with h5py, matplotlib and numpy (RODSWARM_SETUP_PYTHON=1 scripts/setup installs them). PNG files are
written next to RESULTS unless --out is given.
"""
import argparse
import json
from pathlib import Path

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

ENERGY_SHOWN = ("kinetic", "spin", "axial", "bending", "twist", "external", "total")
RK4_LIMIT = 2.0 * np.sqrt(2.0)  # RK4's stability interval on the imaginary axis


def params(f):
    names = json.loads(f["members/params"].attrs["names"])
    return {name: f["members/params"][name][:] for name in names}


def energy_names(dataset):
    attrs = dataset.attrs
    return json.loads(attrs["components"] if "components" in attrs else attrs["energy_names"])


def flag(f, name, members):
    return f[name][:].astype(bool) if name in f else np.zeros(members, dtype=bool)


def omega_max(p):
    """Largest linear frequency of a straight member (note section 9): axial, twist, bending."""
    l, m, k, K, h, j = (p[name] for name in ("l", "m", "k", "K", "h", "j"))
    return np.maximum.reduce([2 * np.sqrt(k / (m * l)), 2 * np.sqrt(h / (j * l)), 4 * np.sqrt(K / (m * l**3))])


def set_equal_3d(ax, points):
    lo, hi = np.nanmin(points, axis=0), np.nanmax(points, axis=0)
    centre, half = (lo + hi) / 2, max(np.max(hi - lo) / 2, 1e-12)
    ax.set_xlim(centre[0] - half, centre[0] + half)
    ax.set_ylim(centre[1] - half, centre[1] + half)
    ax.set_zlim(centre[2] - half, centre[2] + half)
    ax.set_box_aspect((1, 1, 1))


def plot_helix(path, out, member, times):
    with h5py.File(path, "r") as f:
        if "series/positions" not in f or "series/energy" not in f:
            raise SystemExit(f"{path}: needs output.fields with positions and energy and output.save_every > 0")
        t = f["time"][:]
        n = int(f["members/beads"][member])
        pos = f["series/positions"][member, :, :n, :]  # (S, n, 3)
        names = energy_names(f["series/energy"])
        energy = f["series/energy"][member]  # (S, E)
        config = json.loads(f.attrs["config"])
        singular = flag(f, "members/singular", f["members/beads"].shape[0])[member]
        diverged = flag(f, "members/diverged", f["members/beads"].shape[0])[member]
    p = config.get("params", {})
    if not times:
        times = np.linspace(t[0], t[-1], 5)
    picks = sorted({int(np.argmin(np.abs(t - x))) for x in times})

    fig = plt.figure(figsize=(16, 5))
    ax = fig.add_subplot(1, 3, 1, projection="3d")
    colours = plt.cm.viridis(np.linspace(0, 0.9, len(picks)))
    for k, c in zip(picks, colours):
        ax.plot(pos[k, :, 0], pos[k, :, 1], pos[k, :, 2], "-o", ms=2, lw=1.2, color=c, label=f"t = {t[k]:.2f}")
    set_equal_3d(ax, pos[picks].reshape(-1, 3))
    ax.set(xlabel="x", ylabel="y", zlabel="z")
    kind = config.get("initial", {}).get("kind", "")
    ax.set_title(f"{kind}, n = {n}, ends {'/'.join(p.get('ends', ['free', 'free']))} "
                 f"({p.get('formulation', 'intrinsic')}, "
                 f"{p.get('twist_moment', 'conservative')} twist)", fontsize=10)
    ax.legend(fontsize=7, loc="upper left")

    ax_e = fig.add_subplot(1, 3, 2)
    for name in ENERGY_SHOWN:
        if name not in names:
            continue
        col = energy[:, names.index(name)]
        if name == "external" and not np.any(col):
            continue
        style = {"color": "k", "lw": 2} if name == "total" else {"lw": 1.2}
        ax_e.plot(t, col, label=name, **style)
    ax_e.set(xlabel="t", ylabel="energy", title="energy split")
    ax_e.legend(fontsize=8)

    ax_d = fig.add_subplot(1, 3, 3)
    total = energy[:, names.index("total")]
    drift = np.abs(total - total[0]) / abs(total[0])
    ax_d.semilogy(t[1:], np.maximum(drift[1:], 1e-17), "k-")
    dt = config.get("integrator", {}).get("dt")
    ax_d.set(xlabel="t", ylabel="|E(t) - E(0)| / E(0)", title=f"total energy error (RK4, dt = {dt})")
    status = [s for s, on in (("singular", singular), ("diverged", diverged)) if on]
    if status:
        fig.suptitle(f"member {member}: " + ", ".join(status), color="r")
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print(f"wrote {out}")


def plot_sweep(path, out, xkey, ykey):
    with h5py.File(path, "r") as f:
        p = params(f)
        members = f["members/beads"].shape[0]
        varied = json.loads(f["members"].attrs["varied_keys"])
        names = energy_names(f["final/energy"])
        first = f["series/energy"][:, 0, :] if "series/energy" in f else None
        final = f["final/energy"][:]  # (M, E)
        bad = flag(f, "members/diverged", members) | flag(f, "members/singular", members)
        n_singular = int(flag(f, "members/singular", members).sum())
        n_diverged = int(flag(f, "members/diverged", members).sum())
    if first is None:
        raise SystemExit(f"{path}: needs energy in output.fields and output.save_every > 0 (for E(0))")
    xkey = xkey or (varied[0] if len(varied) > 0 else "params.K")
    ykey = ykey or (varied[1] if len(varied) > 1 else "params.h")
    x, y = (p[key.split(".")[-1].replace("[", "_").rstrip("]")] for key in (xkey, ykey))
    xs, ys = np.unique(x), np.unique(y)
    if len(xs) < 2 or len(ys) < 2:
        raise SystemExit(f"{path}: needs a grid with at least 2 values of {xkey} and of {ykey}")
    if len(xs) * len(ys) != members:
        raise SystemExit(f"{path}: the members are not a {xkey} x {ykey} grid")
    ix, iy = np.searchsorted(xs, x), np.searchsorted(ys, y)

    def grid(v):
        g = np.full((len(ys), len(xs)), np.nan)
        g[iy, ix] = v
        return g

    total0 = first[:, names.index("total")]
    total1 = final[:, names.index("total")]
    share = np.where(bad, np.nan, final[:, names.index("bending")] / total1)
    share0 = first[:, names.index("bending")] / total0
    change = np.where(bad, np.nan, (total1 - total0) / np.abs(total0))
    drift = np.abs(change)
    n_lost = int(np.sum(change < 0))
    stab = omega_max(p) * p["dt"]

    fig, axes = plt.subplots(1, 2, figsize=(13, 5))
    extent = [xs[0], xs[-1], ys[0], ys[-1]]
    t_end = p["t_end"].max()
    im0 = axes[0].imshow(grid(share), origin="lower", aspect="auto", extent=extent, cmap="viridis")
    fig.colorbar(im0, ax=axes[0], label=f"bending / total energy at t = {t_end:g}")
    cs = axes[0].contour(xs, ys, grid(share0), levels=5, colors="w", linewidths=0.8)
    axes[0].clabel(cs, fontsize=7, fmt="%.2f")
    axes[0].set_title("bending share at t_end (white: at t = 0)", fontsize=10)
    with np.errstate(divide="ignore"):
        im1 = axes[1].imshow(np.log10(grid(drift)), origin="lower", aspect="auto", extent=extent, cmap="magma")
    fig.colorbar(im1, ax=axes[1], label="log10 |E(t_end) - E(0)| / E(0)")
    cs = axes[1].contour(xs, ys, grid(stab), levels=6, colors="c", linewidths=0.8)
    axes[1].clabel(cs, fontsize=7, fmt="%.2f")
    axes[1].set_title(f"relative energy drift, a loss in {n_lost} of {members} members\n"
                      f"(cyan: dt * omega_max, RK4 stable below {RK4_LIMIT:.2f})", fontsize=10)
    for ax in axes:
        if bad.any():
            ax.contourf(xs, ys, grid(bad.astype(float)), levels=[0.5, 1.5], colors="none", hatches=["//"])
        ax.set(xlabel=xkey, ylabel=ykey)
    fig.suptitle(f"{members} members: diverged {n_diverged}, singular {n_singular} (hatched)", fontsize=11)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    finite = drift[np.isfinite(drift)]
    if finite.size:
        print(f"relative energy drift over the sweep: min {finite.min():.3g}, median {np.median(finite):.3g}, "
              f"max {finite.max():.3g} (a loss in {n_lost} of {members}); "
              f"dt * omega_max {stab.min():.3g} .. {stab.max():.3g}")
    print(f"wrote {out}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    helix = sub.add_parser("helix", help="3D snapshots and energy split of one member")
    helix.add_argument("results")
    helix.add_argument("--member", type=int, default=0)
    helix.add_argument("--times", type=float, nargs="*", help="save times to draw (default: 5, evenly spaced)")
    helix.add_argument("--out", help="PNG (default: RESULTS with .png)")
    sweep = sub.add_parser("sweep", help="heatmaps over a two-parameter grid")
    sweep.add_argument("results")
    sweep.add_argument("--x", help="varied key on the x axis (default: the first varied key)")
    sweep.add_argument("--y", help="varied key on the y axis (default: the second varied key)")
    sweep.add_argument("--out", help="PNG (default: RESULTS with .png)")
    args = parser.parse_args()
    out = args.out or str(Path(args.results).with_suffix(".png"))
    if args.what == "helix":
        plot_helix(args.results, out, args.member, args.times)
    else:
        plot_sweep(args.results, out, args.x, args.y)


if __name__ == "__main__":
    main()
