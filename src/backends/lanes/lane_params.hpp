/// @file lane_params.hpp
/// A model's parameters across the lanes of a pack, walked member by member through Params::Members
/// (engine/params_members.hpp), so that no model writes this: Params<Pack> holds lane l's value of every Real
/// member (and of every Real array) in lane l; every other member (sizes, schemes, switches) must be the same for
/// all lanes, and uniform_key() is what members sharing a pack must agree on.
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>

#include "rodswarm/engine/params_members.hpp"

namespace rodswarm::lanes {

/// Whether a parameter member of type T varies by lane (a Real, or an array of Reals).
template <class Real, class T>
inline constexpr bool per_lane = std::is_same_v<std::remove_all_extents_t<T>, Real>;

namespace detail {

template <class Real, class T>
void append_uniform(std::string& key, const T& value) {
  if constexpr (!per_lane<Real, T>) {
    static_assert(std::is_trivially_copyable_v<T>, "a uniform parameter is compared by its bytes");
    key.append(reinterpret_cast<const char*>(&value), sizeof(T));
  }
}

}  // namespace detail

/// The bytes of every member of `p` that must agree across a pack's lanes.
template <class Real, template <class> class Params, auto... Ms>
void append_uniform_key(std::string& key, const Params<Real>& p, MemberList<Ms...>) {
  (detail::append_uniform<Real>(key, p.*Ms), ...);
}

template <class Real, template <class> class Params>
std::string uniform_key(const Params<Real>& p) {
  std::string key;
  append_uniform_key<Real>(key, p, typename Params<Real>::Members{});
  return key;
}

namespace detail {

/// One member of Params<Pack> from the same member of W lanes' Params<Real>.
template <class Pack, class Real, class To, class From, class P>
void gather_one(To& to, const P* const* lanes, int width, From P::*member) {
  using T = From;
  if constexpr (std::is_same_v<T, Real>) {
    for (int l = 0; l < width; ++l) to[static_cast<std::size_t>(l)] = lanes[l]->*member;
  } else if constexpr (std::is_array_v<T> && per_lane<Real, T>) {
    static_assert(std::rank_v<T> == 1, "one-dimensional arrays of Reals only");
    for (std::size_t k = 0; k < std::extent_v<T>; ++k)
      for (int l = 0; l < width; ++l) to[k][static_cast<std::size_t>(l)] = (lanes[l]->*member)[k];
  } else if constexpr (std::is_array_v<T>) {
    for (std::size_t k = 0; k < std::extent_v<T>; ++k) to[k] = (lanes[0]->*member)[k];
  } else {
    to = lanes[0]->*member;
  }
}

template <class Pack, class Real, class PP, class P, auto... To, auto... From>
void gather_all(PP& to, const P* const* lanes, int width, MemberList<To...>, MemberList<From...>) {
  static_assert(sizeof...(To) == sizeof...(From), "one member list, two types");
  (gather_one<Pack, Real>(to.*To, lanes, width, From), ...);
}

}  // namespace detail

/// Params<Pack> whose lane l holds lanes[l]'s values (lanes[0]'s for the uniform members).
template <class Pack, class Real, template <class> class Params>
Params<Pack> gather_params(const Params<Real>* const* lanes, int width) {
  Params<Pack> to{};
  detail::gather_all<Pack, Real>(to, lanes, width, typename Params<Pack>::Members{}, typename Params<Real>::Members{});
  return to;
}

}  // namespace rodswarm::lanes
