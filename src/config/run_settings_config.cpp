/// @file run_settings_config.cpp
/// parse_shared_settings: `precision`, `output` and `compare`, the same for every model.
#include "config/run_settings_config.hpp"

#include <climits>

namespace rodswarm::config_detail {

namespace {

void read_output(const ObjectReader& r, const std::vector<OutputField>& output_fields, OutputSpec& out) {
  if (r.has("path")) {
    out.path = r.string("path");
    if (out.path.empty()) throw ConfigError(r.source(), r.key("path"), "must not be empty");
  }
  out.save_every = r.number_or("save_every", 0.0);
  if (out.save_every < 0) {
    throw ConfigError(r.source(), r.key("save_every"),
                      "must be >= 0 (0 saves no series, only the final state), got " + format_number(out.save_every));
  }
  if (const auto* fields = r.optional("fields")) {
    expect_array(*fields, r.key("fields"), r.source());
    std::vector<std::string> names;
    for (const auto& f : output_fields) names.emplace_back(f.name);
    out.fields.clear();
    for (std::size_t i = 0; i < fields->size(); ++i) {
      const std::string key = index_key(r.key("fields"), i);
      const std::string f = expect_choice((*fields)[i], key, r.source(), names);
      if (out.saves(f)) throw ConfigError(r.source(), key, "\"" + f + "\" is listed twice");
      out.fields.push_back(f);
    }
  }
  if (const auto* xdmf = r.optional("xdmf")) {
    if (!xdmf->is_boolean()) {
      throw ConfigError(r.source(), r.key("xdmf"), "expected a boolean (true or false), got " + type_phrase(*xdmf));
    }
    out.xdmf = xdmf->get<bool>();
  }
}

}  // namespace

int positive_int(const ObjectReader& r, const std::string& name, int fallback) {
  const std::int64_t v = r.integer_or(name, fallback);
  if (v < 1 || v > INT_MAX) {
    throw ConfigError(r.source(), r.key(name), "must be an integer >= 1, got " + std::to_string(v));
  }
  return static_cast<int>(v);
}

double positive_number(const ObjectReader& r, const std::string& name, double fallback) {
  const double v = r.number_or(name, fallback);
  if (!(v > 0)) throw ConfigError(r.source(), r.key(name), "must be positive, got " + format_number(v));
  return v;
}

void parse_shared_settings(const nlohmann::json& config, const std::string& source,
                           const std::vector<OutputField>& output_fields, Precision& precision, OutputSpec& output,
                           CompareSpec& compare, bool allow_xdmf) {
  output.fields.clear();
  for (const auto& f : output_fields) {
    if (f.on_by_default) output.fields.emplace_back(f.name);
  }
  if (const auto it = config.find("precision"); it != config.end()) {
    precision = expect_choice(*it, "precision", source, {"float64", "float32"}) == "float32" ? Precision::float32
                                                                                             : Precision::float64;
  }
  if (const auto it = config.find("output"); it != config.end()) {
    std::vector<std::string> keys = {"path", "save_every", "fields"};
    if (allow_xdmf) keys.emplace_back("xdmf");
    read_output(ObjectReader(*it, "output", source, keys), output_fields, output);
  }
  if (const auto it = config.find("compare"); it != config.end()) {
    const ObjectReader r(*it, "compare", source, {"tolerance", "members"});
    if (r.has("tolerance")) compare.tolerance = positive_number(r, "tolerance", 0.0);
    compare.members = positive_int(r, "members", compare.members);
  }
}

std::string read_integrator(const nlohmann::json& config, const std::string& source,
                            const std::vector<std::string>& schemes, bool divergence_factor, StepSpec& steps) {
  std::vector<std::string> keys = {"scheme", "dt", "t_end"};
  if (divergence_factor) keys.emplace_back("divergence_factor");
  const ObjectReader r(required_section(config, "integrator", source), "integrator", source, keys);
  const std::string scheme = r.choice_or("scheme", schemes, schemes.front());
  steps.dt = r.number("dt");
  steps.t_end = r.number("t_end");
  if (divergence_factor) steps.divergence_factor = r.number_or("divergence_factor", 1000.0);
  return scheme;
}

}  // namespace rodswarm::config_detail
