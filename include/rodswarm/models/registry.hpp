/// @file registry.hpp
/// The models rodswarm is built with: one line per model. From this list come config dispatch by `model`, every
/// CLI verb, bench rows, validate's estimates, compare, the backend factory and the typed test suites. Adding a
/// model is adding its files, its name to RODSWARM_MODELS (CMakeLists.txt) and its type here (ARCHITECTURE.md,
/// "Adding a model").
#pragma once

#include <cstring>

#include "rodswarm/engine/type_list.hpp"
#include "rodswarm/model_list.hpp"  // generated from RODSWARM_MODELS: every model's <model>_model.hpp

namespace rodswarm {

using Models =
    TypeList<greenspan::Model, nishinari::Model, cosserat::Model, rolling::Model, se3rod::Model, rodpair::Model>;

namespace registry_detail {
constexpr const char* built_names[] = {RODSWARM_MODEL_NAMES};
constexpr bool same(const char* a, const char* b) { return *a == *b && (*a == '\0' || same(a + 1, b + 1)); }
template <class... Ms>
constexpr bool matches(TypeList<Ms...>) {
  if (sizeof...(Ms) != sizeof(built_names) / sizeof(built_names[0])) return false;
  int k = 0;
  bool all = true;
  ((all = all && same(Ms::name, built_names[k++])), ...);
  return all;
}
}  // namespace registry_detail
static_assert(registry_detail::matches(Models{}),
              "the registry's Models must list the models of RODSWARM_MODELS (CMakeLists.txt), in the same order");

}  // namespace rodswarm
