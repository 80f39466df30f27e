/// @file cosserat_ensemble.hpp
/// Structure-of-arrays storage of a Cosserat ensemble and the trivially copyable view backends and kernels take
/// by value.
///
/// Member i has R = params[i].rods rods of N = params[i].n elements each, and owns
///   nodes     [node_offset[i], node_offset[i+1])          R (N+1): x, v (3 each, xyz interleaved)
///   elements  [element_offset[i], element_offset[i+1])    R N: Q (9, row-major, rows = directors d1 d2 d3),
///                                                          w (3, body), growth g (1), rest_length0 l^_i(0) (1),
///                                                          radius (1), rest_sigma (3, body)
///   Voronoi   [voronoi_offset[i], voronoi_offset[i+1])    R (N-1): rest_kappa kappa^_k(0) (3, body)
///   rods      [rod_offset[i], rod_offset[i+1])            R: clamp (24: x_c0 3, Q_c0 9, x_c1 3, Q_c1 9), the
///                                                          clamp positions and frames at t = 0 of both ends
/// The rest strains are those of the discrete rest configuration (note pitfall 3), computed by the config layer.
/// Time is steps_done * dt: growth laws and prescribed end motion read it from there.
#pragma once

#include <cstdint>
#include <vector>

#include "rodswarm/common.hpp"
#include "rodswarm/models/cosserat_params.hpp"

namespace rodswarm::cosserat {

template <class Real>
struct EnsembleView {
  std::int64_t members;
  const std::int64_t* node_offset;     ///< members + 1
  const std::int64_t* element_offset;  ///< members + 1
  const std::int64_t* voronoi_offset;  ///< members + 1
  const std::int64_t* rod_offset;      ///< members + 1
  const Params<Real>* params;          ///< members
  const Real* dt;                      ///< members
  const Real* rest_length0;            ///< 1 per element
  const Real* radius;                  ///< 1 per element
  const Real* rest_sigma;              ///< 3 per element
  const Real* rest_kappa;              ///< 3 per Voronoi point
  const Real* clamp;                   ///< 24 per rod
  Real* x;                             ///< 3 per node
  Real* v;                             ///< 3 per node
  Real* Q;                             ///< 9 per element
  Real* w;                             ///< 3 per element
  Real* growth;                        ///< 1 per element
  std::int64_t* steps_done;            ///< members
  std::uint8_t* status;                ///< members: MemberStatus
};

template <class Real>
struct Ensemble {
  std::vector<std::int64_t> node_offset{0}, element_offset{0}, voronoi_offset{0}, rod_offset{0};
  std::vector<Params<Real>> params;
  std::vector<Real> dt;
  std::vector<Real> rest_length0, radius, rest_sigma, rest_kappa, clamp;
  std::vector<Real> x, v, Q, w, growth;
  std::vector<std::int64_t> steps_done;
  std::vector<std::uint8_t> status;

  std::int64_t members() const { return static_cast<std::int64_t>(params.size()); }
  std::int64_t nodes() const { return node_offset.back(); }
  std::int64_t elements() const { return element_offset.back(); }
  int max_nodes() const {
    std::int64_t m = 0;
    for (std::size_t i = 0; i + 1 < node_offset.size(); ++i)
      m = node_offset[i + 1] - node_offset[i] > m ? node_offset[i + 1] - node_offset[i] : m;
    return static_cast<int>(m);
  }

  /// Appends one member. With R = p.rods, N = p.n: x0, v0 hold 3 R(N+1) values; Q0 9 RN; w0 3 RN; l0 and r0
  /// RN; sigma0 3 RN; kappa0 3 R(N-1); clamp0 24 R. Growth starts at g = 1.
  void add(const Params<Real>& p, Real member_dt, const Real* x0, const Real* v0, const Real* Q0, const Real* w0,
           const Real* l0, const Real* r0, const Real* sigma0, const Real* kappa0, const Real* clamp0) {
    const std::int64_t R = p.rods, N = p.n;
    params.push_back(p);
    dt.push_back(member_dt);
    x.insert(x.end(), x0, x0 + 3 * R * (N + 1));
    v.insert(v.end(), v0, v0 + 3 * R * (N + 1));
    Q.insert(Q.end(), Q0, Q0 + 9 * R * N);
    w.insert(w.end(), w0, w0 + 3 * R * N);
    growth.insert(growth.end(), static_cast<std::size_t>(R * N), Real(1));
    rest_length0.insert(rest_length0.end(), l0, l0 + R * N);
    radius.insert(radius.end(), r0, r0 + R * N);
    rest_sigma.insert(rest_sigma.end(), sigma0, sigma0 + 3 * R * N);
    rest_kappa.insert(rest_kappa.end(), kappa0, kappa0 + 3 * R * (N - 1));
    clamp.insert(clamp.end(), clamp0, clamp0 + clamp_size * R);
    node_offset.push_back(node_offset.back() + R * (N + 1));
    element_offset.push_back(element_offset.back() + R * N);
    voronoi_offset.push_back(voronoi_offset.back() + R * (N - 1));
    rod_offset.push_back(rod_offset.back() + R);
    steps_done.push_back(0);
    status.push_back(status_ok);
  }

  EnsembleView<Real> view() {
    return EnsembleView<Real>{members(),
                              node_offset.data(),
                              element_offset.data(),
                              voronoi_offset.data(),
                              rod_offset.data(),
                              params.data(),
                              dt.data(),
                              rest_length0.data(),
                              radius.data(),
                              rest_sigma.data(),
                              rest_kappa.data(),
                              clamp.data(),
                              x.data(),
                              v.data(),
                              Q.data(),
                              w.data(),
                              growth.data(),
                              steps_done.data(),
                              status.data()};
  }
};

}  // namespace rodswarm::cosserat
