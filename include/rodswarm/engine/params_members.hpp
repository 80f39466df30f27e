/// @file params_members.hpp
/// A model's Params<Real> lists its members once, `using Members = MemberList<&Params::n, ...>`, in declaration
/// order; what walks a model's parameters member by member is written once, here: the conversion between
/// precisions (the job keeps float64, a float32 run gets a copy). A member left out of the list keeps its default in
/// the copy, so the list names every member.
#pragma once

#include <cstddef>
#include <type_traits>

namespace rodswarm {

template <auto... Members>
struct MemberList {};

namespace params_detail {

template <class T, class = void>
struct HasMembers : std::false_type {};
template <class T>
struct HasMembers<T, std::void_t<typename T::Members>> : std::true_type {};

template <class To, class From, auto... ToMembers, auto... FromMembers>
void assign_members(To& to, const From& from, MemberList<ToMembers...>, MemberList<FromMembers...>);

/// A member that is itself a Params with a member list (a two-rod model's rods) converts member by member.
template <class T, class U>
void assign(T& to, const U& from) {
  if constexpr (HasMembers<T>::value) {
    assign_members(to, from, typename T::Members{}, typename U::Members{});
  } else {
    to = static_cast<T>(from);
  }
}
template <class T, class U, std::size_t N>
void assign(T (&to)[N], const U (&from)[N]) {
  for (std::size_t k = 0; k < N; ++k) to[k] = static_cast<T>(from[k]);
}

template <class To, class From, auto... ToMembers, auto... FromMembers>
void assign_members(To& to, const From& from, MemberList<ToMembers...>, MemberList<FromMembers...>) {
  static_assert(sizeof...(ToMembers) == sizeof...(FromMembers), "one member list, two precisions");
  (assign(to.*ToMembers, from.*FromMembers), ...);
}

}  // namespace params_detail

/// A model's parameters in precision To.
template <class To, template <class> class Params, class From>
Params<To> convert_params(const Params<From>& from) {
  Params<To> to{};
  params_detail::assign_members(to, from, typename Params<To>::Members{}, typename Params<From>::Members{});
  return to;
}

}  // namespace rodswarm
