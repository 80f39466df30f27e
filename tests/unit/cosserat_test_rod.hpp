/// @file cosserat_test_rod.hpp
/// Small builders for tests of the shared Cosserat physics: one straight rod along +z (directors = identity)
/// held in plain vectors, and a MemberIO pointing into it.
#pragma once

#include <vector>

#include "rodswarm/integrators/bead_loop.hpp"
#include "rodswarm/models/cosserat_stepper.hpp"

namespace rodswarm::cosserat::test {

template <class Real = double>
struct TestRod {
  Params<Real> p{};
  std::vector<Real> x, v, Q, w, g, l0, radius, sigma_hat, kappa_hat, clamp, work;

  /// n elements, length L, radius r; rest state straight along +z; clamps at the initial ends.
  TestRod(int n, Real L, Real r, Real E, Real G, Real rho, Real shear_coeff, int rods = 1) {
    p.n = n;
    p.rods = rods;
    p.E = E;
    p.G = G;
    p.rho = rho;
    p.shear_coeff = shear_coeff;
    p.divergence_bound = Real(1e6);
    const Shape s = shape_of(p);
    for (int q = 0; q < rods; ++q) {
      for (int j = 0; j <= n; ++j) x.insert(x.end(), {Real(q) * 4 * r, 0, L * Real(j) / Real(n)});
      for (int i = 0; i < n; ++i) Q.insert(Q.end(), {1, 0, 0, 0, 1, 0, 0, 0, 1});
      const Real c[24] = {Real(q) * 4 * r, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1,
                          Real(q) * 4 * r, 0, L, 1, 0, 0, 0, 1, 0, 0, 0, 1};
      clamp.insert(clamp.end(), c, c + 24);
    }
    v.assign(x.size(), 0);
    w.assign(3 * static_cast<std::size_t>(s.elements()), 0);
    g.assign(static_cast<std::size_t>(s.elements()), 1);
    l0.assign(static_cast<std::size_t>(s.elements()), L / Real(n));
    radius.assign(static_cast<std::size_t>(s.elements()), r);
    sigma_hat.assign(3 * static_cast<std::size_t>(s.elements()), 0);
    kappa_hat.assign(3 * static_cast<std::size_t>(s.voronoi()), 0);
  }

  MemberIO<Real> io() {
    return MemberIO<Real>{
        x.data(), v.data(),
        Q.data(), w.data(),
        g.data(), MemberData<Real>{&p, l0.data(), radius.data(), sigma_hat.data(), kappa_hat.data(), clamp.data()}};
  }

  Outcome advance(Real dt, std::int64_t first, std::int64_t steps) {
    work.assign(static_cast<std::size_t>(workspace_size(p.scheme, shape_of(p))), 0);
    return advance_member(io(), dt, first, steps, work.data(), SequentialLoop{});
  }
};

}  // namespace rodswarm::cosserat::test
