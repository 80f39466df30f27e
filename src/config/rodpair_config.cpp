/// @file rodpair_config.cpp
/// JSON to RodpairSpec and run settings: the shape of the rodpair schema (which keys, which types). Value ranges
/// that an ensemble can change are checked per member in rodpair_member.cpp. The physics:
/// docs/se3rod_rolling_contact.md section 3 and docs/models/cosserat.md section 4.2.
/// The schema, for users: docs/config/rodpair.md.
#include "config/json_check.hpp"
#include "config/rodpair_spec.hpp"
#include "config/run_settings_config.hpp"

namespace rodswarm {

namespace config_detail {
namespace {

const std::vector<OutputField> output_fields = {
    {"positions", true}, {"directors", false}, {"velocities", false}, {"angular_velocities", false},
    {"energy", true},    {"contact", true},    {"lyapunov", true}};
const std::vector<std::string> rod_keys = {"params", "initial"};
const std::vector<std::string> contact_keys = {"s1", "s2", "width1", "width2", "frozen", "bilateral"};

void read_rod(const json& config, int which, const std::string& source, Se3rodSpec& spec) {
  const std::string name = which == 0 ? "rod1" : "rod2";
  const ObjectReader rod(required_section(config, name.c_str(), source), name, source, rod_keys);
  read_se3rod_params(ObjectReader(rod.required("params"), rod.key("params"), source, se3rod_params_keys(false)), spec);
  read_se3rod_initial(rod.required("initial"), name + ".", source, spec);
  check_se3rod_length(spec, name + ".", source);
}

/// A rod pair's spectrum also says which rod, and the component of its displacement recorded.
const std::vector<std::string> rodpair_spectrum_keys = {"rod", "harmonic", "direction", "sample_interval"};

/// analysis (analysis_config.hpp), and the spectrum's keys of a rod pair.
void read_rodpair_analysis(const json& config, const std::string& source, RodpairSpec& spec) {
  const json* spectrum = read_analysis(config, source, rodpair_spectrum_keys, spec.analysis);
  if (spectrum == nullptr) return;
  const ObjectReader s(*spectrum, "analysis.spectrum", source, rodpair_spectrum_keys);
  spec.spectrum_rod = static_cast<double>(s.integer_or("rod", 1));
  spec.direction = s.vector3_or("direction", {0, 0, 1});
}

}  // namespace
}  // namespace config_detail

template <>
const SchemaKeys Schema<rodpair::Model>::keys = {
    {"model", "precision", "rod1", "rod2", "contact", "integrator", "analysis", "ensemble", "output", "compare"},
    {"rod1", "rod2", "contact", "integrator", "analysis"},
    {"rod1.initial.kind", "rod1.params.ends", "rod1.params.rest", "rod2.initial.kind", "rod2.params.ends",
     "rod2.params.rest", "integrator.scheme"}};

template <>
config_detail::RodpairSpec Schema<rodpair::Model>::parse(const nlohmann::json& config, const std::string& source,
                                                         RodpairJob& job) {
  using namespace config_detail;
  RodpairSpec spec;
  read_rodpair_analysis(config, source, spec);
  parse_shared_settings(config, source, output_fields, job.precision, job.output, job.compare);
  lyapunov_output(config, source, spec.analysis, job.output);
  for (int r = 0; r < 2; ++r) read_rod(config, r, source, spec.rod[r]);
  const ObjectReader contact(required_section(config, "contact", source), "contact", source, contact_keys);
  spec.s1 = contact.number("s1");
  spec.s2 = contact.number("s2");
  for (int r = 0; r < 2; ++r) {
    const std::string key = r == 0 ? "width1" : "width2";
    spec.has_width[r] = contact.has(key);
    spec.width[r] = contact.number_or(key, 0.0);
  }
  for (const auto& [key, flag] : {std::pair<const char*, double*>{"frozen", &spec.frozen},
                                  std::pair<const char*, double*>{"bilateral", &spec.bilateral}}) {
    const json* value = contact.optional(key);
    if (value == nullptr) continue;
    if (value->is_boolean()) {
      *flag = value->get<bool>() ? 1.0 : 0.0;
    } else if (value->is_number()) {
      *flag = expect_number(*value, contact.key(key), source);  // 0 or 1: checked per member
    } else {
      throw ConfigError(source, contact.key(key), "expected a boolean (or 0 / 1), got " + type_phrase(*value));
    }
  }
  read_integrator(config, source, {"rkmk4"}, keys.divergence_factor, spec);
  land_analysis_settings(spec.analysis, job);
  if (job.precision == Precision::float32) {
    // As for se3rod's plane (measured there): round-off in the stiff internal forces shows in the reaction.
    job.warnings.push_back(source +
                           ": model rodpair in float32: round-off in the stiff internal forces shows in the contact's "
                           "reaction and grows over a run; a member may be flagged separated by it (use float64)");
  }
  return spec;
}

}  // namespace rodswarm
