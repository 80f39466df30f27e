#!/usr/bin/env python3
"""Plots of a `cosserat` results file: tip traces, energy split, Gauss diagnostics, 3D centre-line snapshots and,
for an ensemble, a final quantity over the varied parameters.

Usage:
  plot_cosserat.py RESULTS [--members I ...] [--out PREFIX] [--sweep KEY [KEY]] [--quantity tip|energy]
                   [--times T ...]

Writes, as far as the file holds the data (a figure whose data is missing is skipped with a note):
  PREFIX_tip.png        x, y, z of the last node of rod 0 of each chosen member against time (series/positions)
  PREFIX_energy.png     the energy components against time (translational, rotational, stretch_shear, bend_twist,
                        gravity, loads, contact, total; whatever /series/energy's `components` attribute names)
                        and the relative change of the total, for the first chosen member
  PREFIX_gauss.png      /series/gauss [M][S][3]: Z_t, Z_s and the largest constraint violation against time
  PREFIX_snapshots.png  the centre lines of the first chosen member (every rod) in 3D at a few save times
  PREFIX_sweep.png      with more than one member: the final tip displacement |x_tip(end) - x_tip(0)| (or, with
                        --quantity energy or without positions, the final total energy) against the varied keys
                        (--sweep, default /members varied_keys): a line or scatter for one key, a heatmap for a
                        two-key grid, a coloured scatter otherwise. Diverged members are marked with red crosses.

Rods: a member holds /members/rods[i] rods (equal, consecutive runs of its beads) when the file has that dataset,
else a `rods` parameter, else one rod. PREFIX defaults to RESULTS without its extension.
Needs python3 with h5py, matplotlib and numpy (RODSWARM_SETUP_PYTHON=1 scripts/setup installs them); runs headless.
"""
import argparse
import json
from pathlib import Path

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

ENERGY_ORDER = ("translational", "rotational", "stretch_shear", "bend_twist", "gravity", "loads", "contact", "total")
GAUSS_LABELS = ("Z_t (Gauss function)", "Z_s (static residual)", "max constraint violation")


# ------------------------------------------------------------------------------------------------------- reading
def energy_names(dataset):
    attrs = dataset.attrs
    for key in ("components", "energy_names"):
        if key in attrs:
            return json.loads(attrs[key])
    return [f"E{k}" for k in range(dataset.shape[-1])]


def params(f):
    group = f["members/params"]
    names = json.loads(group.attrs["names"]) if "names" in group.attrs else sorted(group.keys())
    return {name: group[name][:] for name in names}


def param_for_key(p, key):
    """The /members/params dataset a config key is stored as: the key itself (the cosserat model stores a varied
    key under its full name, e.g. `params.force1[0]`), else params.m -> m, initial.peak[1] -> peak_1, and for a
    3-vector component params.force1[0] -> force1_x."""
    last = key.split(".")[-1]
    candidates = [key, last.replace("[", "_").rstrip("]")]
    if last.endswith("]") and "[" in last:
        base, index = last[:-1].split("[", 1)
        if index in ("0", "1", "2"):
            candidates.append(f"{base}_{'xyz'[int(index)]}")
    for name in candidates:
        if name in p:
            return p[name]
    raise SystemExit(f"no parameter {candidates[1]!r} for key {key!r} (parameters: {', '.join(p)})")


def flags(f, name, members):
    return f[name][:].astype(bool) if name in f else np.zeros(members, dtype=bool)


def rods_per_member(f, p, members):
    if "members/rods" in f:
        return f["members/rods"][:].astype(int)
    if "rods" in p:
        return np.asarray(p["rods"]).astype(int)
    return np.ones(members, dtype=int)


class ResultsFile:
    """What the plots need, read once (series arrays per chosen member only)."""

    def __init__(self, path, members):
        self.path = path
        with h5py.File(path, "r") as f:
            self.model = f.attrs.get("model", "")
            self.beads = f["members/beads"][:].astype(int)
            self.M = len(self.beads)
            bad = [i for i in members if not 0 <= i < self.M]
            if bad:
                raise SystemExit(f"{path}: member(s) {bad} out of range (the file has {self.M} members)")
            self.members = members
            self.p = params(f)
            self.varied = json.loads(f["members"].attrs.get("varied_keys", "[]"))
            self.rods = rods_per_member(f, self.p, self.M)
            self.diverged = flags(f, "members/diverged", self.M)
            self.time = f["time"][:] if "time" in f else None
            self.config = json.loads(f.attrs["config"]) if "config" in f.attrs else {}
            has = {name: name in f for name in ("series/positions", "series/energy", "series/gauss",
                                                "final/positions", "final/energy")}
            self.series_pos = ({i: f["series/positions"][i, :, : self.beads[i], :] for i in members}
                               if has["series/positions"] else None)
            self.series_energy = ({i: f["series/energy"][i] for i in members} if has["series/energy"] else None)
            self.energy_names = (energy_names(f["series/energy"]) if has["series/energy"]
                                 else energy_names(f["final/energy"]) if has["final/energy"] else [])
            self.series_gauss = ({i: f["series/gauss"][i] for i in members} if has["series/gauss"] else None)
            self.gauss_names = (json.loads(f["series/gauss"].attrs["components"])
                                if has["series/gauss"] and "components" in f["series/gauss"].attrs
                                else list(GAUSS_LABELS))
            # Whole-ensemble final quantities for the sweep (tip nodes only, not every bead).
            self.tip_index = np.array([self.beads[i] // max(self.rods[i], 1) - 1 for i in range(self.M)])
            rows = np.arange(self.M)
            self.final_tip = self.initial_tip = self.final_total = None
            if has["final/positions"]:
                final = f["final/positions"]
                self.final_tip = np.array([final[i, self.tip_index[i], :] for i in rows]) if self.M else None
            if has["series/positions"] and self.time is not None and len(self.time):
                series = f["series/positions"]
                self.initial_tip = np.array([series[i, 0, self.tip_index[i], :] for i in rows])
            if has["final/energy"] and "total" in self.energy_names:
                self.final_total = f["final/energy"][:, self.energy_names.index("total")]

    def tip_trace(self, i):
        return self.series_pos[i][:, self.tip_index[i], :]  # (S, 3)

    def rod_slices(self, i):
        per = self.beads[i] // max(self.rods[i], 1)
        return [slice(r * per, (r + 1) * per) for r in range(max(self.rods[i], 1))]


# ------------------------------------------------------------------------------------------------------ plotting
def set_equal_3d(ax, points):
    points = points[np.all(np.isfinite(points), axis=1)]
    if not len(points):
        return
    lo, hi = points.min(axis=0), points.max(axis=0)
    centre, half = (lo + hi) / 2, max(np.max(hi - lo) / 2, 1e-12)
    ax.set_xlim(centre[0] - half, centre[0] + half)
    ax.set_ylim(centre[1] - half, centre[1] + half)
    ax.set_zlim(centre[2] - half, centre[2] + half)
    ax.set_box_aspect((1, 1, 1))


def save(fig, out):
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)
    print(f"wrote {out}")


def plot_tip(r, out):
    if r.series_pos is None or r.time is None:
        print("note: no series/positions (output.fields without positions or save_every = 0): no tip trace")
        return
    fig, axes = plt.subplots(3, 1, figsize=(9, 8), sharex=True)
    for i in r.members:
        tip = r.tip_trace(i)
        for c, ax in enumerate(axes):
            ax.plot(r.time, tip[:, c], lw=1.2, label=f"member {i}" + (" (diverged)" if r.diverged[i] else ""))
    for c, ax in enumerate(axes):
        ax.set_ylabel("xyz"[c])
        ax.grid(alpha=0.3)
    axes[-1].set_xlabel("t")
    axes[0].set_title("tip of rod 0 (its last node)")
    axes[0].legend(fontsize=8, ncol=min(4, len(r.members)))
    save(fig, out)


def plot_energy(r, out):
    if r.series_energy is None or r.time is None:
        print("note: no series/energy: no energy plot")
        return
    i = r.members[0]
    energy = r.series_energy[i]
    names = r.energy_names
    shown = [n for n in ENERGY_ORDER if n in names] + [n for n in names if n not in ENERGY_ORDER]
    fig, (ax, ax_d) = plt.subplots(1, 2, figsize=(14, 5))
    for name in shown:
        col = energy[:, names.index(name)]
        if name != "total" and not np.any(col):
            continue  # e.g. no contact, no gravity
        style = {"color": "k", "lw": 2} if name == "total" else {"lw": 1.2}
        ax.plot(r.time, col, label=name, **style)
    ax.set(xlabel="t", ylabel="energy", title=f"member {i}: energy components")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    if "total" in names:
        total = energy[:, names.index("total")]
        scale = max(np.max(np.abs(total)), 1e-300)
        ax_d.semilogy(r.time[1:], np.maximum(np.abs(total[1:] - total[0]) / scale, 1e-17), "k-")
        ax_d.set(xlabel="t", ylabel="|E(t) - E(0)| / max|E|", title="total energy change")
        ax_d.grid(alpha=0.3, which="both")
    else:
        ax_d.set_axis_off()
    save(fig, out)


def plot_gauss(r, out):
    if r.series_gauss is None or r.time is None:
        print("note: no series/gauss: no Gauss diagnostics plot")
        return
    k = r.series_gauss[r.members[0]].shape[-1]
    fig, axes = plt.subplots(1, k, figsize=(5 * k, 4.5), squeeze=False)
    for c, ax in enumerate(axes[0]):
        for i in r.members:
            values = np.abs(r.series_gauss[i][:, c])
            # Exact zeros (no constraint, or a save before the first evaluation) have no logarithm: leave them
            # out instead of clipping them to 1e-300, which squeezed the whole trace into one pixel row.
            shown = np.where(values > 0, values, np.nan)
            if np.any(np.isfinite(shown)):
                ax.semilogy(r.time, shown, lw=1.2, label=f"member {i}")
            else:
                ax.text(0.5, 0.5, f"member {i}: identically 0", transform=ax.transAxes, ha="center", fontsize=9)
        ax.set(xlabel="t", title=r.gauss_names[c] if c < len(r.gauss_names) else f"column {c}")
        ax.grid(alpha=0.3, which="both")
    axes[0][0].legend(fontsize=8)
    save(fig, out)


def plot_snapshots(r, out, times):
    if r.series_pos is None or r.time is None:
        print("note: no series/positions: no snapshots")
        return
    i = r.members[0]
    pos = r.series_pos[i]
    t = r.time
    if not times:
        times = np.linspace(t[0], t[-1], min(5, len(t)))
    picks = sorted({int(np.argmin(np.abs(t - x))) for x in times})
    fig = plt.figure(figsize=(8, 7))
    ax = fig.add_subplot(1, 1, 1, projection="3d")
    colours = plt.cm.viridis(np.linspace(0, 0.9, len(picks)))
    for k, colour in zip(picks, colours):
        for rod, part in enumerate(r.rod_slices(i)):
            seg = pos[k, part, :]
            ax.plot(seg[:, 0], seg[:, 1], seg[:, 2], "-", lw=1.5, color=colour,
                    label=f"t = {t[k]:.3g}" if rod == 0 else None)
            ax.plot(*seg[-1], "o", ms=3, color=colour)
    set_equal_3d(ax, pos[picks].reshape(-1, 3))
    ax.set(xlabel="x", ylabel="y", zlabel="z")
    ax.set_title(f"member {i}: {r.rods[i]} rod(s), {r.beads[i]} nodes", fontsize=10)
    ax.legend(fontsize=8, loc="upper left")
    save(fig, out)


def final_quantity(r, quantity):
    if quantity == "tip" and r.final_tip is not None and r.initial_tip is not None:
        return np.linalg.norm(r.final_tip - r.initial_tip, axis=1), "final tip displacement |x_tip(end) - x_tip(0)|"
    if quantity == "tip" and r.final_tip is not None and r.initial_tip is None:
        print("note: no series/positions for x_tip(0): plotting the final tip distance from the origin")
        return np.linalg.norm(r.final_tip, axis=1), "|x_tip(end)|"
    if r.final_total is not None:
        return r.final_total, "final total energy"
    return None, None


def plot_sweep(r, out, keys, quantity):
    if r.M < 2:
        return
    keys = keys or r.varied
    if not keys:
        print("note: the ensemble varies no key (and no --sweep given): no sweep plot")
        return
    values, label = final_quantity(r, quantity)
    if values is None:
        print("note: neither final positions nor final energy saved: no sweep plot")
        return
    xs = [np.asarray(param_for_key(r.p, key), dtype=float) for key in keys[:2]]
    bad = r.diverged
    shown = np.where(bad, np.nan, values)
    fig, ax = plt.subplots(figsize=(8, 6))
    if len(xs) == 1:
        order = np.argsort(xs[0])
        ax.plot(xs[0][order], shown[order], "-o", ms=3, lw=1)
        ax.set(xlabel=keys[0], ylabel=label)
    else:
        ux, uy = np.unique(xs[0]), np.unique(xs[1])
        if len(ux) * len(uy) == r.M and len(ux) > 1 and len(uy) > 1:
            grid = np.full((len(uy), len(ux)), np.nan)
            grid[np.searchsorted(uy, xs[1]), np.searchsorted(ux, xs[0])] = shown
            im = ax.pcolormesh(ux, uy, grid, shading="nearest", cmap="viridis")
        else:
            im = ax.scatter(xs[0], xs[1], c=shown, s=18, cmap="viridis")
        fig.colorbar(im, ax=ax, label=label)
        ax.set(xlabel=keys[0], ylabel=keys[1])
        if len(keys) > 2:
            ax.set_title(f"(also varied: {', '.join(keys[2:])})", fontsize=9)
    if bad.any():
        if len(xs) == 1:
            ax.plot(xs[0][bad], np.zeros(bad.sum()), "rx", label="diverged")
        else:
            ax.plot(xs[0][bad], xs[1][bad], "rx", label="diverged")
        ax.legend(fontsize=8)
    fig.suptitle(f"{r.M} members, {int(bad.sum())} diverged", fontsize=11)
    save(fig, out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("results")
    parser.add_argument("--members", type=int, nargs="+", default=[0], help="members to trace (default 0)")
    parser.add_argument("--out", help="prefix of the PNG files (default: RESULTS without its extension)")
    parser.add_argument("--sweep", nargs="+", metavar="KEY", help="varied keys for the sweep plot (default: all "
                        "of /members varied_keys; the first two are drawn)")
    parser.add_argument("--quantity", choices=("tip", "energy"), default="tip",
                        help="final quantity of the sweep plot (default tip displacement)")
    parser.add_argument("--times", type=float, nargs="*", help="snapshot times (default: 5, evenly spaced)")
    args = parser.parse_args()
    prefix = args.out or str(Path(args.results).with_suffix(""))
    r = ResultsFile(args.results, args.members)
    plot_tip(r, f"{prefix}_tip.png")
    plot_energy(r, f"{prefix}_energy.png")
    plot_gauss(r, f"{prefix}_gauss.png")
    plot_snapshots(r, f"{prefix}_snapshots.png", args.times)
    plot_sweep(r, f"{prefix}_sweep.png", args.sweep, args.quantity)


if __name__ == "__main__":
    main()
