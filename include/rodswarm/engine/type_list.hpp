/// @file type_list.hpp
/// A list of types and the two things done with it: call something for every type, and call something for the
/// type whose `name` matches a string (config dispatch by `model`, CLI verbs, bench rows, test suites).
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>

namespace rodswarm {

template <class... Ts>
struct TypeList {
  static constexpr std::size_t size = sizeof...(Ts);
};

/// f(Type{}) for every type of the list, in order (each type must be default-constructible: models are tags).
template <class... Ts, class F>
void for_each_type(TypeList<Ts...>, F&& f) {
  (f(Ts{}), ...);
}

/// f(Type{}) for the type T of the list with T::name == name; returns false when none has that name.
template <class... Ts, class F>
bool with_type_named(TypeList<Ts...>, const std::string& name, F&& f) {
  bool found = false;
  ((!found && name == Ts::name ? (f(Ts{}), found = true) : false), ...);
  return found;
}

/// Whether T is one of the list's types.
template <class T, class... Ts>
constexpr bool contains(TypeList<Ts...>) {
  return (std::is_same_v<T, Ts> || ...);
}

}  // namespace rodswarm
