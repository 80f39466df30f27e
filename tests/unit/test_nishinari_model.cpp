// The Nishinari model's shared physics (models/nishinari.hpp) and stepper (models/nishinari_stepper.hpp), driven
// directly with the sequential loop: the convention of the relative angles, the prefix scans, agreement of the
// two formulations at RK4's order, energy behaviour of the two twist moments, and the linear theory's
// frequencies (docs/models/nishinari.md sections 2, 8, 9).
#include <gtest/gtest.h>
#include <tuple>

#include <cmath>
#include <random>
#include <vector>

#include "rodswarm/integrators/bead_loop.hpp"
#include "rodswarm/models/nishinari.hpp"
#include "rodswarm/models/nishinari_stepper.hpp"

namespace rodswarm::nishinari {
namespace {

constexpr double pi = 3.14159265358979323846;

/// SequentialLoop that asks for the parallel (Hillis-Steele) scans, so the GPU's scan code runs here too.
struct DoublingLoop {
  static constexpr bool serial = false;
  template <class F>
  void for_each(int n, F&& f) const {
    for (int j = 0; j < n; ++j) f(j);
  }
  bool sync_or(bool flag) const { return flag; }
};

/// One member's Cartesian state.
struct Member {
  Params<double> p;
  std::vector<double> r, v, normal, spin;
  MemberIO<double> io() { return {r.data(), v.data(), normal.data(), spin.data()}; }
};

Params<double> material(int n) {
  Params<double> p;
  p.n = n;
  std::tie(p.l, p.m, p.k, p.K, p.h, p.j, p.divergence_bound) = std::make_tuple(0.1, 0.01, 50.0, 0.02, 0.015, 2e-5, 1e3);
  return p;
}

/// A generic 3D state: frames from per-joint angles (a helix plus a seeded perturbation), stretched segments,
/// random velocities and spins of the given size.
Member generic_member(Params<double> p, double velocity, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Member m;
  m.p = p;
  const int n = p.n;
  Mat3<double> e = Mat3<double>::identity();
  Vec3<double> x{0, 0, 0};
  m.r.resize(3 * n);
  m.v.resize(3 * n);
  m.normal.resize(3 * (n - 1));
  m.spin.resize(n - 1);
  store3(m.r.data(), x);
  for (int s = 0; s < n - 1; ++s) {
    if (s > 0) e = relative_rotation(0.2 + 0.1 * u(gen), 0.15 + 0.1 * u(gen), 0.1 + 0.1 * u(gen)) * e;
    const double G = p.l * (1.0 + 0.02 * u(gen));
    x = x + G * e.row(0);
    store3(m.r.data() + 3 * (s + 1), x);
    store3(m.normal.data() + 3 * s, e.row(1));
    m.spin[s] = velocity * 10 * u(gen);
  }
  // Clamps hold the end segments' initial frames.
  auto frame_of = [&](int seg) {
    const Vec3<double> d = load3(m.r.data() + 3 * (seg + 1)) - load3(m.r.data() + 3 * seg);
    return segment_frame((1.0 / norm(d)) * d, load3(m.normal.data() + 3 * seg));
  };
  store9(m.p.wall0, frame_of(0));
  store9(m.p.wall1, frame_of(n - 2));
  for (int i = 0; i < n; ++i) {
    const Vec3<double> vi = fixed_bead(p, i) ? Vec3<double>{0, 0, 0} : velocity * Vec3<double>{u(gen), u(gen), u(gen)};
    store3(m.v.data() + 3 * i, vi);
  }
  return m;
}

/// Advances a copy of `m` to time T with step dt; returns the final state.
template <class Loop = SequentialLoop>
Member advance(Member m, Formulation f, double dt, double T, Outcome* outcome = nullptr) {
  m.p.formulation = f;
  std::vector<double> work(static_cast<std::size_t>(workspace_size(f, m.p.n)));
  const auto steps = static_cast<long long>(std::llround(T / dt));
  const Outcome out = advance_member(m.io(), m.p, dt, steps, work.data(), Loop{});
  if (outcome != nullptr) *outcome = out;
  return m;
}

double max_position_gap(const Member& a, const Member& b) {
  double gap = 0;
  for (std::size_t k = 0; k < a.r.size(); ++k) gap = std::fmax(gap, std::fabs(a.r[k] - b.r[k]));
  return gap;
}

double total_energy(Member& m) { return energy(m.p, m.r.data(), m.v.data(), m.normal.data(), m.spin.data()).total; }

TEST(NishinariModel, RelativeAnglesInvertTheRotation) {
  std::mt19937 gen(3);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 100; ++trial) {
    const double phi = 3.0 * u(gen), theta = 1.5 * u(gen), psi = 3.0 * u(gen);
    const Angles<double> a = relative_angles(relative_rotation(phi, theta, psi));
    EXPECT_NEAR(a.phi, phi, 1e-12);
    EXPECT_NEAR(a.theta, theta, 1e-12);
    EXPECT_NEAR(a.psi, psi, 1e-12);
  }
  // Small angles: P ~ I + [[0, dphi, -dtheta], [-dphi, 0, dpsi], [dtheta, -dpsi, 0]] (matches (4)).
  const Mat3<double> P = relative_rotation(1e-6, 2e-6, 3e-6);
  EXPECT_NEAR(P(0, 1), 1e-6, 1e-15);
  EXPECT_NEAR(P(0, 2), -2e-6, 1e-15);
  EXPECT_NEAR(P(1, 2), 3e-6, 1e-15);
}

// (50)-(52) are the compatibility condition dP/dt = Lambda_i P - P Lambda_{i-1} (section 2).
TEST(NishinariModel, AngleRatesAreTheCompatibilityConditions) {
  std::mt19937 gen(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  auto lambda = [](Vec3<double> abc) { return Mat3<double>{{0, abc.x, abc.y, -abc.x, 0, abc.z, -abc.y, -abc.z, 0}}; };
  for (int trial = 0; trial < 20; ++trial) {
    const double phi = u(gen), theta = 1.2 * u(gen), psi = u(gen);
    const Vec3<double> L{u(gen), u(gen), u(gen)}, R{u(gen), u(gen), u(gen)};
    const Mat3<double> P = relative_rotation(phi, theta, psi);
    const Vec3<double> rates = angle_rates(P, L, R);
    const double eps = 1e-6;
    const Mat3<double> Pp = relative_rotation(phi + eps * rates.x, theta + eps * rates.y, psi + eps * rates.z);
    const Mat3<double> Pm = relative_rotation(phi - eps * rates.x, theta - eps * rates.y, psi - eps * rates.z);
    const Mat3<double> expected_a = lambda(R) * P;
    const Mat3<double> expected_b = P * lambda(L);
    for (int c = 0; c < 9; ++c) {
      EXPECT_NEAR((Pp.m[c] - Pm.m[c]) / (2 * eps), expected_a.m[c] - expected_b.m[c], 1e-8) << "entry " << c;
    }
  }
}

TEST(NishinariModel, DoublingPrefixScansMatchTheSerialOnes) {
  std::mt19937 gen(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int count : {1, 2, 5, 16, 17}) {
    std::vector<double> a(9 * count), b(9 * count), serial_a, scratch(9 * count);
    for (int i = 0; i < count; ++i) store9(a.data() + 9 * i, relative_rotation(u(gen), u(gen), u(gen)));
    serial_a = a;
    const double* parallel = prefix_products(a.data(), scratch.data(), count, DoublingLoop{});
    const double* serial = prefix_products(serial_a.data(), b.data(), count, SequentialLoop{});
    for (int k = 0; k < 9 * count; ++k) EXPECT_NEAR(parallel[k], serial[k], 1e-13) << count;
    std::vector<double> v(3 * count), w(3 * count), s2(3 * count);
    for (double& x : v) x = u(gen);
    w = v;
    const double* ps = prefix_sums(v.data(), s2.data(), count, DoublingLoop{});
    const double* ss = prefix_sums(w.data(), b.data(), count, SequentialLoop{});
    for (int k = 0; k < 3 * count; ++k) EXPECT_NEAR(ps[k], ss[k], 1e-13) << count;
  }
}

// Section 5's reconstruction and section 6's conversion are inverse: a member stored right after loading is
// unchanged (zero steps), in both formulations and with the doubling scans.
TEST(NishinariModel, ZeroStepsReturnTheStateUnchanged) {
  Params<double> p = material(9);
  const Member m = generic_member(p, 0.3, 11);
  for (Formulation f : {Formulation::cartesian, Formulation::intrinsic}) {
    const Member a = advance(m, f, 0.001, 0.0);
    const Member b = advance<DoublingLoop>(m, f, 0.001, 0.0);
    for (std::size_t k = 0; k < m.r.size(); ++k) {
      EXPECT_NEAR(a.r[k], m.r[k], 1e-13);
      EXPECT_NEAR(a.v[k], m.v[k], 1e-13);
      EXPECT_NEAR(b.r[k], m.r[k], 1e-13);
    }
    for (std::size_t k = 0; k < m.normal.size(); ++k) EXPECT_NEAR(a.normal[k], m.normal[k], 1e-12);
  }
}

struct Case {
  const char* name;
  EndKind end0, end1;
  bool forces;
  TwistMoment twist;
};

class NishinariFormulations : public ::testing::TestWithParam<Case> {};

// The must-show: the intrinsic and Cartesian formulations agree on a generic 3D state to integration accuracy,
// the gap shrinking at RK4's order over three step sizes.
TEST_P(NishinariFormulations, AgreeWithAGapShrinkingAtFourthOrder) {
  const Case c = GetParam();
  Params<double> p = material(10);
  p.end0 = c.end0;
  p.end1 = c.end1;
  p.twist_moment = c.twist;
  if (c.forces) {
    p.g[2] = -9.81;
    p.load1[0] = 0.05;
    p.damping = 0.01;
    p.spin_damping = 1e-6;
  }
  const Member m = generic_member(p, 0.2, 21);
  const double T = 0.3;
  std::vector<double> gaps;
  for (double dt : {2e-3, 1e-3, 5e-4}) {
    Outcome oc, oi;
    const Member a = advance(m, Formulation::cartesian, dt, T, &oc);
    const Member b = advance(m, Formulation::intrinsic, dt, T, &oi);
    ASSERT_EQ(oc.status, status_ok);
    ASSERT_EQ(oi.status, status_ok);
    gaps.push_back(max_position_gap(a, b));
  }
  const double order1 = std::log2(gaps[0] / gaps[1]), order2 = std::log2(gaps[1] / gaps[2]);
  std::printf("%s: gaps %.3e %.3e %.3e, observed orders %.2f %.2f\n", c.name, gaps[0], gaps[1], gaps[2], order1,
              order2);
  EXPECT_LT(gaps[0], 1e-5);
  EXPECT_GT(order1, 3.5);
  EXPECT_GT(order2, 3.5);
}

INSTANTIATE_TEST_SUITE_P(
    Ends, NishinariFormulations,
    ::testing::Values(Case{"free-free", EndKind::free, EndKind::free, false, TwistMoment::conservative},
                      Case{"free-free-paper", EndKind::free, EndKind::free, false, TwistMoment::paper},
                      Case{"clamped-free-gravity", EndKind::clamped, EndKind::free, true, TwistMoment::conservative},
                      Case{"pinned-pinned", EndKind::pinned, EndKind::pinned, false, TwistMoment::conservative},
                      Case{"free-clamped-loads", EndKind::free, EndKind::clamped, true, TwistMoment::paper}),
    [](const ::testing::TestParamInfo<Case>& param) {
      std::string s = param.param.name;
      for (char& ch : s)
        if (ch == '-') ch = '_';
      return s;
    });

/// Relative energy error after T for three step sizes.
std::vector<double> energy_errors(const Member& m, Formulation f, double T) {
  Member copy = m;
  const double E0 = total_energy(copy);
  std::vector<double> errors;
  for (double dt : {1e-3, 5e-4, 2.5e-4}) {
    Member end = advance(m, f, dt, T);
    errors.push_back(std::fabs(total_energy(end) - E0) / std::fabs(E0));
  }
  return errors;
}

// Conservative twist moment: energy conserved at the integrator's order. Paper's moment: a drift that does not
// shrink with dt (section 0: dE/dt = (h/l) sum dpsi sin(dtheta) d(dphi)/dt).
TEST(NishinariModel, ConservativeMomentConservesEnergyAndThePaperOneDrifts) {
  Params<double> p = material(10);
  const Member m = generic_member(p, 0.3, 31);
  for (Formulation f : {Formulation::cartesian, Formulation::intrinsic}) {
    Member cons = m;
    cons.p.twist_moment = TwistMoment::conservative;
    const std::vector<double> ec = energy_errors(cons, f, 1.0);
    Member paper = m;
    paper.p.twist_moment = TwistMoment::paper;
    const std::vector<double> ep = energy_errors(paper, f, 1.0);
    const double order = std::log2(ec[1] / ec[2]);
    std::printf("%s conservative: %.3e %.3e %.3e (order %.2f); paper: %.3e %.3e %.3e\n",
                f == Formulation::cartesian ? "cartesian" : "intrinsic", ec[0], ec[1], ec[2], order, ep[0], ep[1],
                ep[2]);
    EXPECT_GT(order, 3.5);
    EXPECT_LT(ec[2], 1e-5);
    // The paper's drift is the model's own: the same at every dt, and far above the conservative error.
    EXPECT_NEAR(ep[2] / ep[1], 1.0, 0.05);
    EXPECT_GT(ep[2], 1e2 * ec[2]);
  }
}

/// Times at which x(t) crosses zero upwards, linearly interpolated.
std::vector<double> upward_crossings(const std::vector<double>& t, const std::vector<double>& x) {
  std::vector<double> out;
  for (std::size_t k = 1; k < x.size(); ++k) {
    if (x[k - 1] < 0 && x[k] >= 0) out.push_back(t[k - 1] + (t[k] - t[k - 1]) * (-x[k - 1]) / (x[k] - x[k - 1]));
  }
  return out;
}

double measured_frequency(const std::vector<double>& t, const std::vector<double>& x) {
  const std::vector<double> c = upward_crossings(t, x);
  EXPECT_GE(c.size(), 3u);
  if (c.size() < 2) return 0;
  return 2 * pi * static_cast<double>(c.size() - 1) / (c.back() - c.front());
}

Member straight_member(Params<double> p) {
  Member m;
  m.p = p;
  const int n = p.n;
  m.r.assign(3 * n, 0.0);
  m.v.assign(3 * n, 0.0);
  m.normal.assign(3 * (n - 1), 0.0);
  m.spin.assign(n - 1, 0.0);
  for (int i = 0; i < n; ++i) m.r[3 * i] = i * p.l;
  for (int s = 0; s < n - 1; ++s) m.normal[3 * s + 1] = 1.0;
  return m;
}

// Torsion of a straight free-free string: C_s ~ cos(p pi (s + 1/2)/M) at omega_p = 2 sqrt(h/(j l)) sin(p pi/(2M))
// (section 9; exact even nonlinearly for a straight string).
TEST(NishinariModel, TorsionalModesOscillateAtTheLinearTheorysFrequency) {
  for (Formulation f : {Formulation::intrinsic, Formulation::cartesian}) {
    for (int mode : {1, 3}) {
      Params<double> p = material(12);
      Member m = straight_member(p);
      const int M = p.n - 1;
      for (int s = 0; s < M; ++s) m.spin[s] = 0.01 * std::cos(mode * pi * (s + 0.5) / M);
      const double omega = 2 * std::sqrt(p.h / (p.j * p.l)) * std::sin(mode * pi / (2 * M));
      const double period = 2 * pi / omega, dt = period / 400;
      std::vector<double> t, x;
      for (int k = 0; k <= 400 * 6; ++k) {
        t.push_back(k * dt);
        x.push_back(m.spin[0]);
        m = advance(m, f, dt, dt);
      }
      const double measured = measured_frequency(t, x);
      EXPECT_NEAR(measured / omega, 1.0, 1e-3) << "mode " << mode;
    }
  }
}

// Planar bending of a pinned-pinned string: y_i ~ sin(p pi i/(n-1)) is an exact eigenvector of the discrete
// bending operator, omega^2 = (16 K/(m l^3)) sin^4(q l/2), q l = p pi/(n-1) (section 9). Small amplitude: the
// stretch is second order.
TEST(NishinariModel, PlanarBendingModesOscillateAtTheLinearTheorysFrequency) {
  for (Formulation f : {Formulation::intrinsic, Formulation::cartesian}) {
    for (int mode : {1, 2}) {
      Params<double> p = material(13);
      p.end0 = EndKind::pinned;
      p.end1 = EndKind::pinned;
      Member m = straight_member(p);
      for (int i = 0; i < p.n; ++i) m.r[3 * i + 1] = 1e-6 * std::sin(mode * pi * i / (p.n - 1));
      // Normals along z: the bending stays in the x-y plane and dpsi = 0.
      for (int s = 0; s < p.n - 1; ++s) {
        m.normal[3 * s + 1] = 0;
        m.normal[3 * s + 2] = 1;
      }
      const double s4 = std::pow(std::sin(mode * pi / (2.0 * (p.n - 1))), 4);
      const double omega = std::sqrt(16 * p.K / (p.m * p.l * p.l * p.l) * s4);
      const double period = 2 * pi / omega;
      const double dt = std::fmin(period / 400, 0.5 * rk4_stable_dt(p));
      const int per_period = static_cast<int>(std::ceil(period / dt));
      const int probe = (p.n - 1) / (2 * mode);  // an antinode
      std::vector<double> t, x;
      for (int k = 0; k <= per_period * 5; ++k) {
        t.push_back(k * dt);
        x.push_back(m.r[3 * probe + 1]);
        m = advance(m, f, dt, dt);
      }
      const double measured = measured_frequency(t, x);
      EXPECT_NEAR(measured / omega, 1.0, 2e-3) << "mode " << mode;
    }
  }
}

// Gimbal lock is reported, not turned into NaN: a joint bent by 90 degrees about n stops the member as singular.
TEST(NishinariModel, GimbalLockIsReportedAsSingular) {
  for (Formulation f : {Formulation::intrinsic, Formulation::cartesian}) {
    Params<double> p = material(5);
    Member m = straight_member(p);
    // Segment 2 turned by dtheta = pi/2 about n relative to segment 1: t_2 = -b_1 = (0, 0, 1)... built directly.
    for (int i = 3; i < 5; ++i) {
      m.r[3 * i] = 2 * p.l;
      m.r[3 * i + 2] = (i - 2) * p.l;
    }
    Outcome out;
    advance(m, f, 1e-4, 1e-3, &out);
    EXPECT_EQ(out.status, status_singular);
    EXPECT_EQ(out.steps, 1);
  }
}

// A joint swung through 90 degrees about n (the end bead flung sideways) is caught on the way, in both
// formulations, instead of passing to the other Euler branch with a jump in the twist angle and the energy.
TEST(NishinariModel, SwingingThroughGimbalLockIsReportedAsSingular) {
  for (Formulation f : {Formulation::intrinsic, Formulation::cartesian}) {
    Params<double> p = material(3);
    std::tie(p.l, p.j, p.h, p.K) = std::make_tuple(0.05, 5e-7, 0.008, 0.01);
    Member m = straight_member(p);
    m.v[3 * 2 + 2] = -50;  // bead 2 along -z: joint 1 bends about n = y through 90 degrees within ~2 ms
    Outcome out;
    advance(m, f, 1e-5, 0.05, &out);
    EXPECT_EQ(out.status, status_singular) << (f == Formulation::cartesian ? "cartesian" : "intrinsic");
  }
}

}  // namespace
}  // namespace rodswarm::nishinari
