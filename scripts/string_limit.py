#!/usr/bin/env python3
"""The string limit of two rods in rolling contact (issue 19; docs/se3rod_rolling_contact.md section 3.3): a
`rodpair` config of two taut, thin rods crossing at right angles with a small displacement, and the `rolling`
config of Gay-Balmaz & Putkaradze's reduced two-string model (16)-(17) that linear theory says they reduce to; then
the two results files compared point by point.

Usage:
  string_limit.py write DIR [--n N] [--radius1 R] [--radius2 R] [--width W] [--amplitude A] [--t-end T] [--dt DT]
      Writes DIR/string_limit.json (rodpair) and DIR/string_limit_of_rods.json (rolling); prints c, F and the
      bending length sqrt(E I / T) of each rod.
  string_limit.py compare RODS.h5 STRINGS.h5
      Rod 1's displacement normal to the crossing plane against u, rod 2's (times sqrt(mu2 / mu1)) against v, at
      every save and every node, relative to max |u|; rod 1's recorded mode 1 (analysis.spectrum) against the
      strings' harmonic 1 and their power spectra; and how far the rods' contact points moved.

The setup. Both rods of length L = 1 m, pinned at both ends, density 1000 kg/m^3, tension T1 = 10 N in rod 1 and
T2 = T1 mu2 / mu1 in rod 2 (so that both carry waves at one speed c), Young's modulus such that T1 / (E A1) = 1e-2
(a string's prestrain), G = E / 3. Rod 1 lies along x, rod 2 along y under it, crossing at s1 = 0.37 on rod 1 and
s2 = 0.61 on rod 2; rod 1 starts displaced by A sin(pi x / L) along +z (its rest shape straight, so that it is
stressed), rod 2 straight and touching it from below; both at rest. The contact rolls (not frozen) and is
unilateral: rod 1, pulled back by its tension, presses on rod 2 throughout (the constraint keeps the starting offset
of the contact points, so the reaction oscillates about a compressive mean); with rod 2 on top the same motion
pulls, and needs contact.bilateral.

What the rods reduce to (linear in the displacements w1, w2 along z, thin rods): mu_i w_i,tt = T_i w_i,ss -+ N
delta(s - s_i) with N the normal reaction, and the contact's normal row w1_t(s1) = w2_t(s2). With c^2 = T_i / mu_i,
u = w1, v = sqrt(mu2 / mu1) w2 and lambda = N / mu1 these are GBP's (16)-(17): u_tt = c^2 u_xx - lambda delta,
v_tt = c^2 v_yy + F lambda delta, u_t(s1) = F v_t(s2) with F = sqrt(mu1 / mu2). The contact points' rates are of
order r times a slope's rate, so G1 = G2 = 0 in the limit r -> 0 (the reduced model with s held). Each rod smears
the contact with a cubic B-spline of width w (variance w^2 / 3); the strings with a Gaussian of sigma = w /
sqrt(3), the same spread.
"""
import argparse
import json
import math
import os
import sys


def bspline(x):
    x = abs(x)
    if x <= 1:
        return 2.0 / 3.0 - x * x + x ** 3 / 2
    return (2 - x) ** 3 / 6 if x < 2 else 0.0


def write(args):
    length, density, tension1, prestrain = 1.0, 1000.0, 10.0, 1e-2
    s1, s2 = 0.37, 0.61
    r1, r2, n, w, a = args.radius1, args.radius2, args.n, args.width, args.amplitude
    area1, area2 = math.pi * r1 * r1, math.pi * r2 * r2
    mu1, mu2 = density * area1, density * area2
    youngs = tension1 / (prestrain * area1)
    tension2 = tension1 * mu2 / mu1
    c, F = math.sqrt(tension1 / mu1), math.sqrt(mu1 / mu2)
    h = length / n
    points = [[k * h, 0.0, a * math.sin(math.pi * k * h / length)] for k in range(n + 1)]
    # Rod 2 touches rod 1's smeared centreline (its nodes weighted by the bump at s1), not its nodes.
    weights = [bspline((s1 - k * h) / w) for k in range(n + 1)]
    total = sum(weights)
    cx = sum(wk * p[0] for wk, p in zip(weights, points)) / total
    cz = sum(wk * p[2] for wk, p in zip(weights, points)) / total

    def params(radius, tension):
        return {"n": n, "radius": radius, "density": density, "youngs_modulus": youngs, "shear_modulus": youngs / 3,
                "shear_coefficient": 0.9, "ends": ["pinned", "pinned"], "tension": tension, "rest": "straight"}

    rod2 = params(r2, tension2)
    rod2["length"] = length
    rods = {
        "model": "rodpair",
        "rod1": {"params": params(r1, tension1),
                 "initial": {"kind": "points", "points": points, "normals": [[0, 1, 0]] * (n + 1)}},
        "rod2": {"params": rod2,
                 "initial": {"kind": "straight", "origin": [cx, -s2, cz - r1 - r2], "direction": [0, 1, 0],
                             "normal": [0, 0, 1]}},
        "contact": {"s1": s1, "s2": s2, "width1": w, "width2": w},
        "integrator": {"scheme": "rkmk4", "dt": args.dt, "t_end": args.t_end},
        "analysis": {"spectrum": {"rod": 1, "harmonic": 1, "direction": [0, 0, 1], "sample_interval": 50 * args.dt}},
        "output": {"path": "string_limit.h5", "save_every": 0.002,
                   "fields": ["positions", "energy", "contact"]},
    }
    strings = {
        "model": "rolling",
        "params": {"modes": 128, "ends": "fixed", "L": length, "c": c, "F": F, "G1": 0.0, "G2": 0.0,
                   "sigma": w / math.sqrt(3), "frozen": True},
        "initial": {"u": {"kind": "sine", "amplitude": a, "k": math.pi / length}, "s1": s1, "s2": s2},
        "integrator": {"scheme": "rk4", "dt": args.dt, "t_end": args.t_end},
        "analysis": {"spectrum": {"harmonic": 1, "sample_interval": 50 * args.dt}},
        "output": {"path": "string_limit_of_rods.h5", "save_every": 0.002,
                   "fields": ["positions", "energy", "contact"], "points": n + 1},
    }
    os.makedirs(args.dir, exist_ok=True)
    for name, config in (("string_limit.json", rods), ("string_limit_of_rods.json", strings)):
        with open(os.path.join(args.dir, name), "w") as f:
            json.dump(config, f, indent=2)
            f.write("\n")
    for i, (radius, tension) in enumerate(((r1, tension1), (r2, tension2)), 1):
        bending = math.sqrt(youngs * math.pi * radius ** 4 / 4 / tension)
        print(f"rod {i}: radius {radius:g} m, tension {tension:g} N, bending length sqrt(E I / T) {bending:.3g} m")
    print(f"c = {c:.10g} m/s, F = {F:.10g}, G1 = G2 = 0, sigma = {w / math.sqrt(3):.6g} m")


def compare(args):
    import h5py
    import numpy as np

    with h5py.File(args.rods, "r") as rods, h5py.File(args.strings, "r") as strings:
        p = rods["series/positions"][0]
        q = strings["series/positions"][0]
        time = rods["time"][:]
        contact = rods["series/contact"][0]
        signals = [f["spectrum/signal"][0] if "spectrum" in f else None for f in (rods, strings)]
        omega = rods["spectrum/omega"][:] if "spectrum" in rods else None
        powers = [f["spectrum/power"][0] if "spectrum" in f else None for f in (rods, strings)]
        value = {key: rods["members/params"][key][0] for key in ("density1", "density2", "radius1", "radius2")}
    nodes = p.shape[1] // 2
    if q.shape[1] != p.shape[1] or q.shape[0] != p.shape[0]:
        sys.exit("string_limit.py: the strings' points must be the rods' nodes and the saves the same "
                 f"(rods {p.shape}, strings {q.shape})")
    scale_v = math.sqrt(value["density2"] * value["radius2"] ** 2 / (value["density1"] * value["radius1"] ** 2))
    w1 = p[:, :nodes, 2]
    w2 = (p[:, nodes:, 2] - p[0, nodes, 2]) * scale_v  # rod 2 from its ends' height
    u, v = q[:, :nodes, 1], q[:, nodes:, 1]
    scale = np.abs(u).max()
    e1, e2 = np.abs(w1 - u).max(axis=1) / scale, np.abs(w2 - v).max(axis=1) / scale
    print("    t (s)   rod 1 - u   rod 2 - v   max|v| / max|u|   (differences relative to max|u|)")
    for k in range(0, len(time), max(1, len(time) // 10)):
        print(f"  {time[k]:7.3f}   {e1[k]:9.3e}   {e2[k]:9.3e}   {np.abs(v[k]).max() / scale:9.3f}")
    print(f"largest: rod 1 - u {e1.max():.3e}, rod 2 - v {e2.max():.3e} (max|u| {scale:.3e} m)")
    if signals[0] is not None and signals[1] is not None and len(signals[0]) == len(signals[1]):
        top = np.abs(signals[1]).max()
        peaks = [omega[np.argmax(p)] for p in powers]
        print(f"mode 1 signal: rod 1 against the strings' harmonic 1 {np.abs(signals[0] - signals[1]).max() / top:.3e} "
              f"of its max; spectral peaks at omega {peaks[0]:.6g} and {peaks[1]:.6g} rad/s, peak power "
              f"{abs(powers[0].max() - powers[1].max()) / powers[1].max():.2e} apart")
    print(f"contact points moved by at most {np.abs(contact[:, 0] - contact[0, 0]).max():.2e} m on rod 1, "
          f"{np.abs(contact[:, 1] - contact[0, 1]).max():.2e} m on rod 2")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="verb", required=True)
    w = sub.add_parser("write")
    w.add_argument("dir")
    w.add_argument("--n", type=int, default=100)
    w.add_argument("--radius1", type=float, default=1e-3)
    w.add_argument("--radius2", type=float, default=1e-3)
    w.add_argument("--width", type=float, default=0.03)
    w.add_argument("--amplitude", type=float, default=1e-4)
    w.add_argument("--t-end", type=float, default=0.1)
    w.add_argument("--dt", type=float, default=4e-6)
    c = sub.add_parser("compare")
    c.add_argument("rods")
    c.add_argument("strings")
    args = parser.parse_args()
    write(args) if args.verb == "write" else compare(args)


if __name__ == "__main__":
    main()
