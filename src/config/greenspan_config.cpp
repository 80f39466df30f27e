/// @file greenspan_config.cpp
/// JSON to GreenspanSpec and run settings: the shape of the Greenspan schema (which keys, which types). Value
/// ranges that an ensemble can change are checked per member in greenspan_member.cpp.
#include "config/greenspan_spec.hpp"
#include "config/json_check.hpp"
#include "config/run_settings_config.hpp"

namespace rodswarm::config_detail {

namespace {

const std::vector<std::string> params_keys = {"n", "dx", "m", "T0", "eps", "alpha", "g", "tension_exponent"};
const std::vector<std::string> integrator_keys = {"scheme", "dt", "t_end", "divergence_factor"};
const std::vector<std::string> initial_kinds = {"triangle", "polyline", "points"};
const std::vector<OutputField> output_fields = {{"positions", true}, {"velocities", false}, {"energy", true}};

/// The key holding the shape of each initial kind, in the order of initial_kinds.
const char* shape_key(InitialKind kind) {
  switch (kind) {
    case InitialKind::triangle:
      return "peak";
    case InitialKind::polyline:
      return "vertices";
    case InitialKind::points:
      return "points";
  }
  return "";
}

void read_params(const ObjectReader& r, GreenspanSpec& spec) {
  spec.n = static_cast<double>(r.integer("n"));
  spec.dx = r.number("dx");
  spec.m = r.number("m");
  spec.T0 = r.number("T0");
  spec.eps = r.number_or("eps", 0.0);
  spec.alpha = r.number_or("alpha", 0.0);
  spec.g = r.number_or("g", 0.0);
  spec.tension_exponent = r.number_or("tension_exponent", 1.0);
}

void read_initial(const nlohmann::json& top_initial, const std::string& source, GreenspanSpec& spec) {
  expect_object(top_initial, "initial", source);
  const auto kind_it = top_initial.find("kind");
  if (kind_it == top_initial.end()) {
    throw ConfigError(source, "initial.kind", "missing required key (one of \"triangle\", \"polyline\", \"points\")");
  }
  const std::string kind = expect_choice(*kind_it, "initial.kind", source, initial_kinds);
  spec.kind = kind == "triangle"   ? InitialKind::triangle
              : kind == "polyline" ? InitialKind::polyline
                                   : InitialKind::points;
  // A shape key of another kind is a likelier mistake than a typo: say so instead of "unknown key".
  for (const InitialKind other : {InitialKind::triangle, InitialKind::polyline, InitialKind::points}) {
    if (other != spec.kind && top_initial.contains(shape_key(other))) {
      throw ConfigError(source, join_key("initial", shape_key(other)),
                        "not used by kind \"" + kind + "\" (which takes initial." + shape_key(spec.kind) + ")");
    }
  }
  const ObjectReader r(top_initial, "initial", source, {"kind", shape_key(spec.kind), "velocities"});

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

void read_integrator(const ObjectReader& r, GreenspanSpec& spec) {
  const std::string scheme = r.choice_or("scheme", {"greenspan", "rk4"}, "greenspan");
  spec.scheme = scheme == "rk4" ? greenspan::Scheme::rk4 : greenspan::Scheme::paper;
  spec.dt = r.number("dt");
  spec.t_end = r.number("t_end");
  spec.divergence_factor = r.number_or("divergence_factor", 1000.0);
}

}  // namespace

GreenspanSpec parse_greenspan_spec(const nlohmann::json& config, const std::string& source) {
  GreenspanSpec spec;
  read_params(ObjectReader(required_section(config, "params", source), "params", source, params_keys), spec);
  read_initial(required_section(config, "initial", source), source, spec);
  read_integrator(ObjectReader(required_section(config, "integrator", source), "integrator", source, integrator_keys),
                  spec);
  return spec;
}

void parse_run_settings(const nlohmann::json& config, const std::string& source, GreenspanJob& job) {
  parse_shared_settings(config, source, output_fields, job.precision, job.output, job.compare);
  if (const auto it = config.find("steady"); it != config.end()) {
    const ObjectReader r(*it, "steady", source, {"tol", "max_iter"});
    job.steady.tol = positive_number(r, "tol", job.steady.tol);
    job.steady.max_iter = positive_int(r, "max_iter", job.steady.max_iter);
  }
}

}  // namespace rodswarm::config_detail
