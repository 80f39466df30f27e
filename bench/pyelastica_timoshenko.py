#!/usr/bin/env python3
"""Timoshenko cantilever side by side: PyElastica, then rodswarm's `cosserat` model on the same problem.

The problem is PyElastica's examples/TimoshenkoBeamCase: a straight rod of n elements, length L, radius r, density
rho, Young's modulus E and shear modulus G, clamped at s = 0 (PyElastica: OneEndFixedBC on node 0 and element 0),
an end force of magnitude F (PyElastica: -F e_x at the tip, the rod along e_z) at s = L, damped to its static
deflection, integrated with PositionVerlet. Steady tip deflection, closed forms:
    Euler-Bernoulli  d_EB = F L^3 / (3 E I)
    Timoshenko       d_T  = F L^3 / (3 E I) + F L / (k_s G A)
with I = pi r^4 / 4, A = pi r^2 and k_s PyElastica's shear coefficient (read from the rod it builds:
shear_matrix[0, 0] / (G A); 27/28 in PyElastica 0.3 - 1.0).

Differences by construction (not bugs): PyElastica clamps the frame of element 0, whose centre is at l/2, so its
cantilever is ~1.5/n too stiff (docs/models/cosserat.md section 1.5); rodswarm adds the half-Voronoi clamp couple. PyElastica
damps analytically (v <- v exp(-nu dt) after each step, `uniform_damping_constant`); rodswarm applies the forces
-nu m v and -nu J w (damping_force = damping_torque = nu). Both agree at steady state.

PyElastica is not a rodswarm dependency. Unless `import elastica` works already, the script creates a virtual
environment (default build/pyelastica-venv), installs pyelastica (and numba, its dependency) from PyPI with pip,
and re-runs itself in it (--no-install refuses instead).

rodswarm half: `rodswarm run CONFIG --set ...` with params.law = --law ("pyelastica" by default) and PyElastica's shear coefficient,
the final tip from `rodswarm inspect --member 0 --final --json`, then an ensemble of --members copies (a sweep of
+-1e-6 relative in youngs_modulus, in a generated config) for throughput. Skipped with a note when the binary or the
config is missing.

Usage:
  bench/pyelastica_timoshenko.py [--n 100] [--t-end 50] [--dt 1e-3] [--damping 1.0] [--shear-modulus G | --poisson NU]
      [--pyelastica-rods K] [--rodswarm BIN] [--config examples/cosserat/timoshenko.json] [--members 1000]
      [--backend auto] [--skip-pyelastica] [--skip-rodswarm] [--json PATH] [--work DIR]

Prints a table (solver, rods, elements, steps, wall s, rod-steps/s, tip deflection, closed forms).
"""
import argparse
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_VENV = ROOT / "build" / "pyelastica-venv"
DEFAULT_BINARY = ROOT / "build" / "default" / "src" / "cli" / "rodswarm"
DEFAULT_CONFIG = ROOT / "examples" / "cosserat" / "timoshenko.json"
REEXEC_FLAG = "RODSWARM_PYELASTICA_REEXEC"


# ----------------------------------------------------------------------------------------------------- environment
def ensure_pyelastica(args):
    """Returns when `import elastica` works; otherwise installs it into a venv and re-executes there."""
    try:
        import elastica  # noqa: F401
        import numba  # noqa: F401
        return
    except ImportError:
        pass
    if args.skip_pyelastica:
        return
    if os.environ.get(REEXEC_FLAG):
        raise SystemExit("pyelastica_timoshenko: pyelastica still not importable inside the venv; giving up")
    if args.no_install:
        raise SystemExit("pyelastica_timoshenko: `import elastica` failed and --no-install was given "
                         "(pip install pyelastica, or drop --no-install)")
    venv = Path(args.venv)
    python = venv / "bin" / "python"
    if not python.exists():
        print(f"creating {venv} ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    probe = subprocess.run([str(python), "-c", "import elastica, numba"], capture_output=True)
    if probe.returncode != 0:
        spec = "pyelastica" + (f"=={args.pyelastica_version}" if args.pyelastica_version else "")
        print(f"pip install {spec} into {venv} ...", file=sys.stderr)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", spec], check=True)
    env = dict(os.environ, **{REEXEC_FLAG: "1"})
    os.execve(str(python), [str(python), str(Path(__file__).resolve())] + sys.argv[1:], env)


# ---------------------------------------------------------------------------------------------------- the problem
def closed_forms(F, L, r, E, G, ks):
    A = math.pi * r**2
    I = math.pi * r**4 / 4.0
    eb = F * L**3 / (3.0 * E * I)
    return {"euler_bernoulli": eb, "timoshenko": eb + F * L / (ks * G * A)}


def run_pyelastica(args, G):
    import numpy as np
    import elastica as ea
    from elastica.version import VERSION

    class Simulator(ea.BaseSystemCollection, ea.Constraints, ea.Forcing, ea.Damping):
        pass

    sim = Simulator()
    rods = []
    direction = np.array([0.0, 0.0, 1.0])
    normal = np.array([0.0, 1.0, 0.0])
    end_force = np.array([-args.force, 0.0, 0.0])
    for k in range(args.pyelastica_rods):
        rod = ea.CosseratRod.straight_rod(args.n, np.array([0.0, float(k), 0.0]), direction, normal, args.length,
                                          args.radius, args.density, youngs_modulus=args.youngs_modulus,
                                          shear_modulus=G)
        sim.append(rod)
        sim.dampen(rod).using(ea.AnalyticalLinearDamper, uniform_damping_constant=args.damping, time_step=args.dt)
        sim.constrain(rod).using(ea.OneEndFixedBC, constrained_position_idx=(0,), constrained_director_idx=(0,))
        # EndpointForces insists on a ramp; a ramp far below dt is a step (factor 0 only at t = 0).
        sim.add_forcing_to(rod).using(ea.EndpointForces, 0.0 * end_force, end_force,
                                      ramp_up_time=args.ramp if args.ramp > 0 else 1e-300)
        rods.append(rod)
    sim.finalize()
    rod = rods[0]
    area = math.pi * args.radius**2
    ks = float(rod.shear_matrix[0, 0, 0] / (G * area))

    stepper = ea.PositionVerlet()
    steps = int(round(args.t_end / args.dt))
    warm = max(1, min(steps // 100, 200))  # numba compiles on the first call: keep it out of the timing
    t = 0.0
    for _ in range(warm):
        t = stepper.step(sim, t, args.dt)
    start = time.perf_counter()
    for _ in range(steps - warm):
        t = stepper.step(sim, t, args.dt)
    wall = time.perf_counter() - start
    timed = steps - warm

    tip = rod.position_collection[:, -1]
    base = rod.position_collection[:, 0]
    unit = end_force / np.linalg.norm(end_force)
    deflection = float(np.dot(tip - base, unit))
    speed = float(np.max(np.linalg.norm(rod.velocity_collection, axis=0)))
    return {
        "solver": f"PyElastica {VERSION}",
        "rods": args.pyelastica_rods,
        "elements": args.n,
        "steps": steps,
        "timed_steps": timed,
        "wall_s": wall,
        "rod_steps_per_s": args.pyelastica_rods * timed / wall,
        "tip_deflection": deflection,
        "tip": [float(x) for x in tip],
        "max_speed_at_end": speed,
        "shear_coefficient": ks,
        "t_end": steps * args.dt,
    }


# ------------------------------------------------------------------------------------------------------- rodswarm
def rodswarm_sets(args, G, ks, force1):
    sets = {
        "params.n": args.n,
        "params.length": args.length,
        "params.radius": args.radius,
        "params.density": args.density,
        "params.youngs_modulus": args.youngs_modulus,
        "params.shear_modulus": G,
        "params.shear_coefficient": ks,
        "params.law": args.law,
        "params.force1": force1,
        "params.damping_force": args.damping,
        "params.damping_torque": args.damping,
        "integrator.dt": args.dt,
        "integrator.t_end": args.t_end,
    }
    if args.scheme:
        sets["integrator.scheme"] = args.scheme
    return sets


def set_args(sets):
    out = []
    for key, value in sets.items():
        out += ["--set", f"{key}={json.dumps(value)}"]
    return out


def apply_sets(config, sets):
    """The same overrides applied to a config dict (for the generated ensemble config)."""
    for key, value in sets.items():
        node = config
        parts = key.split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
    return config


def run_command(cmd):
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, cmd))} exited {proc.returncode}:\n{proc.stderr.strip()}")
    return proc, wall


def run_rodswarm(args, G, ks):
    binary, config_path = Path(args.rodswarm), Path(args.config)
    if not binary.exists():
        return None, f"rodswarm binary {binary} not found (cmake --workflow --preset default)"
    if not config_path.exists():
        return None, f"config {config_path} not found"
    config = json.loads(config_path.read_text())
    # Keep the config's force direction (its rod may lie along another axis), scale it to F.
    f_cfg = config.get("params", {}).get("force1", [-1.0, 0.0, 0.0])
    norm = math.sqrt(sum(x * x for x in f_cfg)) or 1.0
    force1 = [args.force * x / norm for x in f_cfg]
    unit = [x / norm for x in f_cfg]
    sets = rodswarm_sets(args, G, ks, force1)
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    steps = int(round(args.t_end / args.dt))
    rows = []

    single = work / "timoshenko_single.h5"
    cmd = [str(binary), "run", str(config_path), "--out", str(single), "--backend", args.backend, "-q",
           "--set", "output.save_every=0"] + set_args(sets)
    _, wall = run_command(cmd)
    proc, _ = run_command([str(binary), "inspect", str(single), "--member", "0", "--final", "--json"])
    final = json.loads(proc.stdout)
    positions = final["positions"]
    # One rod: every bead is a node of it. Deflection along the force, from the clamped node.
    n_nodes = args.n + 1
    base, tip = positions[0], positions[n_nodes - 1]
    deflection = sum((tip[c] - base[c]) * unit[c] for c in range(3))
    rows.append({"solver": f"rodswarm {args.law} ({args.backend})", "rods": 1, "elements": args.n, "steps": steps,
                 "wall_s": wall, "rod_steps_per_s": steps / wall, "tip_deflection": deflection,
                 "tip": tip, "shear_coefficient": ks, "t_end": args.t_end,
                 "note": "wall includes process start and file write"})

    if args.members > 1:
        ensemble_config = apply_sets(json.loads(config_path.read_text()), sets)
        E = args.youngs_modulus
        ensemble_config["ensemble"] = {"mode": "grid", "vary": {
            "params.youngs_modulus": {"linspace": [E * (1 - 1e-6), E * (1 + 1e-6), args.members]}}}
        ensemble_config.setdefault("output", {})["save_every"] = 0
        generated = work / "timoshenko_ensemble.json"
        generated.write_text(json.dumps(ensemble_config, indent=2))
        out = work / "timoshenko_ensemble.h5"
        _, wall = run_command([str(binary), "run", str(generated), "--out", str(out), "--backend", args.backend,
                               "-q"])
        proc, _ = run_command([str(binary), "inspect", str(out), "--member", "0", "--final", "--json"])
        positions = json.loads(proc.stdout)["positions"]
        base, tip = positions[0], positions[n_nodes - 1]
        deflection = sum((tip[c] - base[c]) * unit[c] for c in range(3))
        rows.append({"solver": f"rodswarm {args.law} ({args.backend})", "rods": args.members, "elements": args.n,
                     "steps": steps, "wall_s": wall, "rod_steps_per_s": args.members * steps / wall,
                     "tip_deflection": deflection, "tip": tip, "shear_coefficient": ks, "t_end": args.t_end,
                     "note": "member 0; wall includes process start and file write"})
    return rows, None


# ----------------------------------------------------------------------------------------------------------- main
def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--n", type=int, default=100, help="elements (default 100)")
    parser.add_argument("--length", type=float, default=3.0)
    parser.add_argument("--radius", type=float, default=0.25)
    parser.add_argument("--density", type=float, default=5000.0)
    parser.add_argument("--youngs-modulus", type=float, default=1e6)
    g = parser.add_mutually_exclusive_group()
    g.add_argument("--shear-modulus", type=float, help="G (default E / (2 (1 + poisson)))")
    g.add_argument("--poisson", type=float, default=0.5, help="Poisson ratio for G when --shear-modulus is not "
                   "given (default 0.5: G = E/3; PyElastica's example uses G = E/100 = 1e4 to show shear)")
    parser.add_argument("--force", type=float, default=15.0, help="end force magnitude (default 15)")
    parser.add_argument("--ramp", type=float, default=0.0, help="PyElastica force ramp-up time (default: a step)")
    parser.add_argument("--damping", type=float, default=1.0,
                        help="damping rate nu [1/s] for velocities and angular velocities (default 1.0, about "
                             "the first bending frequency: settles to ~1e-10 by t = 50)")
    parser.add_argument("--dt", type=float, default=1e-3, help="time step (default 1e-3; PyElastica's example "
                        "uses 0.07 L/n = 2.1e-3, at the Verlet limit 2/omega_max)")
    parser.add_argument("--t-end", type=float, default=50.0)
    parser.add_argument("--scheme", help="rodswarm integrator.scheme override (default: the config's)")
    parser.add_argument("--law", choices=("pyelastica", "variational"), default="pyelastica",
                        help="rodswarm params.law (default pyelastica: PyElastica's dilatation-scaled law)")
    parser.add_argument("--pyelastica-rods", type=int, default=1,
                        help="identical rods in one PyElastica simulator (its block memory vectorises them)")
    parser.add_argument("--pyelastica-version", help="pin the version pip installs")
    parser.add_argument("--venv", default=str(DEFAULT_VENV))
    parser.add_argument("--no-install", action="store_true", help="never create a venv or run pip")
    parser.add_argument("--rodswarm", default=str(DEFAULT_BINARY))
    parser.add_argument("--config", default=str(DEFAULT_CONFIG))
    parser.add_argument("--members", type=int, default=1000, help="ensemble size for rodswarm's throughput "
                        "(0 or 1: the single run only)")
    parser.add_argument("--backend", default="auto")
    parser.add_argument("--work", default=str(ROOT / "build" / "bench-timoshenko"), help="rodswarm's files")
    parser.add_argument("--skip-pyelastica", action="store_true")
    parser.add_argument("--skip-rodswarm", action="store_true")
    parser.add_argument("--json", help="write the table and the closed forms as JSON")
    args = parser.parse_args()

    ensure_pyelastica(args)
    G = args.shear_modulus if args.shear_modulus else args.youngs_modulus / (2.0 * (1.0 + args.poisson))

    rows, notes = [], []
    ks = 27.0 / 28.0
    if not args.skip_pyelastica:
        row = run_pyelastica(args, G)
        ks = row["shear_coefficient"]
        rows.append(row)
    else:
        notes.append("PyElastica skipped; shear coefficient taken as 27/28 (PyElastica 0.3 - 1.0)")
    forms = closed_forms(args.force, args.length, args.radius, args.youngs_modulus, G, ks)

    if not args.skip_rodswarm:
        try:
            rs_rows, why = run_rodswarm(args, G, ks)
        except RuntimeError as e:
            rs_rows, why = None, str(e)
        if rs_rows:
            rows += rs_rows
        else:
            notes.append(f"rodswarm skipped: {why}")

    print(f"Timoshenko cantilever: n = {args.n}, L = {args.length}, r = {args.radius}, rho = {args.density}, "
          f"E = {args.youngs_modulus:g}, G = {G:g}, k_s = {ks:.6g}, F = {args.force}, nu = {args.damping}, "
          f"dt = {args.dt}, t_end = {args.t_end}")
    print(f"closed forms: Timoshenko {forms['timoshenko']:.6g}, Euler-Bernoulli {forms['euler_bernoulli']:.6g}")
    header = ("solver", "rods", "elements", "steps", "wall s", "rod-steps/s", "tip deflection", "vs Timoshenko",
              "vs E-B")
    fmt = "{:<30} {:>6} {:>8} {:>8} {:>9} {:>12} {:>15} {:>14} {:>9}"
    print(fmt.format(*header))
    for row in rows:
        d = row["tip_deflection"]
        print(fmt.format(row["solver"], row["rods"], row["elements"], row["steps"], f"{row['wall_s']:.3f}",
                         f"{row['rod_steps_per_s']:.4g}", f"{d:.6g}",
                         f"{(d / forms['timoshenko'] - 1) * 100:+.2f} %",
                         f"{(d / forms['euler_bernoulli'] - 1) * 100:+.2f} %"))
    for note in notes:
        print("note:", note)
    if args.json:
        Path(args.json).write_text(json.dumps({
            "problem": {"n": args.n, "length": args.length, "radius": args.radius, "density": args.density,
                        "youngs_modulus": args.youngs_modulus, "shear_modulus": G, "shear_coefficient": ks,
                        "force": args.force, "damping": args.damping, "dt": args.dt, "t_end": args.t_end},
            "closed_forms": forms, "rows": rows, "notes": notes}, indent=2))
        print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
