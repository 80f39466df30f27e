// ctest-labels: cpu
// Model cosserat in the typed backend suite (test_backends.cpp): every example (clamps, prescribed twisting ends,
// growth, friction on a plane, a confining sphere, rod-rod contact, rollers, an elastic foundation, the load list),
// both schemes on the cantilever, both constitutive laws on the Timoshenko beam, each cut to 300 steps (150 in
// float32) with three saves; a slice of the 10^4-member sweep; and a member whose dt is 50 times the cantilever's.
#pragma once

#include "backend_fixture.hpp"

namespace rodswarm {

template <>
struct BackendCases<cosserat::Model> {
  static std::vector<ExampleCase> examples() {
    return {{"timoshenko.json", {}},
            {"timoshenko.json", {"params.law=\"pyelastica\""}},
            {"dynamic_cantilever.json", {}},
            {"dynamic_cantilever.json", {"integrator.scheme=\"verlet\""}},
            {"axial_stretching.json", {}},
            {"axial_friction.json", {}},
            {"rolling_friction.json", {}},
            {"helical_buckling.json", {}},
            {"growing_buckle.json", {}},
            {"confined_sphere.json", {}},
            // Verlet's geodesic drift on the sphere with the exact bending gradient; RK4's rows on it; a clamped
            // end's exact couple.
            {"confined_sphere.json", {"params.bending=\"exact\""}},
            {"confined_sphere.json", {"integrator.scheme=\"rk4\"", "params.baumgarte=10"}},
            // The same half circle on the cylinder of radius 0.5 about z, sliding along the axis: the helical drift.
            {"confined_sphere.json",
             {"params.surface={\"kind\": \"cylinder\", \"normal\": [0, 0, 1], \"radius\": 0.5}",
              "initial.velocity=[0.3, 0.2, 0.5]"}},
            {"timoshenko.json", {"params.bending=\"exact\""}},
            {"self_contact.json", {}},
            // A roller on a line by Gauss's rows, bowed so that it moves; a column on a damped foundation whose
            // roller is on a plane (the members of the ensemble differ in the dead load).
            {"sliding_column.json", {"initial.perturbation.amplitude=0.1", "params.constraints=\"gauss\""}},
            {"foundation_column.json",
             {"initial.perturbation.amplitude=0.05", "params.foundation.damping=0.5",
              "params.slide1={\"kind\": \"plane\", \"normal\": [1, 0, 0]}"}},
            // Growing fast on a foundation: its springs sit on the initial rest lengths, not the grown ones.
            {"growth_on_foundation.json", {"params.growth.rate=2"}},
            // The load list: the swimmer's body couple wave and anisotropic drag (Verlet); every other law, a flow
            // and RK4's stage times; a wave force on a fast-growing rod (arc lengths from the grown rest lengths).
            {"undulating_swimmer.json", {}},
            {"undulating_swimmer.json",
             {"integrator.scheme=\"rk4\"",
              // entry 1 stays the drag that the example's ensemble varies
              "params.loads=[{\"law\": \"wave\", \"amplitude\": [0.5, -1.0, 2.0], \"wavenumber\": 4.0, "
              "\"angular_frequency\": 30.0, \"phase\": 0.4}, {\"law\": \"drag\", \"coefficients\": [8.0, "
              "4.0, 2.0], \"flow\": [0.2, -0.1, 0.3]}, {\"law\": \"wave\", \"on\": \"couple\", "
              "\"amplitude\": [3.0, 1.0, -2.0], \"wavenumber\": -2.0, \"angular_frequency\": 20.0}, "
              "{\"law\": \"wave\", \"on\": \"couple\", \"frame\": \"body\", \"amplitude\": [40.0, 10.0, "
              "5.0], \"wavenumber\": 6.0, \"angular_frequency\": 25.0}]"}},
            {"growth_on_foundation.json",
             {"params.growth.rate=2",
              "params.loads=[{\"law\": \"wave\", \"amplitude\": [0, 0.05, 0.02], \"wavenumber\": 9.0, "
              "\"angular_frequency\": 40.0}]"}},
            // Rings: twisted past Michell's critical twist with a perturbation out of its plane (the closing joint,
            // the repeated node), under a wave force of 2.2 wavelengths round it (node 0's arc length is 0, not L);
            // lying on a plane with friction, rolling and spinning under law pyelastica.
            {"michell_ring.json",
             {"initial.twist_turns=1.9",
              "initial.perturbation={\"amplitude\": 0.01, \"direction\": [0, 0, 1], \"mode\": 4}",
              "params.loads=[{\"law\": \"wave\", \"amplitude\": [0, 0, 0.02], \"wavenumber\": 14.0, "
              "\"angular_frequency\": 30.0}]"}},
            {"michell_ring.json",
             {"params.bending=\"truncated\"", "params.law=\"pyelastica\"", "params.g=[0, 0, -9.81]",
              "params.contact={\"stiffness\": 1000.0, \"damping\": 10.0, \"plane\": {\"point\": [0, 0, -0.004], "
              "\"mu_static\": [0.4, 0.5, 0.6], \"mu_kinetic\": [0.3, 0.4, 0.5], \"slip_velocity\": 0.05}}",
              "initial.velocity=[0.2, 0, 0]", "initial.angular_velocity=[0, 0, 3]"}}};
  }
  static std::vector<ExampleCase> float32_examples() {
    return {{"dynamic_cantilever.json", {}}, {"undulating_swimmer.json", {}}};
  }
  static ExampleCase ensemble() { return {"sweep.json", {}}; }
  static constexpr std::int64_t ensemble_members = 4;
  static ExampleCase diverging() { return {"dynamic_cantilever.json", {"integrator.scheme=\"verlet\""}}; }
  static constexpr double diverging_dt_factor = 50;
  /// An example cut to 300 steps of its own dt (150 in float32) with saves every third of them.
  static void shorten(CosseratJob& job) { cut_to_steps(job, job.precision == Precision::float32 ? 150 : 300, 3); }
  static void shorten_for_round_off(CosseratJob&) {}
};

}  // namespace rodswarm
