/// @file config_loader.hpp
/// Config files to jobs: reading JSON, applying `--set` overrides, strict validation of the schema of
/// ../../shared/design/PRODUCT.md and ensemble expansion into plain structs. The only code that sees JSON.
///
/// Every bad input throws ConfigError naming the file (or "--set"), the dotted key and what was expected.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/config_error.hpp"
#include "config/cosserat_job.hpp"
#include "config/greenspan_job.hpp"
#include "config/nishinari_job.hpp"
#include "config/rolling_job.hpp"

namespace rodswarm {

/// Reads and parses a JSON config file (strict JSON: no comments, no trailing commas, no duplicate keys).
/// Throws ConfigError(path, "", "cannot read file: <reason>") when the file cannot be read,
/// ConfigError(path, "", "invalid JSON at line L, column C: <detail>") when it does not parse, and
/// ConfigError(path, "<dotted key>", "duplicate key") when an object repeats a key.
nlohmann::json read_config_file(const std::string& path);

/// Applies one override "KEY=VALUE" to `config`. KEY is a dotted path with array indices ("params.m",
/// "initial.peak[1]", "ensemble.vary.params.m.linspace[2]"); missing object members along the path are created,
/// array indices must exist. VALUE is parsed as JSON ("0.2", "[1,2]", "true"); if that fails it is taken as a
/// string ("output.path=run.h5"). Throws ConfigError(source, KEY, ...) for a malformed assignment or a path that
/// cannot be followed (indexing an object, descending into a number, an index out of range).
void apply_override(nlohmann::json& config, const std::string& assignment, const std::string& source = "--set");

/// Validates a Greenspan config (`model` must be "greenspan") and expands its ensemble into members.
/// Unknown keys, wrong types and out-of-range values are ConfigErrors naming `source` and the dotted key; a value
/// that fails only for some ensemble members names the first failing member ("(member 3)").
///
/// `ensemble.vary` is either an object { KEY: SPEC, ... } or an array of one-key objects [{KEY: SPEC}, ...].
/// For grid, the first key varies slowest. JSON objects are unordered and nlohmann::json keeps keys sorted, so in
/// the object form "first" means first in byte-wise sorted order; the array form keeps the order written, and
/// both survive the round trip through the config stored in results files.
GreenspanJob parse_greenspan_job(const nlohmann::json& config, const std::string& source);

/// Validates a Nishinari config (`model` must be "nishinari"; schema at the top of nishinari_config.cpp) and expands
/// its ensemble into members, with the same error rules and `ensemble` semantics as parse_greenspan_job. Every
/// member's initial shape is converted to the Cartesian exchange state (positions, velocities, unit segment normals
/// perpendicular to their segments, spins), and the wall frames of clamped ends are filled from it.
NishinariJob parse_nishinari_job(const nlohmann::json& config, const std::string& source);

/// Validates a Cosserat config (`model` must be "cosserat"; schema at the top of cosserat_config.cpp) and expands its
/// ensemble into members, with the same error rules and `ensemble` semantics as parse_greenspan_job. Every member's
/// rest shape is built (straight, helix or points), its rest strains computed from the discrete rest configuration,
/// the initial state perturbed as asked and the clamp positions and frames taken from the initial state.
CosseratJob parse_cosserat_job(const nlohmann::json& config, const std::string& source);

/// Validates a rolling-contact config (`model` must be "rolling"; schema at the top of rolling_config.cpp) and
/// expands its ensemble into members, with the same error rules and `ensemble` semantics as parse_greenspan_job.
/// Every member's initial shapes are projected onto its K orthonormal basis functions
/// (docs/rolling_discretisation.md section 1), its analysis intervals converted to steps of its dt, and room made
/// for its harmonic signal; warnings that are not errors land in RollingJob::warnings.
RollingJob parse_rolling_job(const nlohmann::json& config, const std::string& source);

/// A job of any implemented model.
using AnyJob = std::variant<GreenspanJob, NishinariJob, CosseratJob, RollingJob>;

/// read_config_file(path), then each override in order, then dispatch on `model`: "greenspan" is parsed by
/// parse_greenspan_job, "nishinari" by parse_nishinari_job, "cosserat" by parse_cosserat_job, "rolling" by
/// parse_rolling_job; "se3rod" is known but not implemented yet; any other name gets the nearest model suggested. An
/// error caused by an overridden key is reported against "--set".
AnyJob load_any_job(const std::string& path, const std::vector<std::string>& overrides);

/// As load_any_job, for verbs that read greenspan configs only (steady): any other model, nishinari included, is a
/// ConfigError(path, "model", ...).
GreenspanJob load_job(const std::string& path, const std::vector<std::string>& overrides);

}  // namespace rodswarm
