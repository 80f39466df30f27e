#!/usr/bin/env python3
"""Compares two rodswarm results files dataset by dataset, bitwise (NaN payloads and padding included), and
their attributes (string_checksums left out: it is derived from the string attributes, compared one by one). Exit 0
when identical, 1 when not (each difference printed), 2 on a file it cannot read.

    scripts/results_identical.py OLD.h5 NEW.h5 [--ignore-attr created,components] [--datasets-only]

Used by scripts/examples-identical to show that a refactor left every example's results unchanged."""
import argparse
import sys

import numpy as np

try:
    import h5py
except ImportError:
    sys.exit("results_identical: needs h5py (RODSWARM_SETUP_PYTHON=1 scripts/setup)")


def objects(f):
    out = {}
    f.visititems(lambda name, obj: out.__setitem__(name, obj))
    return out


def same_value(x, y):
    return np.asarray(x).tobytes() == np.asarray(y).tobytes() or str(x) == str(y)


# The CRC-32s of an object's string attributes (format 2): derived from the attributes, which are compared one by
# one; they differ exactly when one of those does, so an ignored attribute (created) must not show through them.
DERIVED = {"string_checksums"}


def compare_attrs(where, x, y, ignore, diffs):
    for key in sorted(set(x.attrs) | set(y.attrs)):
        if key in ignore or key in DERIVED:
            continue
        if key not in x.attrs or key not in y.attrs:
            diffs.append(f"{where}@{key}: only in {'old' if key in x.attrs else 'new'}")
        elif not same_value(x.attrs[key], y.attrs[key]):
            diffs.append(f"{where}@{key}: {x.attrs[key]!r} vs {y.attrs[key]!r}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--ignore-attr", default="", help="comma-separated attribute names not compared")
    ap.add_argument("--datasets-only", action="store_true",
                    help="compare no attribute (two models' runs of the same physics: scripts/scratch-model)")
    args = ap.parse_args()
    ignore = set(filter(None, args.ignore_attr.split(",")))
    try:
        a, b = h5py.File(args.old, "r"), h5py.File(args.new, "r")
    except OSError as e:
        print(f"results_identical: {e}", file=sys.stderr)
        return 2
    A, B = objects(a), objects(b)
    diffs, same = [], 0
    for name in sorted(set(A) | set(B)):
        if name not in A or name not in B:
            diffs.append(f"only in {'old' if name in A else 'new'}: {name}")
            continue
        x, y = A[name], B[name]
        if isinstance(x, h5py.Dataset) != isinstance(y, h5py.Dataset):
            diffs.append(f"{name}: a dataset in one file, a group in the other")
            continue
        if isinstance(x, h5py.Dataset):
            vx, vy = x[()], y[()]
            if vx.dtype != vy.dtype or np.shape(vx) != np.shape(vy):
                diffs.append(f"{name}: {vx.dtype}{np.shape(vx)} vs {vy.dtype}{np.shape(vy)}")
            elif np.asarray(vx).tobytes() != np.asarray(vy).tobytes():
                diffs.append(f"{name}: values differ")
            else:
                same += 1
        if not args.datasets_only:
            compare_attrs(name, x, y, ignore, diffs)
    if not args.datasets_only:
        compare_attrs("/", a, b, ignore, diffs)
    print(f"{same} datasets bitwise identical; {len(diffs)} differences")
    for d in diffs:
        print("  " + d)
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
