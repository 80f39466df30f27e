/// @file schema.hpp
/// Schema<M>: what the generic config parser (parse_job.hpp) needs of model M, declared once. A model defines
/// every member below (none has a default, so no file can use one by mistake) as explicit specializations in its own
/// src/config/<model>_*.cpp files (the JSON reading in <model>_config.cpp, the numbers `vary` may address in
/// <model>_slots.cpp, the range checks and initial state in <model>_member.cpp, the rest in <model>_job.cpp, which
/// instantiates parse_job for it), and names its spec with RODSWARM_SCHEMA(M, Spec) in <model>_spec.hpp (below).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/param_doc.hpp"

#include "config/job.hpp"
#include "config/vary_slots.hpp"

namespace rodswarm {

/// Spec: the numeric content of a config, types checked, ranges not yet, every number `vary` may address a double
/// (sizes too: their integrality is checked per member). Spec::Member: one member built from a spec, ready for
/// Job::add_member.
template <class M>
struct SchemaTypes;

/// The sections a config of a model may have; those whose numbers `vary` may address; the keys that hold strings or
/// booleans (with everything below them); whether integrator.divergence_factor is a key (StepSpec).
struct SchemaKeys {
  std::vector<std::string> top_level, varied_sections, text;
  bool divergence_factor = true;
};

/// A warning about one member (a Member with `std::vector<ConfigNote> notes` has them gathered over the ensemble
/// by parse_job): `id` groups the same warning over many members, `text` says what and where.
struct ConfigNote {
  std::string id, text;
};

template <class M>
struct Schema {
  using Spec = typename SchemaTypes<M>::Spec;
  using Member = typename Spec::Member;

  static const SchemaKeys keys;
  /// The run settings into `job` (ranges checked: they are not varied), and the spec of the rest: unknown keys,
  /// missing required keys and wrong types are ConfigErrors naming the file and the key.
  static Spec parse(const nlohmann::json& config, const std::string& source, Job<M>& job);
  /// Every number of `spec` a vary key may address, in schema order.
  static void numbers(Spec& spec, const config_detail::NumberSlots& slots);
  /// Every range rule on `spec` (the first violation is a ConfigError naming the key), then the member's initial
  /// state. The integrator's numbers (StepSpec) are parse_job's: checked before, copied into the member after.
  static void build(const Spec& spec, const Job<M>& job, const std::string& source, Member& member);
  /// Job::add_member with the member's counts and arrays.
  static void add(Job<M>& job, const Member& member);

  /// Keys of this config that `vary` cannot address besides the text keys and the sections that are not varied
  /// (keys of another initial kind, of an absent section), checked in order.
  static std::vector<config_detail::Unvaried> unvaried(const Spec& spec);
  /// The model's parameter table as a user reads it (param_table.hpp: param_docs).
  static std::vector<ParamDoc> param_docs();
};

}  // namespace rodswarm

/// A model's spec type (SchemaTypes) and the declarations of Schema<Model>'s specializations, in namespace rodswarm
/// of the model's <model>_spec.hpp after the spec, so that every file of the model sees them before any definition and
/// before parse_job's instantiation uses them (in <model>_job.cpp): a use before the declaration is ill-formed, no
/// diagnostic required. A unit per file hid it; clang reports it where the model's files share a unit (RODSWARM_UNITY)
/// and its _job.cpp comes before its _member.cpp. Declared after its definition instead, GCC 12 dropped the definition
/// (undefined references at the link); `keys` is left out, as GCC takes `template <> const SchemaKeys
/// Schema<M>::keys;` for a second definition.
#define RODSWARM_SCHEMA(Model, SpecType)                                                            \
  template <>                                                                                       \
  struct SchemaTypes<Model> {                                                                       \
    using Spec = SpecType;                                                                          \
  };                                                                                                \
  template <>                                                                                       \
  Schema<Model>::Spec Schema<Model>::parse(const nlohmann::json&, const std::string&, Job<Model>&); \
  template <>                                                                                       \
  void Schema<Model>::numbers(Schema<Model>::Spec&, const config_detail::NumberSlots&);             \
  template <>                                                                                       \
  void Schema<Model>::build(const Schema<Model>::Spec&, const Job<Model>&, const std::string&,      \
                            Schema<Model>::Member&);                                                \
  template <>                                                                                       \
  void Schema<Model>::add(Job<Model>&, const Schema<Model>::Member&);                               \
  template <>                                                                                       \
  std::vector<config_detail::Unvaried> Schema<Model>::unvaried(const Schema<Model>::Spec&);         \
  template <>                                                                                       \
  std::vector<ParamDoc> Schema<Model>::param_docs();
