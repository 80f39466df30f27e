// The se3rod physics headers (models/se3rod*.hpp) against the independent Eigen oracle (src/reference/se3rod_*):
// the internal forces of a bent, twisted, sheared chain, and whole runs of every scheme with every end, gravity,
// end wrenches and damping, to round-off. Until se3rod joins the engine's model list (issue 18) this is its
// backend-against-reference test.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "reference/se3rod_reference.hpp"
#include "rodswarm/integrators/bead_loop.hpp"
#include "rodswarm/models/se3rod_stepper.hpp"

namespace rodswarm {
namespace {

using T = Twist<double>;
using G = Pose<double>;
using reference::Vector6d;

Vector6d to_eigen(const T& t) {
  Vector6d v;
  v << t.w.x, t.w.y, t.w.z, t.v.x, t.v.y, t.v.z;
  return v;
}
Eigen::Matrix4d to_eigen(const G& g) {
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  for (int a = 0; a < 3; ++a) {
    for (int b = 0; b < 3; ++b) m(a, b) = g.R(a, b);
  }
  m(0, 3) = g.p.x;
  m(1, 3) = g.p.y;
  m(2, 3) = g.p.z;
  return m;
}

/// The same member for the stepper (params, pose, twist, rest arrays) and for the reference.
struct Pair {
  se3rod::Params<double> p;
  reference::Se3rodCase c;
  std::vector<double> pose, twist, rest, work;
  reference::Se3rodState state;
};

Pair bent_rod(se3rod::Scheme scheme, se3rod::End end0, se3rod::End end1) {
  Pair m;
  auto& p = m.p;
  p.n = 7;
  p.scheme = scheme;
  p.end0 = end0;
  p.end1 = end1;
  p.h = 0.1;
  p.density = 1200;
  p.youngs_modulus = 2e5;
  p.shear_modulus = 7e4;
  p.shear_coefficient = 0.85;
  p.radius = 0.015;
  p.gravity[0] = 0.5;
  p.gravity[1] = -9.81;
  p.gravity[2] = 0.2;
  p.damping_force = 0.3;
  p.damping_torque = 0.7;
  se3rod::set_twist(p.load0, T{{0.001, 0, 0.002}, {0.5, 0, 0}});
  se3rod::set_twist(p.load1, T{{0, -0.003, 0.001}, {0, 0.2, -0.4}});
  se3rod::set_twist(p.distributed, T{{0.002, 0.001, -0.003}, {-0.3, 0.1, 0.6}});
  const reference::Se3rodEnd ends[] = {reference::Se3rodEnd::free, reference::Se3rodEnd::clamped,
                                       reference::Se3rodEnd::pinned, reference::Se3rodEnd::prescribed};
  auto& c = m.c;
  c.n = p.n;
  c.h = p.h;
  c.density = p.density;
  c.youngs_modulus = p.youngs_modulus;
  c.shear_modulus = p.shear_modulus;
  c.shear_coefficient = p.shear_coefficient;
  c.radius = p.radius;
  c.gravity << p.gravity[0], p.gravity[1], p.gravity[2];
  c.damping_force = p.damping_force;
  c.damping_torque = p.damping_torque;
  c.end0 = ends[static_cast<int>(end0)];
  c.end1 = ends[static_cast<int>(end1)];
  c.load0 = to_eigen(se3rod::twist_of(p.load0));
  c.load1 = to_eigen(se3rod::twist_of(p.load1));
  c.distributed = to_eigen(se3rod::twist_of(p.distributed));
  const reference::Se3rodScheme schemes[] = {reference::Se3rodScheme::rkmk4, reference::Se3rodScheme::lie_euler,
                                             reference::Se3rodScheme::variational};
  c.scheme = schemes[static_cast<int>(scheme)];
  m.pose.resize(12 * 7);
  m.twist.resize(6 * 7);
  m.rest.resize(6 * 6);
  m.work.resize(static_cast<std::size_t>(se3rod::workspace_size(7)));
  for (int k = 0; k < 7; ++k) {
    const double s = k * p.h;
    const G g = se3_exp(T{{0.9 * s, -1.4 * s, 0.6 * s * s}, {0.02 * s, -0.01 * s, s}});
    // Held ends start at rest, prescribed ones with the screw twist they keep; the rest of the rod moves.
    const se3rod::End end = k == 0 ? end0 : (k == 6 ? end1 : se3rod::End::free);
    T xi{{0.5 * k, -0.3, 0.2 * k * k}, {0.01 * k, 0.05, -0.02 * k}};
    if (end == se3rod::End::clamped || end == se3rod::End::pinned) xi = T{{0, 0, 0}, {0, 0, 0}};
    if (end == se3rod::End::prescribed) xi = T{{0.3, -0.2, 0.8}, {0.04, 0.02, -0.05}};
    se3rod::store_pose(m.pose.data() + 12 * k, g);
    se3rod::store_twist(m.twist.data() + 6 * k, xi);
    m.state.g.push_back(to_eigen(g));
    m.state.xi.push_back(to_eigen(xi));
  }
  for (int s = 0; s < 6; ++s) {
    // A rest shape of its own: a helix-like screw per segment, so the rod is stressed and the rest strain matters.
    const T eta{{0.4, 0.1 * s, -0.3}, {0.01, -0.02, 1.0}};
    se3rod::store_twist(m.rest.data() + 6 * s, eta);
    c.rest_strain.push_back(to_eigen(eta));
  }
  return m;
}

TEST(Se3rodAgainstReference, InternalForcesAgree) {
  Pair m = bent_rod(se3rod::Scheme::rkmk4, se3rod::End::free, se3rod::End::free);
  const std::vector<Vector6d> ref = reference::se3rod_internal_forces(m.c, m.state.g);
  std::vector<double> seg(12 * 6);
  const se3rod::MemberIO<double> io{m.pose.data(), m.twist.data(), m.rest.data()};
  se3rod::segment_pass(m.p, io, seg.data(), SequentialLoop{});
  double scale = 0, diff = 0;
  for (int k = 0; k < 7; ++k) {
    Vector6d F = Vector6d::Zero();
    if (k > 0) F += to_eigen(se3rod::load_twist(seg.data() + 12 * (k - 1) + 6));
    if (k < 6) F += to_eigen(se3rod::load_twist(seg.data() + 12 * k));
    scale = std::max(scale, ref[static_cast<std::size_t>(k)].cwiseAbs().maxCoeff());
    diff = std::max(diff, (F - ref[static_cast<std::size_t>(k)]).cwiseAbs().maxCoeff());
  }
  std::printf("internal forces: max difference %.3e of %.3e\n", diff, scale);
  EXPECT_LT(diff, 1e-11 * scale);
}

/// The largest differences between the stepper's member and the reference's state, on the poses and the twists,
/// and the twists' size.
struct Differences {
  double pose, twist, twist_scale;
};
Differences differences(const Pair& m, const reference::Se3rodState& ref) {
  Differences d{0, 0, 0};
  for (int k = 0; k < m.p.n; ++k) {
    const auto i = static_cast<std::size_t>(k);
    d.pose = std::max(d.pose, (to_eigen(se3rod::load_pose(m.pose.data() + 12 * k)) - ref.g[i]).cwiseAbs().maxCoeff());
    d.twist =
        std::max(d.twist, (to_eigen(se3rod::load_twist(m.twist.data() + 6 * k)) - ref.xi[i]).cwiseAbs().maxCoeff());
    d.twist_scale = std::max(d.twist_scale, ref.xi[i].cwiseAbs().maxCoeff());
  }
  return d;
}

TEST(Se3rodAgainstReference, RunsOfEverySchemeWithEveryEndAgree) {
  for (const se3rod::Scheme scheme : {se3rod::Scheme::rkmk4, se3rod::Scheme::lie_euler, se3rod::Scheme::variational}) {
    for (const auto& [end0, end1] :
         {std::pair{se3rod::End::free, se3rod::End::free}, std::pair{se3rod::End::clamped, se3rod::End::pinned},
          std::pair{se3rod::End::pinned, se3rod::End::clamped}, std::pair{se3rod::End::prescribed, se3rod::End::free},
          std::pair{se3rod::End::clamped, se3rod::End::prescribed}}) {
      Pair m = bent_rod(scheme, end0, end1);
      m.c.dt = 2e-5;
      const long steps = 300;
      const se3rod::MemberIO<double> io{m.pose.data(), m.twist.data(), m.rest.data()};
      const Outcome out = se3rod::advance_member(io, m.p, 2e-5, steps, m.work.data(), SequentialLoop{});
      ASSERT_EQ(out.status, status_ok);
      const reference::Se3rodState ref = reference::se3rod_advance(m.c, m.state, steps);
      const Differences d = differences(m, ref);
      const double e = se3rod::energy(io, m.p).total(), e_ref = reference::se3rod_energy(m.c, ref);
      std::printf("scheme %d, ends %d %d: pose %.3e, twist %.3e of %.3e, energy %.6e vs %.6e\n",
                  static_cast<int>(scheme), static_cast<int>(end0), static_cast<int>(end1), d.pose, d.twist,
                  d.twist_scale, e, e_ref);
      EXPECT_LT(d.pose, 1e-11);
      EXPECT_LT(d.twist, 1e-9 * d.twist_scale);
      EXPECT_NEAR(e, e_ref, 1e-10 * std::fabs(e_ref));
    }
  }
}

// The bent rod laid on a tilted plane (its centres moved onto it, its twists onto the rolling rows), rolling under
// gravity, loads and damping, with free ends and with one clamped end (a held node does not roll): the backends'
// 3x3 reaction per node against the reference's one KKT system over the member, and the projections after each
// step, to round-off.
TEST(Se3rodAgainstReference, RollingOnAPlaneAgrees) {
  for (const se3rod::Scheme scheme : {se3rod::Scheme::rkmk4, se3rod::Scheme::lie_euler}) {
    for (const se3rod::End end0 : {se3rod::End::free, se3rod::End::clamped}) {
      Pair m = bent_rod(scheme, end0, se3rod::End::free);
      const Vec3<double> normal{0.1 / std::sqrt(1.02), 1 / std::sqrt(1.02), 0.1 / std::sqrt(1.02)};
      m.p.contact = se3rod::Contact::plane;
      m.p.plane_offset = -0.05;
      m.p.plane_normal[0] = normal.x;
      m.p.plane_normal[1] = normal.y;
      m.p.plane_normal[2] = normal.z;
      m.c.plane_contact = true;
      m.c.plane_normal << normal.x, normal.y, normal.z;
      m.c.plane_offset = m.p.plane_offset;
      // Pressed onto the plane hard enough that the flattened rod's elastic forces do not lift any node.
      m.p.gravity[1] = -2000;
      m.c.gravity.y() = m.p.gravity[1];
      for (int k = 0; k < m.p.n; ++k) {
        if (!se3rod::rolls_on_plane(m.p, k)) continue;
        G g = se3rod::load_pose(m.pose.data() + 12 * k);
        T xi = se3rod::load_twist(m.twist.data() + 6 * k);
        se3rod::restore_plane_contact(m.p, se3rod::node_inertia(m.p, k), g, xi);
        se3rod::store_pose(m.pose.data() + 12 * k, g);
        se3rod::store_twist(m.twist.data() + 6 * k, xi);
        m.state.g[static_cast<std::size_t>(k)] = to_eigen(g);
        m.state.xi[static_cast<std::size_t>(k)] = to_eigen(xi);
      }
      m.c.dt = 2e-5;
      const long steps = 300;
      const se3rod::MemberIO<double> io{m.pose.data(), m.twist.data(), m.rest.data()};
      const Outcome out = se3rod::advance_member(io, m.p, 2e-5, steps, m.work.data(), SequentialLoop{});
      ASSERT_EQ(out.status, status_ok) << "after " << out.steps << " steps";
      const reference::Se3rodState ref = reference::se3rod_advance(m.c, m.state, steps);
      const Differences d = differences(m, ref);
      std::printf("rolling, scheme %d, end0 %d: pose %.3e, twist %.3e of %.3e\n", static_cast<int>(scheme),
                  static_cast<int>(end0), d.pose, d.twist, d.twist_scale);
      EXPECT_LT(d.pose, 1e-11);
      EXPECT_LT(d.twist, 1e-9 * d.twist_scale);
    }
  }
}

// A prescribed end moves on its screw motion g(t) = g(0) exp(t xi) exactly (to round-off) under every scheme, while
// the rod it drives bends and stretches.
TEST(Se3rodAgainstReference, APrescribedEndFollowsItsScrewMotion) {
  for (const se3rod::Scheme scheme : {se3rod::Scheme::rkmk4, se3rod::Scheme::lie_euler, se3rod::Scheme::variational}) {
    Pair m = bent_rod(scheme, se3rod::End::prescribed, se3rod::End::clamped);
    const G g0 = se3rod::load_pose(m.pose.data());
    const T xi = se3rod::load_twist(m.twist.data());
    const se3rod::MemberIO<double> io{m.pose.data(), m.twist.data(), m.rest.data()};
    const double dt = 2e-5;
    const long steps = 2000;
    ASSERT_EQ(se3rod::advance_member(io, m.p, dt, steps, m.work.data(), SequentialLoop{}).status, status_ok);
    const Eigen::Matrix4d expected = to_eigen(g0) * to_eigen(se3_exp(double(steps) * dt * xi));
    const double off = (to_eigen(se3rod::load_pose(m.pose.data())) - expected).cwiseAbs().maxCoeff();
    const double held = (to_eigen(se3rod::load_twist(m.twist.data())) - to_eigen(xi)).cwiseAbs().maxCoeff();
    std::printf("scheme %d: prescribed end %.3e from g(0) exp(t xi), twist %.3e from xi\n", static_cast<int>(scheme),
                off, held);
    EXPECT_LT(off, 1e-13);
    EXPECT_EQ(held, 0.0);
  }
}

}  // namespace
}  // namespace rodswarm
