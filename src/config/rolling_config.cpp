/// @file rolling_config.cpp
/// JSON to RollingSpec and run settings: the shape of the rolling-contact schema (which keys, which types). Value
/// ranges that an ensemble can change are checked per member in rolling_member.cpp. The model:
/// docs/models/rolling.md; its discretisation (basis, smeared delta, analysis):
/// docs/rolling_discretisation.md.
/// The schema, for users: docs/config/rolling.md.
#include <climits>

#include "config/json_check.hpp"
#include "config/rolling_params.hpp"
#include "config/rolling_spec.hpp"
#include "config/run_settings_config.hpp"

namespace rodswarm {

namespace config_detail {
namespace {

const std::vector<std::string> initial_keys = {"u", "v", "u_t", "v_t", "s1", "s2"};
const std::vector<OutputField> output_fields = {
    {"positions", true}, {"velocities", false}, {"energy", true}, {"contact", true}, {"lyapunov", true}};
const Choices<rolling::Ends> end_choices{{rolling::Ends::fixed, "fixed"}, {rolling::Ends::periodic, "periodic"}};

RollingShape read_shape(const json& value, const std::string& prefix, const std::string& source) {
  RollingShape shape;
  std::vector<std::string> allowed;
  shape.kind = read_kind(value, prefix, source, rolling_shape_kinds, {}, allowed);
  const ObjectReader r(value, prefix, source, allowed);
  switch (shape.kind) {
    case RollingShapeKind::zero:
      break;
    case RollingShapeKind::sine:
      shape.amplitude = r.number_or("amplitude", 1.0);
      shape.k = r.number("k");
      break;
    case RollingShapeKind::modes:
      shape.coefficients = expect_number_list(r.required("coefficients"), r.key("coefficients"), source, 1);
      break;
    case RollingShapeKind::pluck:
      shape.amplitude = r.number_or("amplitude", 1.0);
      shape.at = r.number("at");
      break;
    case RollingShapeKind::gaussian:
      shape.amplitude = r.number_or("amplitude", 1.0);
      shape.center = r.number("center");
      shape.width = r.number("width");
      break;
    case RollingShapeKind::points:
      shape.values = expect_number_list(r.required("values"), r.key("values"), source, 2);
      break;
  }
  return shape;
}

/// The choice and switch of `params`; its numbers are the table's (rolling_params.hpp).
void read_ends_and_frozen(const ObjectReader& r, RollingSpec& spec) {
  spec.ends = r.choice_or("ends", end_choices, rolling::Ends::fixed);
  if (const json* frozen = r.optional("frozen")) {
    if (frozen->is_boolean()) {
      spec.frozen = frozen->get<bool>() ? 1.0 : 0.0;
    } else if (frozen->is_number()) {
      spec.frozen = expect_number(*frozen, r.key("frozen"), r.source());  // 0 or 1: checked per member
    } else {
      throw ConfigError(r.source(), r.key("frozen"), "expected a boolean (or 0 / 1), got " + type_phrase(*frozen));
    }
  }
}

void read_initial(const ObjectReader& r, RollingSpec& spec) {
  bool* given[4] = {&spec.has_u, &spec.has_v, &spec.has_ut, &spec.has_vt};
  for (int i = 0; i < 4; ++i) {
    if (const json* shape = r.optional(rolling_shape_names[i])) {
      rolling_shape(spec, i) = read_shape(*shape, r.key(rolling_shape_names[i]), r.source());
      *given[i] = true;
    }
  }
  spec.s1 = r.number("s1");
  spec.s2 = r.number("s2");
}

/// Precision, output (points included) and compare (reference_points, t_end included); the output field
/// "lyapunov" as the config's `analysis` allows (lyapunov_output).
void read_run_settings(const nlohmann::json& config, const std::string& source, const AnalysisSpec& analysis,
                       RollingJob& job) {
  // The shared reader knows path, save_every and fields (output) and tolerance and members (compare); the keys only
  // this model has are read here first, so that a misspelt key is matched against all of them, and then left out
  // of what the shared reader sees.
  json shared = json::object();
  for (const char* key : {"precision", "output", "compare"}) {
    if (const auto it = config.find(key); it != config.end()) shared[key] = *it;
  }
  if (const auto it = config.find("output"); it != config.end()) {
    const ObjectReader r(*it, "output", source, {"path", "save_every", "fields", "points"});
    const std::int64_t points = r.integer_or("points", job.points);
    if (points < 2 || points > (1 << 24)) {
      throw ConfigError(source, "output.points",
                        "must be an integer from 2 to 16777216 (samples of each string, ends included), got " +
                            std::to_string(points));
    }
    job.points = static_cast<int>(points);
    shared["output"].erase("points");
  }
  if (const auto it = config.find("compare"); it != config.end()) {
    const ObjectReader r(*it, "compare", source, {"tolerance", "members", "reference_points", "t_end"});
    const std::int64_t points = r.integer_or("reference_points", 0);
    if (points < 0 || points > INT_MAX) {
      throw ConfigError(source, "compare.reference_points",
                        "must be an integer >= 0 (0: automatic), got " + std::to_string(points));
    }
    job.reference_points = static_cast<int>(points);
    job.compare_t_end = r.number_or("t_end", 0.0);
    if (!(job.compare_t_end >= 0)) {
      throw ConfigError(
          source, "compare.t_end",
          "must be >= 0 (0: the shorter of integrator.t_end and 2 L / c), got " + format_number(job.compare_t_end));
    }
    shared["compare"].erase("reference_points");
    shared["compare"].erase("t_end");
  }
  parse_shared_settings(shared, source, output_fields, job.precision, job.output, job.compare);
  lyapunov_output(config, source, analysis, job.output);
}

}  // namespace
}  // namespace config_detail

template <>
const SchemaKeys Schema<rolling::Model>::keys = {
    {"model", "precision", "params", "initial", "integrator", "analysis", "ensemble", "output", "compare"},
    {"params", "initial", "integrator", "analysis"},
    {"params.ends", "integrator.scheme", "initial.u.kind", "initial.v.kind", "initial.u_t.kind", "initial.v_t.kind"},
    false};  // no divergence_factor: params.divergence_bound bounds the modal state

template <>
config_detail::RollingSpec Schema<rolling::Model>::parse(const nlohmann::json& config, const std::string& source,
                                                         RollingJob& job) {
  using namespace config_detail;
  RollingSpec spec;
  const ObjectReader params(required_section(config, "params", source), "params", source,
                            param_keys(rolling_params(), {"ends", "frozen"}));
  read_params(params, rolling_params(), spec);
  read_ends_and_frozen(params, spec);
  read_initial(ObjectReader(required_section(config, "initial", source), "initial", source, initial_keys), spec);
  read_integrator(config, source, {"rk4"}, keys.divergence_factor, spec);
  read_analysis(config, source, spectrum_keys, spec.analysis);
  read_run_settings(config, source, spec.analysis, job);
  land_analysis_settings(spec.analysis, job);
  return spec;
}

}  // namespace rodswarm
