/// @file ensemble.hpp
/// The structure-of-arrays ensemble of any model, from the model's declaration of its extents, fields and scalars
/// (engine/member_layout.hpp): host storage (Ensemble), the trivially copyable view backends and kernels take by
/// value (EnsembleView; the same struct describes host and device buffers), and one member's pointers (Member),
/// which is all a model's stepper sees.
///
/// Layout: extent e of member i holds items [offset[e][i], offset[e][i+1]); field f of extent e with c components
/// holds values [c offset[e][i], c offset[e][i+1]) of its buffer. Per-member scalars (params, dt, steps taken,
/// status, the model's float64 scalars) are arrays of length `members`.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "rodswarm/common.hpp"
#include "rodswarm/engine/hd_array.hpp"
#include "rodswarm/engine/member_layout.hpp"
#include "rodswarm/engine/params_members.hpp"
#include "rodswarm/lanes.hpp"

namespace rodswarm {

template <class M, class Real>
using ParamsOf = typename M::template Params<Real>;

template <class M>
inline constexpr int extent_count = static_cast<int>(M::extents.size());
template <class M>
inline constexpr int field_count = static_cast<int>(M::fields.size());
template <class M>
inline constexpr int scalar_count = static_cast<int>(M::scalars.size());

/// M::needs_field(f, params) where the model has optional fields; false otherwise.
template <class M, class = void>
struct HasNeedsField : std::false_type {};
template <class M>
struct HasNeedsField<M, std::void_t<decltype(&M::template needs_field<double>)>> : std::true_type {};
template <class M, class P>
bool model_needs_field(int f, const P& p) {
  if constexpr (HasNeedsField<M>::value) {
    return M::needs_field(f, p);
  } else {
    return false;
  }
}

/// Whether M has a Newton solver for the static equilibrium (M::newton_steady, M::steady, M::steady_workspace).
template <class M, class = void>
struct HasNewtonSteady : std::false_type {};
template <class M>
struct HasNewtonSteady<M, std::void_t<decltype(M::newton_steady)>> : std::bool_constant<M::newton_steady> {};

/// One member's arrays, as a model's stepper takes them. field[f] is null for an absent optional field.
template <class M, class Real>
struct Member {
  const ParamsOf<M, Real>* params;
  HdArray<Real*, field_count<M>> field;
  HdArray<std::int64_t, extent_count<M>> count;        ///< items of each extent
  HdArray<lane::Wide<Real>*, scalar_count<M>> scalar;  ///< float64 (a pack of float64 for a pack of members)
};

template <class M, class Real>
struct EnsembleView {
  std::int64_t members;
  const ParamsOf<M, Real>* params;
  const Real* dt;
  std::int64_t* steps_done;
  std::uint8_t* status;                                  ///< MemberStatus
  HdArray<const std::int64_t*, extent_count<M>> offset;  ///< members + 1 each
  HdArray<Real*, field_count<M>> field;                  ///< null for an absent optional field
  HdArray<double*, scalar_count<M>> scalar;

  /// Member i's pointers into this view's buffers.
  RODSWARM_HD Member<M, Real> member(std::int64_t i) const {
    Member<M, Real> m;
    m.params = params + i;
    for (int e = 0; e < extent_count<M>; ++e) m.count[e] = offset[e][i + 1] - offset[e][i];
    static_for<field_count<M>>([&](auto fc) {
      constexpr int f = decltype(fc)::value;
      constexpr FieldSpec spec = M::fields[f];
      m.field[f] = field[f] != nullptr ? field[f] + offset[spec.extent][i] * spec.components : nullptr;
    });
    for (int s = 0; s < scalar_count<M>; ++s) m.scalar[s] = scalar[s] + i;
    return m;
  }

  /// Steps member i still has to take toward target[i]; 0 for a member that stopped or is already there.
  RODSWARM_HD std::int64_t steps_to_do(const std::int64_t* target, std::int64_t i) const {
    if (status[i] != status_ok) return 0;
    const std::int64_t todo = target[i] - steps_done[i];
    return todo > 0 ? todo : 0;
  }
};

/// Owning host storage of an ensemble of model M in precision Real.
template <class M, class Real>
struct Ensemble {
  static constexpr int E = extent_count<M>, F = field_count<M>, S = scalar_count<M>;
  using Params = ParamsOf<M, Real>;

  std::vector<Params> params;
  std::vector<Real> dt;
  std::vector<std::int64_t> steps_done;
  std::vector<std::uint8_t> status;
  std::array<std::vector<std::int64_t>, E> offset;
  std::array<std::vector<Real>, F> field;
  std::array<std::vector<double>, S> scalar;

  Ensemble() {
    for (auto& o : offset) o.assign(1, 0);
  }

  std::int64_t members() const { return static_cast<std::int64_t>(params.size()); }
  /// Items of extent e that member i has.
  std::int64_t count(int e, std::int64_t i) const {
    const auto k = static_cast<std::size_t>(i);
    return offset[static_cast<std::size_t>(e)][k + 1] - offset[static_cast<std::size_t>(e)][k];
  }
  /// Items of extent e over all members.
  std::int64_t total(int e) const { return offset[static_cast<std::size_t>(e)].back(); }
  /// Largest count of extent e over the members.
  std::int64_t max_count(int e) const {
    std::int64_t m = 0;
    for (std::int64_t i = 0; i < members(); ++i) m = count(e, i) > m ? count(e, i) : m;
    return m;
  }
  /// First value of member i in field f.
  std::size_t at(int f, std::int64_t i) const {
    const FieldSpec& s = M::fields[static_cast<std::size_t>(f)];
    return static_cast<std::size_t>(offset[static_cast<std::size_t>(s.extent)][static_cast<std::size_t>(i)] *
                                    s.components);
  }
  Real* data(int f, std::int64_t i) { return field[static_cast<std::size_t>(f)].data() + at(f, i); }
  const Real* data(int f, std::int64_t i) const { return field[static_cast<std::size_t>(f)].data() + at(f, i); }

  void reserve(std::int64_t count) {
    const auto m = static_cast<std::size_t>(count);
    params.reserve(m);
    dt.reserve(m);
    steps_done.reserve(m);
    status.reserve(m);
    for (auto& o : offset) o.reserve(m + 1);
    for (auto& s : scalar) s.reserve(m);
  }

  /// Appends one member: counts[e] items of every extent, data[f] the values of every field that is not optional
  /// (counts[extent] x components each; nullptr: zeros; optional fields are sized by finish()), its scalars'
  /// initial values. Call finish() after the last add.
  void add(const Params& p, Real member_dt, const std::array<std::int64_t, E>& counts,
           const std::array<const Real*, F>& data, const std::array<double, S>& scalars = {}) {
    params.push_back(p);
    dt.push_back(member_dt);
    steps_done.push_back(0);
    status.push_back(status_ok);
    for (int f = 0; f < F; ++f) {
      const FieldSpec& s = M::fields[static_cast<std::size_t>(f)];
      if (s.optional) continue;
      const auto n = static_cast<std::size_t>(counts[static_cast<std::size_t>(s.extent)] * s.components);
      const Real* from = data[static_cast<std::size_t>(f)];
      auto& to = field[static_cast<std::size_t>(f)];
      if (from == nullptr) {
        to.insert(to.end(), n, Real(0));
      } else {
        to.insert(to.end(), from, from + n);
      }
    }
    for (int e = 0; e < E; ++e) {
      auto& o = offset[static_cast<std::size_t>(e)];
      o.push_back(o.back() + counts[static_cast<std::size_t>(e)]);
    }
    for (int k = 0; k < S; ++k) scalar[static_cast<std::size_t>(k)].push_back(scalars[static_cast<std::size_t>(k)]);
  }

  /// Appends member i of `from` (any precision) with its whole state, counters and status.
  template <class FromReal>
  void append_member(const Ensemble<M, FromReal>& from, std::int64_t i) {
    const auto k = static_cast<std::size_t>(i);
    params.push_back(convert_params<Real>(from.params[k]));
    dt.push_back(static_cast<Real>(from.dt[k]));
    steps_done.push_back(from.steps_done[k]);
    status.push_back(from.status[k]);
    for (int f = 0; f < F; ++f) {
      const auto& src = from.field[static_cast<std::size_t>(f)];
      if (src.empty()) continue;  // an absent optional field
      const FieldSpec& s = M::fields[static_cast<std::size_t>(f)];
      const std::size_t n = static_cast<std::size_t>(from.count(s.extent, i) * s.components);
      const std::size_t first = from.at(f, i);
      auto& to = field[static_cast<std::size_t>(f)];
      for (std::size_t q = 0; q < n; ++q) to.push_back(static_cast<Real>(src[first + q]));
    }
    for (int e = 0; e < E; ++e) {
      auto& o = offset[static_cast<std::size_t>(e)];
      o.push_back(o.back() + from.count(e, i));
    }
    for (int s = 0; s < S; ++s)
      scalar[static_cast<std::size_t>(s)].push_back(from.scalar[static_cast<std::size_t>(s)][k]);
  }

  /// Sizes the optional fields: zeroed for every member when some member needs them (M::needs_field), empty
  /// otherwise. Keeps a field already holding data for every member.
  void finish() {
    for (int f = 0; f < F; ++f) {
      const FieldSpec& s = M::fields[static_cast<std::size_t>(f)];
      if (!s.optional) continue;
      bool needed = false;
      for (const auto& p : params) needed = needed || model_needs_field<M>(f, p);
      const auto size = needed ? static_cast<std::size_t>(total(s.extent) * s.components) : 0;
      auto& v = field[static_cast<std::size_t>(f)];
      if (v.size() != size) v.assign(size, Real(0));
    }
  }

  /// Copies the fields the stepper writes, the scalars, steps and status from `from` (same shape).
  void copy_state_from(const Ensemble& from) {
    for (int f = 0; f < F; ++f) {
      if (M::fields[static_cast<std::size_t>(f)].role == FieldRole::state)
        field[static_cast<std::size_t>(f)] = from.field[static_cast<std::size_t>(f)];
    }
    scalar = from.scalar;
    steps_done = from.steps_done;
    status = from.status;
  }

  EnsembleView<M, Real> view() {
    EnsembleView<M, Real> v;
    v.members = members();
    v.params = params.data();
    v.dt = dt.data();
    v.steps_done = steps_done.data();
    v.status = status.data();
    for (int e = 0; e < E; ++e) v.offset[e] = offset[static_cast<std::size_t>(e)].data();
    for (int f = 0; f < F; ++f) {
      auto& data = field[static_cast<std::size_t>(f)];
      v.field[f] = data.empty() ? nullptr : data.data();
    }
    for (int s = 0; s < S; ++s) v.scalar[s] = scalar[static_cast<std::size_t>(s)].data();
    return v;
  }
  /// Member i's pointers into this ensemble (host code: diagnostics, records, compare).
  Member<M, Real> member(std::int64_t i) { return view().member(i); }
};

/// The ensemble in another precision: parameters through convert_params (params_members.hpp), arrays cast.
template <class To, class M, class From>
Ensemble<M, To> to_precision(const Ensemble<M, From>& in) {
  Ensemble<M, To> out;
  out.reserve(in.members());
  out.params.reserve(in.params.size());
  for (const auto& p : in.params) out.params.push_back(convert_params<To>(p));
  out.dt.assign(in.dt.begin(), in.dt.end());
  out.steps_done = in.steps_done;
  out.status = in.status;
  out.offset = in.offset;
  for (std::size_t f = 0; f < in.field.size(); ++f) out.field[f].assign(in.field[f].begin(), in.field[f].end());
  out.scalar = in.scalar;
  return out;
}

}  // namespace rodswarm
