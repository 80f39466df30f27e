// The rolling-contact model's shared physics (models/rolling.hpp) and stepper (models/rolling_stepper.hpp),
// driven directly: the smeared rows against their closed forms, the multiplier keeping the constraint's time
// derivative at zero, the projection, and the periodic case of the paper, where P = u + v follows the free wave
// equation and s(t) the reduced ODE s' = (G/2) P_t(s) (smeared), with errors converging at RK4's order; energy
// at RK4's order; the fixed-end decoupling s1 = s2; the frozen control; singular and diverged members.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "rodswarm/models/rolling.hpp"
#include "rodswarm/models/rolling_stepper.hpp"

namespace rodswarm::rolling {
namespace {

constexpr double pi = 3.14159265358979323846;

/// One member: its state, optional twin and signal, and a workspace.
struct Member {
  Params<double> p;
  std::vector<double> y, twin, signal, work;
  double log_sum = 0, gap = 0;
  std::int64_t done = 0;
  explicit Member(const Params<double>& params)
      : p(params), y(state_size(params.modes), 0.0), work(workspace_size(params.modes)) {}
  MemberIO<double> io() {
    return MemberIO<double>{&p,
                            y.data(),
                            twin.empty() ? nullptr : twin.data(),
                            signal.empty() ? nullptr : signal.data(),
                            static_cast<std::int64_t>(signal.size()),
                            &log_sum,
                            &gap};
  }
  Outcome advance(double dt, std::int64_t steps) {
    const Outcome out = advance_member(io(), dt, done, steps, work.data());
    done += out.steps;
    return out;
  }
  double constraint() {
    std::vector<double> rows(4 * p.modes);
    const Rows<double> w = rows_in(rows.data(), p.modes);
    smeared_row(p, y[s1_at(p.modes)], w.beta1, w.dbeta1);
    smeared_row(p, y[s2_at(p.modes)], w.beta2, w.dbeta2);
    return constraint_residual(p, y.data(), w);
  }
  double speed_scale() const {  // sum |a'| + |b'|: the size of the velocities the residual is made of
    double s = 0;
    for (int m = 0; m < p.modes; ++m) s += std::fabs(y[ad_at(p.modes) + m]) + std::fabs(y[bd_at(p.modes) + m]);
    return s;
  }
};

Params<double> strings(Ends ends, int K, double sigma) {
  Params<double> p;
  p.modes = K;
  p.ends = ends;
  p.L = 2 * pi;
  p.c = 1;
  p.F = 1;
  p.G1 = p.G2 = 0.5;
  p.sigma = sigma;
  return p;
}

/// psi_m(x) and psi_m'(x) written out directly.
void basis(const Params<double>& p, int m, double x, double& psi, double& dpsi) {
  const double norm = std::sqrt(2 / p.L);
  if (p.ends == Ends::fixed) {
    const double k = (m + 1) * pi / p.L;
    psi = norm * std::sin(k * x);
    dpsi = norm * k * std::cos(k * x);
  } else if (m == 0) {
    psi = 1 / std::sqrt(p.L);
    dpsi = 0;
  } else {
    const double k = ((m + 1) / 2) * 2 * pi / p.L;
    psi = m % 2 ? norm * std::cos(k * x) : norm * std::sin(k * x);
    dpsi = m % 2 ? -norm * k * std::sin(k * x) : norm * k * std::cos(k * x);
  }
}

TEST(RollingModel, SmearedRowsMatchTheirClosedForms) {
  for (Ends ends : {Ends::fixed, Ends::periodic}) {
    const Params<double> p = strings(ends, 301, 0.02);
    std::vector<double> beta(p.modes), dbeta(p.modes);
    for (double s : {0.0, 0.37, 2.1, 3.9, 6.2}) {
      smeared_row(p, s, beta.data(), dbeta.data());
      double err = 0, derr = 0, scale = 0, dscale = 0;
      for (int m = 0; m < p.modes; ++m) {
        double psi, dpsi;
        basis(p, m, s, psi, dpsi);
        const double k = wavenumber(p, m), g = std::exp(-0.5 * k * k * p.sigma * p.sigma);
        err = std::max(err, std::fabs(beta[m] - g * psi));
        derr = std::max(derr, std::fabs(dbeta[m] - g * dpsi));
        scale = std::max(scale, std::fabs(g * psi));
        dscale = std::max(dscale, std::fabs(g * dpsi));
      }
      // The recurrences lose about m eps, and sin(k s) itself loses ulp(k s): 301 modes stay below 1e-10.
      EXPECT_LE(err, 1e-10 * scale) << "ends " << int(ends) << " s " << s;
      EXPECT_LE(derr, 1e-10 * dscale) << "ends " << int(ends) << " s " << s;
    }
  }
}

/// A generic state: a few modes on both strings with velocities, contact points apart.
Member generic(Ends ends, double F, double G1, double G2) {
  Params<double> p = strings(ends, 24, 0.3);
  p.F = F;
  p.G1 = G1;
  p.G2 = G2;
  Member mem(p);
  for (int m = 0; m < p.modes; ++m) {
    mem.y[a_at(p.modes) + m] = 0.3 / (1 + m * m) * std::cos(1.7 * m);
    mem.y[b_at(p.modes) + m] = 0.2 / (1 + m * m) * std::sin(0.9 * m + 0.3);
    mem.y[ad_at(p.modes) + m] = 0.25 / (1 + m) * std::sin(1.3 * m + 0.2);
    mem.y[bd_at(p.modes) + m] = 0.15 / (1 + m) * std::cos(2.3 * m);
  }
  mem.y[s1_at(p.modes)] = 2.1;
  mem.y[s2_at(p.modes)] = 3.7;
  return mem;
}

TEST(RollingModel, MultiplierKeepsTheConstraintRateAtZero) {
  // d/dt (beta1.a' - F beta2.b') along the rates, by a centred difference in time: zero to the difference's
  // error, while without lambda it is of order one.
  Member mem = generic(Ends::fixed, 0.8, 0.7, 1.3);
  const Params<double>& p = mem.p;
  const int n = state_size(p.modes);
  std::vector<double> dy(n), rows(4 * p.modes), y1(n), y2(n);
  const Contact<double> c = rates(p, mem.y.data(), dy.data(), rows_in(rows.data(), p.modes));
  ASSERT_FALSE(c.singular);
  const double eps = 1e-5;
  auto residual_at = [&](double h) {
    Member shifted = mem;
    for (int j = 0; j < n; ++j) shifted.y[j] = mem.y[j] + h * dy[j];
    return shifted.constraint();
  };
  const double rate = (residual_at(eps) - residual_at(-eps)) / (2 * eps);
  // The same without the multiplier's force: the acceleration of the smeared velocities is O(1).
  double free_rate = 0;
  {
    std::vector<double> w(4 * p.modes);
    const Rows<double> r = rows_in(w.data(), p.modes);
    smeared_row(p, mem.y[s1_at(p.modes)], r.beta1, r.dbeta1);
    smeared_row(p, mem.y[s2_at(p.modes)], r.beta2, r.dbeta2);
    for (int m = 0; m < p.modes; ++m) {
      free_rate += r.beta1[m] * (dy[ad_at(p.modes) + m] + c.lambda * r.beta1[m]) -
                   p.F * r.beta2[m] * (dy[bd_at(p.modes) + m] - c.lambda * p.F * r.beta2[m]);
    }
  }
  std::printf("constraint rate with lambda %.3e, without %.3e (lambda %.4f)\n", rate, free_rate, c.lambda);
  EXPECT_LT(std::fabs(rate), 1e-8);
  EXPECT_GT(std::fabs(free_rate), 1e-3);
}

TEST(RollingModel, ProjectionIsMassOrthogonalAndIdempotent) {
  Member mem = generic(Ends::periodic, 1.3, 0.4, 0.9);
  const Params<double>& p = mem.p;
  EXPECT_GT(std::fabs(mem.constraint()), 1e-3);
  const std::vector<double> before = mem.y;
  std::vector<double> rows(4 * p.modes);
  ASSERT_TRUE(project_velocities(p, mem.y.data(), rows_in(rows.data(), p.modes)));
  EXPECT_LT(std::fabs(mem.constraint()), 1e-15 * mem.speed_scale());
  // The change lies along the constraint row (beta1, -F beta2): orthogonal to every velocity that satisfies it,
  // i.e. the projection is the closest admissible velocity in the modal (identity) mass.
  const Rows<double> w = rows_in(rows.data(), p.modes);
  double ratio = 0;
  for (int m = 0; m < p.modes; ++m) {
    if (std::fabs(w.beta1[m]) < 1e-3) continue;
    const double k = (mem.y[ad_at(p.modes) + m] - before[ad_at(p.modes) + m]) / w.beta1[m];
    if (ratio == 0) ratio = k;
    EXPECT_NEAR(k, ratio, 1e-12 * std::fabs(ratio));
  }
  for (int m = 0; m < p.modes; ++m) {
    EXPECT_NEAR(mem.y[bd_at(p.modes) + m] - before[bd_at(p.modes) + m], -ratio * p.F * w.beta2[m], 1e-15);
  }
  const std::vector<double> once = mem.y;
  project_velocities(p, mem.y.data(), rows_in(rows.data(), p.modes));
  for (std::size_t j = 0; j < once.size(); ++j) EXPECT_NEAR(mem.y[j], once[j], 1e-16);
}

/// The periodic case of the paper: identical strings (F = 1, G1 = G2 = G), s1 = s2 = s(0). P = a + b is free:
/// P_m(t) = P_m(0) cos(Omega t) + P'_m(0) sin(Omega t) / Omega; s follows s' = (G/2) beta(s).P'(t).
struct PeriodicRun {
  double p_error = 0, s_error = 0, constraint = 0, energy_drift = 0, s_gap = 0;
};

PeriodicRun periodic_run(double dt, double T) {
  Params<double> p = strings(Ends::periodic, 17, 0.25);
  p.G1 = p.G2 = 0.8;
  Member mem(p);
  const int K = p.modes;
  // u and v: a few harmonics with velocities (v differs, so the constraint force is active).
  const double amp[] = {0.0, 0.4, 0.0, 0.1, 0.25, 0.0, 0.05};
  for (int m = 0; m < 7; ++m) {
    mem.y[a_at(K) + m] = amp[m];
    mem.y[b_at(K) + m] = 0.5 * amp[(m + 2) % 7];
    mem.y[ad_at(K) + m] = 0.3 * amp[(m + 1) % 7];
    mem.y[bd_at(K) + m] = -0.2 * amp[(m + 3) % 7];
  }
  mem.y[s1_at(K)] = mem.y[s2_at(K)] = 1.3;
  std::vector<double> rows(4 * K);
  project_velocities(p, mem.y.data(), rows_in(rows.data(), K));
  std::vector<double> P0(K), dP0(K);
  for (int m = 0; m < K; ++m) {
    P0[m] = mem.y[a_at(K) + m] + mem.y[b_at(K) + m];
    dP0[m] = mem.y[ad_at(K) + m] + mem.y[bd_at(K) + m];
  }
  auto P_rate = [&](int m, double t) {
    const double w = p.c * wavenumber(p, m);
    return w == 0 ? dP0[m] : -P0[m] * w * std::sin(w * t) + dP0[m] * std::cos(w * t);
  };
  // The reduced ODE by RK4 with a step far below dt: its own error is negligible here.
  auto s_rate = [&](double s, double t) {
    std::vector<double> beta(K), dbeta(K);
    smeared_row(p, s, beta.data(), dbeta.data());
    double v = 0;
    for (int m = 0; m < K; ++m) v += beta[m] * P_rate(m, t);
    return 0.5 * p.G1 * v;
  };
  double s = mem.y[s1_at(K)];
  const int fine = 20000;
  const double h = T / fine;
  for (int k = 0; k < fine; ++k) {
    const double t = k * h;
    const double k1 = s_rate(s, t), k2 = s_rate(s + 0.5 * h * k1, t + 0.5 * h);
    const double k3 = s_rate(s + 0.5 * h * k2, t + 0.5 * h), k4 = s_rate(s + h * k3, t + h);
    s += h * (k1 + 2 * k2 + 2 * k3 + k4) / 6;
  }
  s -= p.L * std::floor(s / p.L);
  const double E0 = energy(p, mem.y.data()).total();
  PeriodicRun out;
  const auto steps = static_cast<std::int64_t>(std::llround(T / dt));
  for (std::int64_t k = 0; k < steps; ++k) {
    EXPECT_EQ(mem.advance(dt, 1).status, status_ok);
    out.constraint = std::max(out.constraint, std::fabs(mem.constraint()) / mem.speed_scale());
    out.s_gap = std::max(out.s_gap, std::fabs(mem.y[s1_at(K)] - mem.y[s2_at(K)]));
  }
  for (int m = 0; m < K; ++m) {
    const double w = p.c * wavenumber(p, m);
    const double exact = w == 0 ? P0[m] + dP0[m] * T : P0[m] * std::cos(w * T) + dP0[m] * std::sin(w * T) / w;
    out.p_error = std::max(out.p_error, std::fabs(mem.y[a_at(K) + m] + mem.y[b_at(K) + m] - exact));
  }
  double ds = mem.y[s1_at(K)] - s;
  ds -= p.L * std::floor(ds / p.L + 0.5);
  out.s_error = std::fabs(ds);
  out.energy_drift = std::fabs(energy(p, mem.y.data()).total() - E0) / E0;
  return out;
}

TEST(RollingModel, PeriodicCaseFollowsFreeWaveAndReducedOdeAtRk4Order) {
  const double T = 6.0;
  const double dts[] = {0.04, 0.02, 0.01};
  PeriodicRun runs[3];
  for (int k = 0; k < 3; ++k) runs[k] = periodic_run(dts[k], T);
  for (int k = 0; k < 3; ++k) {
    std::printf("dt %.3f: |P - P_exact| %.3e, |s - s_ode| %.3e, energy drift %.3e, constraint %.1e, |s1 - s2| %.1e\n",
                dts[k], runs[k].p_error, runs[k].s_error, runs[k].energy_drift, runs[k].constraint, runs[k].s_gap);
  }
  const double p_order = std::log2(runs[1].p_error / runs[2].p_error);
  const double s_order = std::log2(runs[1].s_error / runs[2].s_error);
  const double e_order = std::log2(runs[1].energy_drift / runs[2].energy_drift);
  std::printf("orders: P %.2f, s %.2f, energy %.2f\n", p_order, s_order, e_order);
  EXPECT_GT(p_order, 3.6);
  EXPECT_GT(s_order, 3.6);
  EXPECT_GT(e_order, 3.6);
  EXPECT_LT(runs[2].p_error, 1e-6);
  // s1 - s2 is constant in the continuous system (s1' - s2' = G times the constraint); RK4's inner stages meet
  // the constraint only to the scheme's order, so the discrete gap is an integration error, of order 4.
  const double gap_order = std::log2(runs[1].s_gap / runs[2].s_gap);
  std::printf("max |s1 - s2|: order %.2f\n", gap_order);
  EXPECT_GT(gap_order, 3.6);
  EXPECT_LT(runs[2].s_gap, 1e-9);
  for (const auto& r : runs) EXPECT_LT(r.constraint, 1e-14);  // round-off, after every step
}

TEST(RollingModel, FixedEndsWithEqualContactPointsStayTogether) {
  // docs/models/rolling.md: with fixed ends, s1(0) = s2(0), F = 1 and G1 = G2 decouple as in the periodic case. The gap
  // is RK4's error (see above): it must fall at the scheme's order.
  auto gap_at = [](double dt) {
    Params<double> p = strings(Ends::fixed, 32, 0.3);
    p.G1 = p.G2 = 1.0;
    Member mem(p);
    mem.y[a_at(p.modes) + 1] = std::sqrt(pi);  // u(x, 0) = sin x: mode k = 2 of sin(k pi x / 2 pi)
    mem.y[s1_at(p.modes)] = mem.y[s2_at(p.modes)] = 2.5;
    double gap = 0;
    for (std::int64_t k = 0; k < std::llround(8.0 / dt); ++k) {
      EXPECT_EQ(mem.advance(dt, 1).status, status_ok);
      gap = std::max(gap, std::fabs(mem.y[s1_at(p.modes)] - mem.y[s2_at(p.modes)]));
    }
    EXPECT_GT(std::fabs(mem.y[s1_at(p.modes)] - 2.5), 1e-3);  // they did move
    return gap;
  };
  const double coarse = gap_at(0.02), fine = gap_at(0.01);
  std::printf("fixed ends, max |s1 - s2|: dt 0.02 %.3e, dt 0.01 %.3e, order %.2f\n", coarse, fine,
              std::log2(coarse / fine));
  EXPECT_GT(std::log2(coarse / fine), 3.5);
  EXPECT_LT(fine, 1e-8);
}

/// The paper's fixed-end case with the contact moving or frozen, with the Lyapunov twin.
Member paper_case(bool frozen, double T, double dt) {
  Params<double> p = strings(Ends::fixed, 32, 0.4);
  p.G1 = p.G2 = 1.0;
  p.frozen = frozen ? 1 : 0;
  p.lyapunov = 1;
  p.renorm_steps = 10;
  Member mem(p);
  mem.twin.assign(mem.y.size(), 0.0);
  mem.y[a_at(p.modes) + 1] = std::sqrt(pi);
  mem.y[s1_at(p.modes)] = 2.1;
  mem.y[s2_at(p.modes)] = 3.7;
  const Outcome out = mem.advance(dt, std::llround(T / dt));
  EXPECT_EQ(out.status, status_ok);
  return mem;
}

TEST(RollingModel, FrozenContactIsLinearAndItsExponentDecaysWithRunLength) {
  const double dt = 0.02;
  const Member short_run = paper_case(true, 100, dt), long_run = paper_case(true, 400, dt);
  EXPECT_EQ(short_run.y[s1_at(32)], 2.1);
  EXPECT_EQ(short_run.y[s2_at(32)], 3.7);
  const double l_short = short_run.log_sum / 100, l_long = long_run.log_sum / 400;
  const Member moving = paper_case(false, 400, dt);
  std::printf("frozen: lambda_max(T=100) %.4f, (T=400) %.4f; moving contact (T=400) %.4f\n", l_short, l_long,
              moving.log_sum / 400);
  // A linear system's separation grows at most polynomially: the finite-T estimate falls like log(T)/T.
  EXPECT_LT(std::fabs(l_long), std::fabs(l_short));
  EXPECT_LT(std::fabs(l_long), 0.05);
  EXPECT_TRUE(std::isfinite(moving.log_sum));
}

TEST(RollingModel, SignalIsRecordedAtSampleSteps) {
  Params<double> p = strings(Ends::fixed, 8, 0.6);
  p.harmonic = 2;
  p.sample_steps = 5;
  Member mem(p);
  mem.signal.assign(5, -1.0);  // steps 0, 5, 10, 15, 20
  mem.y[a_at(8) + 1] = 1.0;
  mem.y[s1_at(8)] = 1.0;
  mem.y[s2_at(8)] = 4.0;
  std::vector<double> expected;
  for (int k = 0; k < 20; ++k) {
    if (k % 5 == 0) expected.push_back(mem.y[a_at(8) + 1]);
    mem.advance(0.05, 1);
  }
  expected.push_back(mem.y[a_at(8) + 1]);
  ASSERT_EQ(expected.size(), mem.signal.size());
  for (std::size_t k = 0; k < expected.size(); ++k) EXPECT_EQ(mem.signal[k], expected[k]) << k;
}

TEST(RollingModel, ContactLeavingAFixedStringIsSingularAndBlowUpIsDiverged) {
  Params<double> p = strings(Ends::fixed, 16, 0.3);
  // In the continuous system a contact point slows to rest at a fixed end (the string's velocity vanishes
  // there); a step that is too long for the contact speed G u_t can still carry it off the string.
  p.G1 = p.G2 = -5000.0;
  Member mem(p);
  mem.y[ad_at(16)] = mem.y[bd_at(16)] = 2.0;
  mem.y[s1_at(16)] = mem.y[s2_at(16)] = 0.3;
  const Outcome out = mem.advance(0.01, 2000);
  EXPECT_EQ(out.status, status_singular);
  EXPECT_LT(out.steps, 2000);
  // Both contact points at an end: the constraint row vanishes.
  Member ends(strings(Ends::fixed, 16, 0.3));
  ends.y[ad_at(16)] = 1.0;
  EXPECT_EQ(ends.advance(0.01, 1).status, status_singular);

  Params<double> q = strings(Ends::fixed, 16, 0.3);
  q.divergence_bound = 1e-3;
  Member big(q);
  big.y[a_at(16)] = 0.5;
  big.y[s1_at(16)] = 1.0;
  big.y[s2_at(16)] = 2.0;
  EXPECT_EQ(big.advance(0.01, 10).status, status_diverged);
}

}  // namespace
}  // namespace rodswarm::rolling
