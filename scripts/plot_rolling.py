#!/usr/bin/env python3
"""Plots of a `rolling` results file (two strings in rolling contact): the paper's Figure 2 (space-time field with
the contact point, and the spectrum of one harmonic against the frozen-contact control), the Lyapunov map of a
sweep and the running Lyapunov estimate. The lyapunov and running plots read a `rodpair` file (two rods in rolling
contact, contact.frozen its control) the same way.

Usage:
  plot_rolling.py {field,spectrum,lyapunov,running,all} RESULTS [--member I ...] [--string u|v] [--compare FILE]
                  [--x KEY] [--y KEY] [--omega-max W] [--out DIR]

  field     RESULTS [--member I ...] [--string u|v]
      Figure 2, left: u(x, t) of member I (string u, or v with --string v) as an image over x and t, from
      /series/positions (a member is 2 rods of P beads (x, u, 0), then (x, v, 0)), with the contact point s1 (s2
      for v) from /series/contact drawn as a red line. One PNG per member: PREFIX_field_I.png (PREFIX_field_v_I.png).
  spectrum  RESULTS [--member I ...] [--compare FILE] [--omega-max W]
      Figure 2, right: S(omega) of the chosen members on a log scale from /spectrum/omega and /spectrum/power, the
      harmonic's linear frequency c kappa_h marked; --compare overlays the same members of a second file (e.g. the
      frozen-contact control, params.frozen = true). PREFIX_spectrum.png.
  lyapunov  RESULTS [--x KEY] [--y KEY] [--compare FILE]
      /final/lyapunov over the two varied keys (default: /members varied_keys without params.frozen) as an image,
      one panel for the rolling members and one for the frozen ones when params.frozen is varied, with their
      difference (contact chaos needs contact > frozen); a line plot for one key. PREFIX_lyapunov_map.png. Then
      histograms of the exponents of the rolling and the frozen members (and of --compare's members, split the
      same way): PREFIX_lyapunov_hist.png. Diverged or singular members are left out (red crosses on the map).
  running   RESULTS [--member I ...]
      The running estimate /series/lyapunov (sum of log stretchings / t) against /time for the chosen members,
      frozen members dashed, the final exponents dotted. PREFIX_lyapunov_running.png.
  all       every plot above that the file has the data for (a missing dataset is skipped with a note).

--member defaults to 0. PNG files go to DIR (default: the directory of RESULTS), PREFIX is RESULTS's file name
without its extension. Needs python3 with h5py, matplotlib and numpy (RODSWARM_SETUP_PYTHON=1 scripts/setup installs
them); runs headless.
"""
import argparse
import json
import sys
from pathlib import Path

try:
    import h5py
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
except ImportError as missing:  # the same requirement the docstring states, as one line instead of a traceback
    sys.exit(f"plot_rolling.py: {missing}; needs python3 with h5py, matplotlib and numpy "
             "(RODSWARM_SETUP_PYTHON=1 scripts/setup installs them)")

FROZEN_KEYS = ("params.frozen", "contact.frozen", "frozen")


# ------------------------------------------------------------------------------------------------------- reading
def params(f):
    group = f["members/params"]
    names = json.loads(group.attrs["names"]) if "names" in group.attrs else sorted(group.keys())
    return {name: group[name][:] for name in names}


def param_for_key(p, key):
    """The /members/params dataset of a config key: the key itself (the rolling driver stores each varied key under
    its full name, e.g. `params.G1`), else its last component (params.G1 -> G1, initial.s1 -> s1)."""
    last = key.split(".")[-1]
    for name in (key, last, last.replace("[", "_").rstrip("]")):
        if name in p:
            return np.asarray(p[name], dtype=float)
    raise SystemExit(f"no parameter for key {key!r} (parameters: {', '.join(p)})")


def flags(f, name, members):
    return f[name][:].astype(bool) if name in f else np.zeros(members, dtype=bool)


class ResultsFile:
    """The descriptive part of a results file; bulk arrays are read per member when plotted."""

    def __init__(self, path):
        self.path = Path(path)
        if not self.path.is_file():
            raise SystemExit(f"{path}: no such file")
        with h5py.File(path, "r") as f:
            self.model = f.attrs.get("model", "")
            self.beads = f["members/beads"][:].astype(int)
            self.M = len(self.beads)
            self.p = params(f)
            self.varied = json.loads(f["members"].attrs.get("varied_keys", "[]"))
            # A member that stopped early (diverged, singular, or separated: rodpair's rods parted) has no exponent
            # over the run.
            self.bad = (flags(f, "members/diverged", self.M) | flags(f, "members/singular", self.M)
                        | flags(f, "members/separated", self.M))
            self.time = f["time"][:] if "time" in f else None
            self.frozen = (np.asarray(self.p["frozen"]) != 0) if "frozen" in self.p else np.zeros(self.M, dtype=bool)
            self.has = {name for name in ("series/positions", "series/contact", "series/lyapunov", "final/lyapunov",
                                          "final/contact", "spectrum/omega", "spectrum/power") if name in f}
            self.harmonic = int(f["spectrum"].attrs.get("harmonic", 0)) if "spectrum" in f else 0
            self.interval = float(f["spectrum"].attrs.get("sample_interval", np.nan)) if "spectrum" in f else np.nan
        if self.model and self.model not in ("rolling", "rodpair"):
            print(f"note: {path} holds model {self.model!r}, not 'rolling' (or 'rodpair' for lyapunov and running)")

    def check_members(self, members):
        bad = [i for i in members if not 0 <= i < self.M]
        if bad:
            raise SystemExit(f"{self.path}: member(s) {bad} out of range (the file has {self.M} members)")

    def read(self, name, index=()):
        with h5py.File(self.path, "r") as f:
            return f[name][index]

    def param(self, name, i, default=np.nan):
        return float(self.p[name][i]) if name in self.p else default

    def label(self, i, with_file=False):
        text = f"member {i}" + (" (frozen)" if self.frozen[i] else "") + (" (diverged)" if self.bad[i] else "")
        return f"{self.path.stem}: {text}" if with_file else text


def linear_frequency(r, i):
    """c kappa_h of the recorded harmonic (fixed ends: kappa = h pi / L; periodic: 2 pi h / L), or None."""
    c, L = r.param("c", i), r.param("L", i)
    if r.harmonic <= 0 or not (np.isfinite(c) and np.isfinite(L) and L > 0):
        return None
    periodic = r.param("periodic", i, 0.0) != 0
    return c * (2.0 if periodic else 1.0) * np.pi * r.harmonic / L


# ------------------------------------------------------------------------------------------------------ plotting
def save(fig, out):
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)
    print(f"wrote {out}")


def break_wraps(values, period):
    """A contact point on a periodic string jumps by ~L when it wraps: a NaN there keeps the line from crossing."""
    values = np.asarray(values, dtype=float)
    jumps = np.where(np.abs(np.diff(values)) > period / 2)[0]
    return np.insert(values, jumps + 1, np.nan), jumps


def plot_field(r, members, string, prefix):
    if "series/positions" not in r.has or r.time is None:
        print("note: no series/positions (output.fields without positions, or nothing saved): no space-time field")
        return
    for i in members:
        P = r.beads[i] // 2
        pos = r.read("series/positions", (i, slice(None), slice(0, 2 * P), slice(None)))  # (S, 2P, 3)
        part = slice(0, P) if string == "u" else slice(P, 2 * P)
        x = pos[0, part, 0]
        field = pos[:, part, 1]  # (S, P)
        fig, ax = plt.subplots(figsize=(8, 6))
        limit = np.nanmax(np.abs(field)) if np.any(np.isfinite(field)) else 1.0
        limit = limit if limit > 0 else 1.0
        im = ax.pcolormesh(x, r.time, np.ma.masked_invalid(field), shading="nearest", cmap="RdBu_r", vmin=-limit,
                           vmax=limit)
        fig.colorbar(im, ax=ax, label=f"{string}(x, t)")
        if "series/contact" in r.has:
            column = 0 if string == "u" else 1
            s = r.read("series/contact", (i, slice(None), column))
            L = r.param("L", i)
            period = L if r.param("periodic", i, 0.0) != 0 and np.isfinite(L) else None
            if period is not None:
                s, jumps = break_wraps(s, period)
                t = np.insert(np.asarray(r.time, dtype=float), jumps + 1, np.nan)
            else:
                t = r.time
            ax.plot(s, t, "r-", lw=1.5, label=f"contact point s{column + 1}")
            ax.legend(fontsize=8, loc="upper right")
        else:
            print("note: no series/contact: the field is drawn without the contact point")
        ax.set(xlabel="x", ylabel="t", xlim=(x[0], x[-1]))
        ax.set_title(f"{r.path.stem}, {r.label(i)}: string {string}", fontsize=10)
        save(fig, f"{prefix}_field_{'' if string == 'u' else 'v_'}{i}.png")


def plot_spectrum(r, members, compare, omega_max, prefix):
    if "spectrum/power" not in r.has:
        print("note: no /spectrum/power (analysis.spectrum not set): no spectrum plot")
        return
    files = [r] + ([compare] if compare is not None else [])
    fig, ax = plt.subplots(figsize=(9, 5.5))
    styles = ["-", "--"]
    visible = []  # the power shown within the omega range, for the vertical limits
    for n, rf in enumerate(files):
        if "spectrum/power" not in rf.has:
            print(f"note: {rf.path} has no /spectrum/power: not overlaid")
            continue
        rf.check_members(members)
        omega = rf.read("spectrum/omega")
        for i in members:
            power = rf.read("spectrum/power", (i, slice(None)))
            shown = np.where(power > 0, power, np.nan)  # zeros (the removed mean) have no logarithm
            if not np.any(np.isfinite(shown)):
                print(f"note: {rf.path.stem} member {i} has no spectrum (fewer than 2 samples)")
                continue
            ax.semilogy(omega, shown, styles[n % 2], lw=1.1, label=rf.label(i, with_file=compare is not None))
            inside = shown[omega <= omega_max] if omega_max else shown
            visible.extend(inside[np.isfinite(inside)])
    marked = linear_frequency(r, members[0])
    if marked is not None:
        ax.axvline(marked, color="k", ls=":", lw=1, label=f"linear frequency c kappa_{r.harmonic} = {marked:.4g}")
    if omega_max:
        ax.set_xlim(0, omega_max)
    if visible:  # at most 16 decades below the highest peak: round-off floors would squash the rest
        top = max(visible)
        ax.set_ylim(max(min(visible), top * 1e-16) / 2, top * 2)
    ax.set(xlabel="omega", ylabel="S(omega)")
    ax.set_title(f"spectrum of harmonic {r.harmonic} (sampled every {r.interval:.4g})", fontsize=10)
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=8)
    save(fig, f"{prefix}_spectrum.png")


def map_keys(r, x, y):
    keys = [k for k in ([x, y] if x else r.varied) if k and k not in FROZEN_KEYS]
    return keys[:2]


def draw_map(ax, fig, xs, values, bad, keys, vmin, vmax, cmap, label):
    if len(xs) == 1:
        order = np.argsort(xs[0])
        repeated = len(np.unique(xs[0])) < len(xs[0])  # other keys vary too: points, not a line through them
        ax.plot(xs[0][order], values[order], "o" if repeated else "-o", ms=3, lw=1)
        ax.set(xlabel=keys[0], ylabel=label)
        if bad.any():
            ax.plot(xs[0][bad], np.zeros(bad.sum()), "rx", label="diverged or singular")
        return
    ux, uy = np.unique(xs[0]), np.unique(xs[1])
    if len(ux) * len(uy) == len(values) and len(ux) > 1 and len(uy) > 1:
        grid = np.full((len(uy), len(ux)), np.nan)
        grid[np.searchsorted(uy, xs[1]), np.searchsorted(ux, xs[0])] = values
        im = ax.pcolormesh(ux, uy, grid, shading="nearest", cmap=cmap, vmin=vmin, vmax=vmax)
    else:
        im = ax.scatter(xs[0], xs[1], c=values, s=18, cmap=cmap, vmin=vmin, vmax=vmax)
    fig.colorbar(im, ax=ax, label=label)
    if bad.any():
        ax.plot(xs[0][bad], xs[1][bad], "rx", ms=5, label="diverged or singular")
        ax.legend(fontsize=8)
    ax.set(xlabel=keys[0], ylabel=keys[1])


def paired_difference(xs, values, frozen):
    """lambda(contact) - lambda(frozen) at the points both runs share, or None."""
    key = [tuple(col[i] for col in xs) for i in range(len(values))]
    frozen_at = {key[i]: values[i] for i in np.where(frozen)[0]}
    rows = [i for i in np.where(~frozen)[0] if key[i] in frozen_at]
    if not rows:
        return None
    rows = np.array(rows)
    return rows, values[rows] - np.array([frozen_at[key[i]] for i in rows])


def plot_lyapunov(r, x, y, compare, prefix):
    if "final/lyapunov" not in r.has:
        print("note: no /final/lyapunov (analysis.lyapunov not set): no Lyapunov map or histograms")
        return
    lam = np.where(r.bad, np.nan, r.read("final/lyapunov"))
    keys = map_keys(r, x, y)
    split = r.frozen.any() and (~r.frozen).any()
    if keys and r.M > 1:
        xs = [param_for_key(r.p, k) for k in keys]
        groups = [("rolling contact", ~r.frozen), ("frozen contact", r.frozen)] if split else [("", np.ones(r.M, bool))]
        diff = paired_difference(xs, lam, r.frozen) if split else None
        panels = len(groups) + (diff is not None)
        fig, axes = plt.subplots(1, panels, figsize=(6.5 * panels, 5.5), squeeze=False)
        finite = lam[np.isfinite(lam)]
        vmin, vmax = (finite.min(), finite.max()) if len(finite) else (None, None)
        for ax, (name, sel) in zip(axes[0], groups):
            draw_map(ax, fig, [c[sel] for c in xs], lam[sel], r.bad[sel], keys, vmin, vmax, "viridis",
                     "largest Lyapunov exponent")
            ax.set_title(f"{name} ({int(sel.sum())} members)" if name else f"{r.M} members", fontsize=10)
        if diff is not None:
            rows, delta = diff
            ax = axes[0][-1]
            span = np.nanmax(np.abs(delta)) if np.any(np.isfinite(delta)) else 1.0
            draw_map(ax, fig, [c[rows] for c in xs], delta, r.bad[rows], keys, -span, span, "RdBu_r",
                     "lambda(contact) - lambda(frozen)")
            ax.set_title("contact minus frozen (chaos from the contact where > 0)", fontsize=10)
        extra = [k for k in r.varied if k not in keys and k not in FROZEN_KEYS]
        fig.suptitle(f"{r.path.stem}: final Lyapunov exponent" + (f" (also varied: {', '.join(extra)})" if extra
                                                                    else ""), fontsize=11)
        save(fig, f"{prefix}_lyapunov_map.png")
    else:
        print("note: the ensemble varies no key besides params.frozen (and no --x given): no Lyapunov map")

    sets = [(r, lam)]
    if compare is not None:
        if "final/lyapunov" in compare.has:
            sets.append((compare, np.where(compare.bad, np.nan, compare.read("final/lyapunov"))))
        else:
            print(f"note: {compare.path} has no /final/lyapunov: not in the histograms")
    samples = []
    for rf, values in sets:
        for name, sel in (("rolling contact", ~rf.frozen), ("frozen contact", rf.frozen)):
            picked = values[sel & np.isfinite(values)]
            if len(picked):
                samples.append((f"{rf.path.stem}: {name}" if len(sets) > 1 else name, picked))
    if not samples:
        print("note: no finite Lyapunov exponent (all diverged or not computed): no histograms")
        return
    everything = np.concatenate([s for _, s in samples])
    bins = np.linspace(everything.min(), everything.max(), 41) if np.ptp(everything) > 0 else 10
    fig, ax = plt.subplots(figsize=(8, 5))
    for name, picked in samples:
        ax.hist(picked, bins=bins, alpha=0.55, label=f"{name} ({len(picked)}, median {np.median(picked):.3g})")
    ax.set(xlabel="largest Lyapunov exponent", ylabel="members")
    ax.set_title(f"{r.path.stem}: final exponents", fontsize=10)
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    save(fig, f"{prefix}_lyapunov_hist.png")


def plot_running(r, members, prefix):
    if "series/lyapunov" not in r.has or r.time is None:
        print("note: no /series/lyapunov (analysis.lyapunov off or nothing saved): no running estimate")
        return
    final = r.read("final/lyapunov") if "final/lyapunov" in r.has else None
    fig, ax = plt.subplots(figsize=(9, 5))
    for i in members:
        estimate = r.read("series/lyapunov", (i, slice(None)))
        line, = ax.plot(r.time, estimate, "--" if r.frozen[i] else "-", lw=1.2, label=r.label(i))
        if final is not None and np.isfinite(final[i]):
            ax.axhline(final[i], color=line.get_color(), ls=":", lw=0.8)
    ax.axhline(0.0, color="k", lw=0.6)
    ax.set(xlabel="t", ylabel="sum log(d / d_prev) / t")
    ax.set_title(f"{r.path.stem}: running largest-Lyapunov estimate", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    save(fig, f"{prefix}_lyapunov_running.png")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("plot", choices=("field", "spectrum", "lyapunov", "running", "all"))
    parser.add_argument("results")
    parser.add_argument("--member", type=int, nargs="+", default=[0], help="members to plot (default 0)")
    parser.add_argument("--string", choices=("u", "v"), default="u", help="field: which string (default u)")
    parser.add_argument("--compare", metavar="FILE", help="spectrum, lyapunov: a second results file to overlay "
                        "(e.g. the frozen-contact control)")
    parser.add_argument("--x", metavar="KEY", help="lyapunov: horizontal key (default: the first varied key)")
    parser.add_argument("--y", metavar="KEY", help="lyapunov: vertical key (default: the second varied key)")
    parser.add_argument("--omega-max", type=float, help="spectrum: upper limit of the omega axis")
    parser.add_argument("--out", metavar="DIR", help="directory of the PNG files (default: that of RESULTS)")
    args = parser.parse_args()

    r = ResultsFile(args.results)
    r.check_members(args.member)
    compare = ResultsFile(args.compare) if args.compare else None
    out = Path(args.out) if args.out else r.path.parent
    out.mkdir(parents=True, exist_ok=True)
    prefix = str(out / r.path.stem)
    if args.plot in ("field", "all"):
        plot_field(r, args.member, args.string, prefix)
    if args.plot in ("spectrum", "all"):
        plot_spectrum(r, args.member, compare, args.omega_max, prefix)
    if args.plot in ("lyapunov", "all"):
        plot_lyapunov(r, args.x, args.y, compare, prefix)
    if args.plot in ("running", "all"):
        plot_running(r, args.member, prefix)


if __name__ == "__main__":
    main()
