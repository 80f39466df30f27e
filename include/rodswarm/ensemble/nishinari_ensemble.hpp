/// @file nishinari_ensemble.hpp
/// Structure-of-arrays storage of a Nishinari ensemble in the Cartesian exchange form, and the trivially copyable
/// view that backends and kernels take by value.
///
/// Whatever formulation a backend integrates, the state it hands back at a save point is Cartesian: positions
/// and velocities of every bead (fixed ends included), the normal n_s and spin C_s of every segment. The
/// intrinsic formulation converts from it at the start of an advance and reconstructs it at the end.
///
/// Layout: member i owns beads [bead_offset[i], bead_offset[i+1]) and segments
/// [bead_offset[i] - i, bead_offset[i+1] - i - 1) (one fewer per member). r, v and normal hold xyz interleaved
/// (3 values per bead or segment), contiguous per member.
#pragma once

#include <cstdint>
#include <vector>

#include "rodswarm/common.hpp"
#include "rodswarm/models/nishinari_params.hpp"

namespace rodswarm::nishinari {

/// First segment of member i.
RODSWARM_HD inline std::int64_t segment_offset(const std::int64_t* bead_offset, std::int64_t i) {
  return bead_offset[i] - i;
}

template <class Real>
struct EnsembleView {
  std::int64_t members;
  const std::int64_t* bead_offset;  ///< members + 1
  const Params<Real>* params;       ///< members
  const Real* dt;                   ///< members
  Real* r;                          ///< 3 per bead
  Real* v;                          ///< 3 per bead
  Real* normal;                     ///< 3 per segment
  Real* spin;                       ///< 1 per segment: C_s
  std::int64_t* steps_done;         ///< members
  std::uint8_t* status;             ///< members: MemberStatus
};

template <class Real>
struct Ensemble {
  std::vector<std::int64_t> bead_offset{0};
  std::vector<Params<Real>> params;
  std::vector<Real> dt;
  std::vector<Real> r, v, normal, spin;
  std::vector<std::int64_t> steps_done;
  std::vector<std::uint8_t> status;

  std::int64_t members() const { return static_cast<std::int64_t>(params.size()); }
  std::int64_t beads() const { return bead_offset.back(); }
  std::int64_t segments() const { return beads() - members(); }
  int max_n() const {
    int n = 0;
    for (const auto& p : params) n = p.n > n ? p.n : n;
    return n;
  }

  /// Appends one member: r0, v0 hold 3 n values, normal0 3 (n-1), spin0 n-1.
  void add(const Params<Real>& p, Real member_dt, const Real* r0, const Real* v0, const Real* normal0,
           const Real* spin0) {
    params.push_back(p);
    dt.push_back(member_dt);
    r.insert(r.end(), r0, r0 + 3 * p.n);
    v.insert(v.end(), v0, v0 + 3 * p.n);
    normal.insert(normal.end(), normal0, normal0 + 3 * (p.n - 1));
    spin.insert(spin.end(), spin0, spin0 + (p.n - 1));
    bead_offset.push_back(bead_offset.back() + p.n);
    steps_done.push_back(0);
    status.push_back(status_ok);
  }

  EnsembleView<Real> view() {
    return EnsembleView<Real>{members(), bead_offset.data(), params.data(), dt.data(),         r.data(),
                              v.data(),  normal.data(),      spin.data(),   steps_done.data(), status.data()};
  }
};

}  // namespace rodswarm::nishinari
