/// @file lane_backend.hpp
/// The CPU lane backend, written once for every model whose physics is lane-generic (M::lanes, lanes.hpp): W
/// members advanced per instruction stream, Real a SIMD pack (std::experimental::native_simd<Real> of the
/// instruction set this file is compiled for: lane_backend_isa.cpp.in), W = 2 to 16.
///
/// Members sharing a pack agree on everything the stepper branches on outside a value (parameters that are not
/// Reals: sizes, schemes, switches; extent counts; steps done), so that a pack runs one instruction stream: they
/// are grouped by that key and, within a group, sorted by the steps they still have to take. A pack takes the
/// fewest steps any of its live lanes has left; a lane that is done, or diverged (the stepper returns after the
/// first step in which some lane failed, with that lane's status), is written back at once and becomes a ghost: a
/// copy of a live lane, whose results are discarded, so that it can neither stop the pack again nor waste its
/// step on a NaN. The members' results are those of the scalar path (CpuBackend) up to rounding: the same
/// operations per lane, with FMA contraction where the instruction set has it.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "backends/cpu_backend.hpp"
#include "backends/lanes/lane_isa.hpp"
#include "backends/lanes/lane_params.hpp"
#include "backends/member_loop.hpp"
#include "rodswarm/lanes.hpp"

namespace rodswarm {

/// M::lane_key(params): what else the members of a pack must agree on, where the model's passes branch on a
/// Real parameter as a whole (cosserat: whether there is contact at all).
template <class M, class = void>
struct HasLaneKey : std::false_type {};
template <class M>
struct HasLaneKey<M, std::void_t<decltype(&M::template lane_key<double>)>> : std::true_type {};

template <class M, class Real, class Pack>
class LaneBackend final : public CpuBackend<M, Real> {
  static constexpr int W = lane::width<Pack>;
  static constexpr int E = extent_count<M>, F = field_count<M>, S = scalar_count<M>;
  using Wide = lane::Wide<Pack>;

 public:
  explicit LaneBackend(LaneIsa isa) : isa_(isa) {}

  std::string description() const override {
    return "cpu (" + std::to_string(omp_get_max_threads()) + " OpenMP threads, " + lane_isa_name(isa_) +
           " lanes: " + std::to_string(W) + " x " + (sizeof(Real) == 8 ? "float64" : "float32") + ")";
  }

  /// Takes the ensemble and numbers, once, the classes of members that may share a pack (what the parameters
  /// that are not Reals, M::lane_key and the extent counts say): advance() then only sorts.
  void load(const Ensemble<M, Real>& ensemble) override {
    CpuBackend<M, Real>::load(ensemble);
    const auto view = this->ensemble_.view();
    std::map<std::string, std::int64_t> classes;
    pack_class_.assign(static_cast<std::size_t>(view.members), 0);
    for (std::int64_t i = 0; i < view.members; ++i) {
      std::string key = lanes::uniform_key(view.params[i]);
      if constexpr (HasLaneKey<M>::value) {
        const std::uint64_t extra = M::lane_key(view.params[i]);
        key.append(reinterpret_cast<const char*>(&extra), sizeof extra);
      }
      for (int e = 0; e < E; ++e) {
        const std::int64_t c = view.offset[e][i + 1] - view.offset[e][i];
        key.append(reinterpret_cast<const char*>(&c), sizeof c);
      }
      pack_class_[static_cast<std::size_t>(i)] =
          classes.emplace(std::move(key), static_cast<std::int64_t>(classes.size())).first->second;
    }
  }

  void advance(const std::vector<std::int64_t>& target) override {
    const auto view = this->ensemble_.view();
    // The running members by class, steps done (a pack's lanes share the time) and steps left; packs are runs of
    // W consecutive members with the same class and steps done.
    struct Entry {
      std::int64_t cls, done, left, member;
    };
    std::vector<Entry> running;
    for (std::int64_t i = 0; i < view.members; ++i) {
      const std::int64_t left = view.steps_to_do(target.data(), i);
      if (left > 0) running.push_back({pack_class_[static_cast<std::size_t>(i)], view.steps_done[i], left, i});
    }
    std::sort(running.begin(), running.end(), [](const Entry& a, const Entry& b) {
      return std::tie(a.cls, a.done, a.left, a.member) < std::tie(b.cls, b.done, b.left, b.member);
    });
    std::vector<std::vector<std::int64_t>> packs;
    for (std::size_t k = 0; k < running.size();) {
      std::vector<std::int64_t> pack;
      const std::size_t first = k;
      while (k < running.size() && static_cast<int>(pack.size()) < W && running[k].cls == running[first].cls &&
             running[k].done == running[first].done)
        pack.push_back(running[k++].member);
      packs.push_back(std::move(pack));
    }
    std::vector<std::int64_t> order(packs.size());
    for (std::size_t k = 0; k < packs.size(); ++k) order[k] = static_cast<std::int64_t>(k);
    this->last_loop_ = for_each_member<Real>(
        order, 0, [&](std::int64_t k, Real*) { advance_pack(view, target, packs[static_cast<std::size_t>(k)]); });
  }

 private:
  /// One pack's state and workspace, lane l holding member lane_of[l]'s values.
  struct PackState {
    std::array<std::int64_t, W> member{};  ///< member of each lane (a ghost keeps its last member's index)
    std::array<bool, W> live{};
    std::array<const ParamsOf<M, Real>*, W> params{};
    ParamsOf<M, Pack> pack_params{};
    Pack dt;
    std::array<std::vector<Pack>, F> field;
    std::array<Wide, S> scalar;
    std::vector<Pack> work;
  };

  void advance_pack(const EnsembleView<M, Real>& view, const std::vector<std::int64_t>& target,
                    const std::vector<std::int64_t>& members) {
    PackState s;
    const int used = static_cast<int>(members.size());
    for (int l = 0; l < W; ++l) {
      const auto u = static_cast<std::size_t>(l);
      s.member[u] = members[static_cast<std::size_t>(l < used ? l : 0)];
      s.live[u] = l < used;
      s.params[u] = view.params + s.member[u];
    }
    const Member<M, Real> first = view.member(s.member[0]);
    // Gather every field (inputs too: the stepper reads them per lane), the scalars, dt.
    for (int f = 0; f < F; ++f) {
      if (first.field[f] == nullptr) continue;
      const FieldSpec& spec = M::fields[static_cast<std::size_t>(f)];
      const auto n = static_cast<std::size_t>(first.count[spec.extent] * spec.components);
      auto& buf = s.field[static_cast<std::size_t>(f)];
      buf.resize(n);
      for (int l = 0; l < W; ++l) {
        const Real* from = view.member(s.member[static_cast<std::size_t>(l)]).field[f];
        for (std::size_t q = 0; q < n; ++q) buf[q][static_cast<std::size_t>(l)] = from[q];
      }
    }
    for (int k = 0; k < S; ++k)
      for (int l = 0; l < W; ++l)
        s.scalar[static_cast<std::size_t>(k)][static_cast<std::size_t>(l)] =
            view.scalar[k][s.member[static_cast<std::size_t>(l)]];
    for (int l = 0; l < W; ++l) s.dt[static_cast<std::size_t>(l)] = view.dt[s.member[static_cast<std::size_t>(l)]];
    s.pack_params = lanes::gather_params<Pack, Real>(s.params.data(), W);
    s.work.resize(static_cast<std::size_t>(std::max(M::sizes(*s.params[0]).workspace, 1)));

    Member<M, Pack> m;
    m.params = &s.pack_params;
    for (int e = 0; e < E; ++e) m.count[e] = first.count[e];
    for (int f = 0; f < F; ++f)
      m.field[f] = s.field[static_cast<std::size_t>(f)].empty() ? nullptr : s.field[static_cast<std::size_t>(f)].data();
    for (int k = 0; k < S; ++k) m.scalar[k] = &s.scalar[static_cast<std::size_t>(k)];

    std::int64_t done = view.steps_done[s.member[0]];
    const SequentialLoop loop;
    for (;;) {
      std::int64_t todo = -1;
      for (int l = 0; l < W; ++l) {
        if (!s.live[static_cast<std::size_t>(l)]) continue;
        const std::int64_t left = target[static_cast<std::size_t>(s.member[static_cast<std::size_t>(l)])] - done;
        todo = todo < 0 ? left : std::min(todo, left);
      }
      if (todo <= 0) break;
      const auto out = M::advance(m, s.dt, done, todo, s.work.data(), loop);
      done += out.steps;
      bool retired = false;
      for (int l = 0; l < W; ++l) {
        const auto u = static_cast<std::size_t>(l);
        if (!s.live[u]) continue;
        const std::int64_t i = s.member[u];
        view.steps_done[i] = done;
        if (out.status[u] != status_ok || done >= target[static_cast<std::size_t>(i)]) {
          view.status[i] = out.status[u];
          scatter(view, s, l);
          s.live[u] = false;
          retired = true;
        }
      }
      if (!retired) continue;
      const auto alive = std::find(s.live.begin(), s.live.end(), true);
      if (alive == s.live.end()) break;
      ghost(s, static_cast<int>(alive - s.live.begin()));
    }
  }

  /// Writes lane l's state fields and scalars back to its member.
  static void scatter(const EnsembleView<M, Real>& view, const PackState& s, int l) {
    const auto u = static_cast<std::size_t>(l);
    const Member<M, Real> to = view.member(s.member[u]);
    for (int f = 0; f < F; ++f) {
      if (M::fields[static_cast<std::size_t>(f)].role != FieldRole::state || to.field[f] == nullptr) continue;
      const auto& buf = s.field[static_cast<std::size_t>(f)];
      for (std::size_t q = 0; q < buf.size(); ++q) to.field[f][q] = buf[q][u];
    }
    for (int k = 0; k < S; ++k) *to.scalar[k] = s.scalar[static_cast<std::size_t>(k)][u];
  }

  /// Makes every retired lane a copy of live lane g: state, scalars, parameters and dt.
  static void ghost(PackState& s, int g) {
    const auto from = static_cast<std::size_t>(g);
    bool changed = false;
    for (int l = 0; l < W; ++l) {
      const auto u = static_cast<std::size_t>(l);
      if (s.live[u] || s.params[u] == s.params[from]) continue;
      for (auto& buf : s.field)
        for (auto& v : buf) v[u] = Real(v[from]);
      for (auto& v : s.scalar) v[u] = double(v[from]);
      s.dt[u] = Real(s.dt[from]);
      s.params[u] = s.params[from];
      changed = true;
    }
    if (changed) s.pack_params = lanes::gather_params<Pack, Real>(s.params.data(), W);
  }

  LaneIsa isa_;
  std::vector<std::int64_t> pack_class_;  ///< per member: the class of members it may share a pack with
};

}  // namespace rodswarm
