// The scalar equations SymPy expanded from the intrinsic equation (scripts/se3rod-equations, committed as
// tests/unit/se3rod_scalar_equations.hpp) against the C++ right-hand side of the se3rod node
// (models/se3rod.hpp, se3rod_stepper.hpp) at random states, in the body and in the lab basis. The generated forces
// are the symbolic derivative of the energy through SE(3)'s log; the C++ ones are Ad^T dexp^-T W in closed form:
// two derivations, agreeing to round-off.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "rodswarm/models/se3rod.hpp"
#include "se3rod_scalar_equations.hpp"

namespace rodswarm {
namespace {

using T = Twist<double>;
using G = Pose<double>;

T random_twist(std::mt19937& rng, double angle, double length) {
  std::normal_distribution<double> n(0.0, 1.0);
  Vec3<double> w{n(rng), n(rng), n(rng)};
  w = (angle / norm(w)) * w;
  return {w, {0.2 * length * n(rng), 0.2 * length * n(rng), length * (1 + 0.1 * n(rng))}};
}

void push(std::vector<double>& in, const T& t) {
  for (double x : {t.w.x, t.w.y, t.w.z, t.v.x, t.v.y, t.v.z}) in.push_back(x);
}
void push(std::vector<double>& in, const G& g) {
  for (int q = 0; q < 9; ++q) in.push_back(g.R.m[q]);
  for (double x : {g.p.x, g.p.y, g.p.z}) in.push_back(x);
}

TEST(Se3rodScalarEquations, GeneratedRightHandSidesEqualTheCppOnes) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> angle(0.3, 2.0), u(0.5, 2.0);
  double worst_body = 0, worst_lab = 0;
  for (int trial = 0; trial < 50; ++trial) {
    const double h = 0.1 * u(rng);
    const T xi = random_twist(rng, 3 * u(rng), 1.0);
    const T M{{1e-3 * u(rng), 1e-3 * u(rng), 2e-3 * u(rng)}, {0.5, 0.5, 0.5}};
    const T K{{u(rng), u(rng), u(rng)}, {50 * u(rng), 50 * u(rng), 100 * u(rng)}};
    const G P_prev = se3_exp(random_twist(rng, angle(rng), h)), P_next = se3_exp(random_twist(rng, angle(rng), h));
    const T eta_prev = (1 / h) * random_twist(rng, angle(rng), h),
            eta_next = (1 / h) * random_twist(rng, angle(rng), h);
    const G g = se3_exp(random_twist(rng, angle(rng), 1.0));
    // The C++ side: node k between g_{k-1} = g P_prev^-1 and g_{k+1} = g P_next.
    const se3rod::SegmentLaw<double> prev{K, eta_prev, h}, next{K, eta_next, h};
    const T F =
        se3rod::segment_forces(g * inverse(P_prev), g, prev).second + se3rod::segment_forces(g, g * P_next, next).first;
    const T body = ad_transpose(xi, se3rod::times_diagonal(M, xi)) + F;
    const Vec3<double> force_lab = g.R * body.v;
    const T lab{g.R * body.w + cross(g.p, force_lab), force_lab};
    // The generated side, inputs in the script's order.
    std::vector<double> in;
    push(in, xi);
    for (double x : {M.w.x, M.w.y, M.w.z, M.v.x, h}) in.push_back(x);
    push(in, K);
    push(in, P_prev);
    push(in, eta_prev);
    push(in, P_next);
    push(in, eta_next);
    double out[6];
    se3rod::generated::body_rhs(in.data(), out);
    const double want[6] = {body.w.x, body.w.y, body.w.z, body.v.x, body.v.y, body.v.z};
    double scale = 0;
    for (double x : want) scale = std::max(scale, std::fabs(x));
    for (int i = 0; i < 6; ++i) {
      EXPECT_NEAR(out[i], want[i], 1e-10 * scale) << "body " << i << ", trial " << trial;
      worst_body = std::max(worst_body, std::fabs(out[i] - want[i]) / scale);
    }
    push(in, g);
    se3rod::generated::lab_rhs(in.data(), out);
    const double want_lab[6] = {lab.w.x, lab.w.y, lab.w.z, lab.v.x, lab.v.y, lab.v.z};
    scale = 0;
    for (double x : want_lab) scale = std::max(scale, std::fabs(x));
    for (int i = 0; i < 6; ++i) {
      EXPECT_NEAR(out[i], want_lab[i], 1e-10 * scale) << "lab " << i << ", trial " << trial;
      worst_lab = std::max(worst_lab, std::fabs(out[i] - want_lab[i]) / scale);
    }
  }
  std::printf("largest relative difference: body %.3e, lab %.3e\n", worst_body, worst_lab);
}

}  // namespace
}  // namespace rodswarm
