/// @file greenspan_ensemble.hpp
/// Structure-of-arrays storage of a Greenspan ensemble on the host, and the trivially copyable view of it that
/// backends and kernels take by value.
///
/// Layout: member i owns the moving beads [offset[i], offset[i+1]) of the arrays y and v (n_i = params[i].n
/// values each, contiguous per member so that a block or warp reads a member coalesced). Per-member scalars
/// (params, dt, steps, status) are arrays of length `members`.
#pragma once

#include <cstdint>
#include <vector>

#include "rodswarm/common.hpp"
#include "rodswarm/models/greenspan.hpp"
#include "rodswarm/models/greenspan_stepper.hpp"

namespace rodswarm::greenspan {

/// Non-owning view; the same struct describes host and device buffers.
template <class Real>
struct EnsembleView {
  std::int64_t members;
  const std::int64_t* offset;  ///< members + 1 bead offsets
  const Params<Real>* params;  ///< members
  const Real* dt;              ///< members: time step of each member
  Real* y;                     ///< offset[members] heights of the moving beads
  Real* v;                     ///< offset[members] velocities
  std::int64_t* steps_done;    ///< members: steps taken so far
  std::uint8_t* status;        ///< members: MemberStatus
};

/// Owning host storage.
template <class Real>
struct Ensemble {
  std::vector<std::int64_t> offset{0};
  std::vector<Params<Real>> params;
  std::vector<Real> dt;
  std::vector<Real> y, v;
  std::vector<std::int64_t> steps_done;
  std::vector<std::uint8_t> status;

  std::int64_t members() const { return static_cast<std::int64_t>(params.size()); }
  std::int64_t beads() const { return offset.back(); }
  int max_n() const {
    int n = 0;
    for (const auto& p : params) n = p.n > n ? p.n : n;
    return n;
  }

  /// Appends one member with its initial state (n heights and velocities).
  void add(const Params<Real>& p, Real member_dt, const Real* y0, const Real* v0) {
    params.push_back(p);
    dt.push_back(member_dt);
    y.insert(y.end(), y0, y0 + p.n);
    v.insert(v.end(), v0, v0 + p.n);
    offset.push_back(offset.back() + p.n);
    steps_done.push_back(0);
    status.push_back(status_ok);
  }

  EnsembleView<Real> view() {
    return EnsembleView<Real>{members(), offset.data(), params.data(),     dt.data(),
                              y.data(),  v.data(),      steps_done.data(), status.data()};
  }
};

}  // namespace rodswarm::greenspan
