/// @file greenspan_config.cpp
/// JSON to GreenspanSpec and run settings: the shape of the Greenspan schema (which keys, which types). Value
/// ranges that an ensemble can change are checked per member in greenspan_member.cpp.
#include "config/greenspan_params.hpp"
#include "config/greenspan_spec.hpp"
#include "config/json_check.hpp"
#include "config/run_settings_config.hpp"

namespace rodswarm {

namespace config_detail {
namespace {

const std::vector<OutputField> output_fields = {{"positions", true}, {"velocities", false}, {"energy", true}};
const Choices<greenspan::Scheme> schemes{{greenspan::Scheme::paper, "greenspan"}, {greenspan::Scheme::rk4, "rk4"}};

void read_initial(const nlohmann::json& top_initial, const std::string& source, GreenspanSpec& spec) {
  std::vector<std::string> allowed;
  spec.kind = read_kind(top_initial, "initial", source, greenspan_initial_kinds, {"velocities"}, allowed);
  const ObjectReader r(top_initial, "initial", source, allowed);

  switch (spec.kind) {
    case InitialKind::triangle: {
      const auto peak = expect_number_array(r.required("peak"), "initial.peak", source, 2);
      spec.peak = {peak[0], peak[1]};
      break;
    }
    case InitialKind::polyline: {
      const auto& list = r.required("vertices");
      expect_array(list, "initial.vertices", source);
      if (list.size() < 2) {
        throw ConfigError(source, "initial.vertices",
                          "expected at least 2 vertices [x, y], got " + std::to_string(list.size()));
      }
      for (std::size_t i = 0; i < list.size(); ++i) {
        const auto xy = expect_number_array(list[i], index_key("initial.vertices", i), source, 2);
        spec.vertices.push_back({xy[0], xy[1]});
      }
      break;
    }
    case InitialKind::points: {
      const auto& list = r.required("points");
      expect_array(list, "initial.points", source);
      for (std::size_t i = 0; i < list.size(); ++i) {
        const auto xyz = expect_number_array(list[i], index_key("initial.points", i), source, 3);
        spec.points.push_back({xyz[0], xyz[1], xyz[2]});
      }
      break;
    }
  }

  if (const auto* vel = r.optional("velocities")) {
    expect_array(*vel, "initial.velocities", source);
    spec.has_velocities = true;
    for (std::size_t i = 0; i < vel->size(); ++i) {
      spec.velocities.push_back(expect_number((*vel)[i], index_key("initial.velocities", i), source));
    }
  }
}

}  // namespace
}  // namespace config_detail

template <>
const SchemaKeys Schema<greenspan::Model>::keys = {
    {"model", "precision", "params", "initial", "integrator", "ensemble", "output", "compare", "steady"},
    {"params", "initial", "integrator"},
    {"initial.kind", "integrator.scheme"}};

template <>
config_detail::GreenspanSpec Schema<greenspan::Model>::parse(const nlohmann::json& config, const std::string& source,
                                                             GreenspanJob& job) {
  using namespace config_detail;
  parse_shared_settings(config, source, output_fields, job.precision, job.output, job.compare);
  if (const auto it = config.find("steady"); it != config.end()) {
    const ObjectReader r(*it, "steady", source, {"tol", "max_iter"});
    job.steady.tol = positive_number(r, "tol", job.steady.tol);
    job.steady.max_iter = positive_int(r, "max_iter", job.steady.max_iter);
  }
  GreenspanSpec spec;
  read_params(
      ObjectReader(required_section(config, "params", source), "params", source, param_keys(greenspan_params())),
      greenspan_params(), spec);
  read_initial(required_section(config, "initial", source), source, spec);
  spec.scheme = schemes.value(read_integrator(config, source, schemes.names(), keys.divergence_factor, spec));
  job.scheme = spec.scheme;
  return spec;
}

}  // namespace rodswarm
