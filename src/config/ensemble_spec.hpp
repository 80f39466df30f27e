/// @file ensemble_spec.hpp
/// The `ensemble` section, model-independent: which keys vary and how (parse_ensemble_spec), and the values of
/// each key for every member (expand_columns). Which keys exist is the model's business (resolve_slot).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rodswarm::config_detail {

enum class EnsembleMode { grid, zip, random, lhs };

enum class Distribution {
  list,        ///< grid/zip: the explicit values (values, a plain array, linspace, logspace)
  uniform,     ///< random/lhs: uniform on [a, b]
  normal,      ///< random/lhs: mean a, standard deviation b
  loguniform,  ///< random/lhs: log-uniform on [a, b], 0 < a
};

/// One entry of `vary`.
struct VarySpec {
  std::string key;        ///< as the user wrote it ("initial.peak[1]")
  std::string error_key;  ///< where it sits, for messages ("ensemble.vary.initial.peak[1]")
  Distribution distribution = Distribution::list;
  std::vector<double> values;  ///< Distribution::list
  double a = 0, b = 0;         ///< the other distributions
};

struct EnsembleSpec {
  bool present = false;  ///< false: no `ensemble` section, one member
  EnsembleMode mode = EnsembleMode::grid;
  std::vector<VarySpec> vary;  ///< in grid order: first varies slowest
  std::int64_t members = 1;    ///< expanded size
  std::uint64_t seed = 0;
};

/// Largest ensemble accepted; beyond it the product of grid sizes would risk overflow long before memory ran out.
constexpr std::int64_t max_members = 1'000'000'000;

/// Longest list a vary key's linspace/logspace expands to, and the largest lhs design: each is held whole (a column
/// of 2^24 values is 128 MiB), so a count of 1e9 is refused instead of allocating 8 GB before any check.
constexpr std::int64_t max_list_values = std::int64_t{1} << 24;

/// Reads config["ensemble"] (absent: present = false, one member). Checks modes, spec shapes, list lengths (zip),
/// counts and the resulting size; throws ConfigError(source, key, ...).
EnsembleSpec parse_ensemble_spec(const nlohmann::json& config, const std::string& source);

/// The value of every vary key for every member: [key][member]. grid: Cartesian product in C order; zip: lists side
/// by side; random: member by member, keys in order, from one mt19937_64 seeded with `seed`; lhs: key by key, one
/// draw per stratum of [0, 1) and then a Fisher-Yates shuffle, mapped through the distribution's quantile.
std::vector<std::vector<double>> expand_columns(const EnsembleSpec& spec);

/// The values expand_columns gives the members `indices` (ascending), [key][k] for member indices[k], without a
/// column of every member for grid, zip and random (lhs shuffles a key's strata over all members: one key's column
/// at a time).
std::vector<std::vector<double>> expand_columns_at(const EnsembleSpec& spec, const std::vector<std::int64_t>& indices);

/// Members that represent the ensemble for an estimate (validate): for grid and zip `count` spread evenly, first
/// and last included, and the members where each integer key (integer[k]: it sets sizes, like params.n) takes each
/// of its values; for random and lhs (no integer key varies) the first `count`. Ascending, each once; all members
/// when there are at most `count`.
std::vector<std::int64_t> sample_members(const EnsembleSpec& spec, const std::vector<bool>& integer,
                                         std::int64_t count);

}  // namespace rodswarm::config_detail
