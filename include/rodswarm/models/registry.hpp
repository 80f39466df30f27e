/// @file registry.hpp
/// The models rodswarm is built with. From this list come config dispatch by `model`, every CLI verb, bench rows,
/// validate's estimates, compare, the backend factory and the typed test suites. The list is generated from
/// RODSWARM_MODELS (CMakeLists.txt), so adding a model is adding its files and its name there (ARCHITECTURE.md,
/// "Adding a model"); the model's namespace is its name and its trait `<name>::Model`.
#pragma once

#include "rodswarm/engine/type_list.hpp"
#include "rodswarm/model_list.hpp"  // generated: every model's <model>_model.hpp and RODSWARM_MODEL_TYPES

namespace rodswarm {

using Models = TypeList<RODSWARM_MODEL_TYPES>;

namespace registry_detail {
constexpr const char* built_names[] = {RODSWARM_MODEL_NAMES};
constexpr bool same(const char* a, const char* b) { return *a == *b && (*a == '\0' || same(a + 1, b + 1)); }
template <class... Ms>
constexpr bool named_as_listed(TypeList<Ms...>) {
  int k = 0;
  bool all = true;
  ((all = all && same(Ms::name, built_names[k++])), ...);
  return all;
}
}  // namespace registry_detail
// A model's results, configs and CLI say Model::name; the build found its files by its RODSWARM_MODELS name.
static_assert(registry_detail::named_as_listed(Models{}),
              "each model's Model::name must be its name in RODSWARM_MODELS (CMakeLists.txt)");

}  // namespace rodswarm
