#!/usr/bin/env python3
"""The topology of the rings in a `cosserat` results file, save by save: the centre line's writhe Wr, the director
frame's twist Tw, the ribbon's linking number Lk (the centre line against the curve pushed off it along d1) and
White's Tw + Wr - Lk, with the ring's height out of its starting plane and the closest approach of elements that are
not neighbours (about 2 r where the ring lies on itself).

Usage:
  ring_topology.py RESULTS [--members I ...] [--every K] [--push FRACTION]

Needs /series/positions and /series/directors (output.fields), and rings (initial kind "ring": node n repeats node
0). Wr and Lk are Gauss integrals over pairs of straight segments, each pair's share the exact solid angle it
subtends (Klenin & Langowski, Biopolymers 54 (2000) 307); Tw sums, joint by joint, the angle from one element's d1,
carried to the next element by the smallest rotation between their d3, to that element's d1. Lk is an integer while
the rod does not pass through itself; Tw + Wr = Lk holds to the discretisation's error.
The push-off is FRACTION (0.5) of the rod's radius (the member's params.radius when the ensemble varies it, else
the config's; tapered rods are refused), the height is measured from the plane that fits the first save best.
Members of one rod only (params.rods = 1). A file it cannot use (unreadable, no positions or directors, not rings) is named
with the reason on stderr, exit code 2. Needs python3 with h5py and numpy (RODSWARM_SETUP_PYTHON=1 scripts/setup installs them).
"""
import argparse
import json
import sys

import h5py
import numpy as np


def segment_pairs_linking(a0, a1, b0, b1):
    """Signed solid angle over 4 pi of segments a0->a1 and b0->b1 (arrays of segments, broadcast together)."""
    r13, r14, r23, r24 = b0 - a0, b1 - a0, b0 - a1, b1 - a1

    def unit(v):
        n = np.linalg.norm(v, axis=-1, keepdims=True)
        return np.divide(v, n, out=np.zeros_like(v), where=n > 0)

    n1, n2 = unit(np.cross(r13, r14)), unit(np.cross(r14, r24))
    n3, n4 = unit(np.cross(r24, r23)), unit(np.cross(r23, r13))

    def asin(u, v):
        return np.arcsin(np.clip(np.sum(u * v, axis=-1), -1.0, 1.0))

    omega = asin(n1, n2) + asin(n2, n3) + asin(n3, n4) + asin(n4, n1)
    orientation = np.sum(np.cross(b1 - b0, a1 - a0) * r13, axis=-1)
    return np.sign(orientation) * omega / (4 * np.pi)


def linking_number(a, b):
    """Gauss linking number of closed polygons a [m, 3] and b [q, 3]."""
    a0, a1 = a[:, None, :], np.roll(a, -1, axis=0)[:, None, :]
    b0, b1 = b[None, :, :], np.roll(b, -1, axis=0)[None, :, :]
    return float(np.sum(segment_pairs_linking(a0, a1, b0, b1)))


def writhe(a):
    """Writhe of the closed polygon a [m, 3]: every pair of segments that are neither equal nor adjacent."""
    m = len(a)
    a0, a1 = a[:, None, :], np.roll(a, -1, axis=0)[:, None, :]
    b0, b1 = a[None, :, :], np.roll(a, -1, axis=0)[None, :, :]
    i, j = np.meshgrid(np.arange(m), np.arange(m), indexing="ij")
    apart = (i != j) & ((i - j) % m != 1) & ((j - i) % m != 1)
    share = segment_pairs_linking(np.broadcast_to(a0, (m, m, 3)), np.broadcast_to(a1, (m, m, 3)),
                                  np.broadcast_to(b0, (m, m, 3)), np.broadcast_to(b1, (m, m, 3)))
    return float(np.sum(np.where(apart, share, 0.0)))


def frame_twist(Q):
    """Twist in turns of a ring's frame Q [n, 9] (rows d1, d2, d3 of each element)."""
    d1, d3 = Q[:, 0:3], Q[:, 6:9]
    d1b, d3b = np.roll(d1, -1, axis=0), np.roll(d3, -1, axis=0)
    axis = np.cross(d3, d3b)
    c = np.sum(d3 * d3b, axis=-1, keepdims=True)
    carried = c * d1 + np.cross(axis, d1) + np.sum(axis * d1, axis=-1, keepdims=True) / (1 + c) * axis
    angle = np.arctan2(np.sum(d3b * np.cross(carried, d1b), axis=-1), np.sum(carried * d1b, axis=-1))
    return float(np.sum(angle) / (2 * np.pi))


def closest_approach(x, samples=8):
    """Smallest distance between sampled points of segments that are not neighbours in the closed polygon x."""
    m = len(x)
    t = np.linspace(0, 1, samples + 1)
    pts = x[:, None, :] + t[None, :, None] * (np.roll(x, -1, axis=0) - x)[:, None, :]  # [m, s, 3]
    best = np.inf
    for a in range(m):
        others = [b for b in range(m) if b != a and (a - b) % m not in (1, m - 1)]
        d = np.linalg.norm(pts[a][:, None, None, :] - pts[others][None, :, :, :], axis=-1)
        best = min(best, float(d.min()))
    return best


def fail(message):
    """Bad input: the message (naming the file and what is wrong) on stderr, exit code 2."""
    print(f"ring_topology: {message}", file=sys.stderr)
    sys.exit(2)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results")
    ap.add_argument("--members", type=int, nargs="*", help="members to report (all)")
    ap.add_argument("--every", type=int, default=10, help="report every K-th save (10), and the last")
    ap.add_argument("--push", type=float, default=0.5, help="push-off as a fraction of the radius (0.5)")
    args = ap.parse_args()
    try:
        f = h5py.File(args.results, "r")
    except OSError as e:
        fail(f"{args.results}: cannot read it as an HDF5 results file ({e})")
    with f:
        if "series/positions" not in f or "series/directors" not in f:
            fail(f"{args.results}: needs series/positions and series/directors (output.fields)")
        X, D, time = f["series/positions"], f["series/directors"], f["time"][...]
        params = f["members/params"]
        config = json.loads(f.attrs["config"]) if "config" in f.attrs else {}
        base = config.get("params", {})
        if "radius_end" in base and base["radius_end"] != base.get("radius"):
            fail(f"{args.results}: a tapered rod (params.radius_end): give rings of one radius")
        members = args.members if args.members else range(X.shape[0])
        for m in members:
            if not 0 <= m < X.shape[0]:
                fail(f"{args.results}: no member {m} (the file holds {X.shape[0]})")
        for m in members:
            if "rods" in params and int(params["rods"][m]) != 1:
                fail(f"{args.results}: member {m} has {int(params['rods'][m])} rods: give one ring each")
            n = int(params["n"][m]) if "n" in params else X.shape[2] - 1  # elements; node n repeats node 0
            x_all = X[m][:, : n + 1]  # a member's rows past its own nodes are padding
            q_all = D[m][:, :n]  # directors are stored one row per bead, the last row unused
            if not np.array_equal(x_all[0, n], x_all[0, 0]):
                fail(f"{args.results}: member {m} is not a ring (node n does not repeat node 0)")
            radius = float(params["params.radius"][m]) if "params.radius" in params else float(base["radius"])
            eps = args.push * radius
            varied = {k: float(params[k][m]) for k in params if k.startswith(("initial.", "params."))}
            print(f"member {m} {varied}: push-off {eps:.3g} m, 2 r = {2 * radius:.4g} m")
            print(f"{'t':>8} {'Wr':>9} {'Tw':>9} {'Lk':>9} {'Tw+Wr-Lk':>9} {'height':>9} {'approach':>9}")
            centre0 = x_all[0, :n].mean(axis=0)
            normal0 = np.linalg.svd(x_all[0, :n] - centre0)[2][2]  # the normal of the best-fitting plane
            saves = sorted(set(range(0, len(time), args.every)) | {len(time) - 1})
            for s in saves:
                x, Q = x_all[s, :n], q_all[s]
                u = np.roll(Q[:, 0:3], 1, axis=0) + Q[:, 0:3]  # node j: elements j-1 and j
                pushed = x + eps * u / np.linalg.norm(u, axis=-1, keepdims=True)
                wr, tw, lk = writhe(x), frame_twist(Q), linking_number(x, pushed)
                height = float(np.max(np.abs((x - centre0) @ normal0)))
                print(f"{time[s]:8.3f} {wr:+9.4f} {tw:+9.4f} {lk:+9.4f} {tw + wr - lk:+9.4f} {height:9.4f} "
                      f"{closest_approach(x):9.4f}")


if __name__ == "__main__":
    main()
