/// @file rodpair_config.cpp
/// JSON to RodpairSpec and run settings: the shape of the rodpair schema (which keys, which types). Value ranges
/// that an ensemble can change are checked per member in rodpair_member.cpp. The physics:
/// docs/se3rod_rolling_contact.md section 3 and docs/models/cosserat.md section 4.2.
///
/// Schema of model "rodpair" (SI units; defaults in parentheses; every key not listed is an error, with the nearest
/// valid key suggested):
///
///   "model": "rodpair", "precision": "float64" | "float32" ("float64"),
///   "rod1", "rod2" (both required): { "params": {...}, "initial": {...} }, each exactly an se3rod's params and
///       initial sections (se3rod_config.cpp: n, length, radius, material, ends, loads, rest, tension; straight,
///       helix or points with their velocity and angular velocity) without the plane ("contact", "plane_normal",
///       "plane_offset"): the rods' only contact is with each other,
///   "contact": {
///     "s1", "s2" (required): arc lengths (m, from node 0) near which the contact is looked for on rod 1 and rod 2;
///         Newton on the tangency of the smeared centrelines finds it, and the rods must touch there: the gap
///         |rbar2(s2) - rbar1(s1)| - (r1 + r2) within 1e-9 of the longer rod's length (place rod 2 at the radii's
///         sum from rod 1),
///     "width1", "width2" (each rod's segment length h): the bump widths w, the smearing of the contact over the
///         nodes (cubic B-spline weights of support |s - s_k| < 2 w); at least h / 2,
///     "frozen": boolean or 0 / 1 (false): the frozen-contact control, s1 and s2 held at their start (the rods roll
///         without slipping at fixed material points, the tangency no longer kept): the Lyapunov exponent's control,
///         as for the strings (model rolling); a number so that one ensemble can vary it,
///     "bilateral": boolean or 0 / 1 (false): the rods hold together whatever the sign of the normal reaction (a
///         sleeve, glue, or the reduced string model's multiplier of either sign: docs/se3rod_rolling_contact.md
///         section 3.3); not flagged separated, the tensile reaction kept in the output },
///     The initial motion is put on the rolling rows: the twists are projected (the smallest change in the kinetic
///     metric) onto the motions that roll without slipping, and the contact's gap closed to round-off; a rod thrown
///     or spun in the config starts rolling with the part of that motion the contact allows.
///   "integrator": { "scheme": "rkmk4" ("rkmk4"), "dt": > 0 (required), "t_end": > 0 (required; a whole number of
///       steps), "divergence_factor": > 0 (1000): a member diverges when some |r_k| exceeds divergence_factor *
///       max(1, L, max_k |r_k(0)|) of its rod, or a value of its state is not finite },
///   "analysis": { (optional; an absent part is not computed)
///     "spectrum": { "rod": 1 | 2 (1), "harmonic": integer from 1 to the rod's segments - 1 (1), "direction": [3]
///       (0, 0, 1): nonzero (normalised), "sample_interval": > 0 (required; a whole number of steps) }: the time
///       spectrum of the rod's string mode sin(harmonic pi s / L) along direction, its displacement taken from the
///       chord between its end nodes (rodpair_spectrum.hpp: the coefficient model rolling records for its own
///       harmonic), sampled from t = 0; results /spectrum (signal, omega, power) as for model rolling,
///     "lyapunov": { "renorm_interval": > 0 (required; a whole number of steps, at most
///       integrator.t_end), "d0": > 0 (1e-8) } }: the largest Lyapunov exponent from a twin trajectory started d0
///       away (every free node's velocity moved alike, then put on the contact's rows) and pulled back to d0 every
///       renorm_interval (rodpair_lyapunov.hpp: the distance over both rods' positions, velocities, rotations and
///       angular velocities, the latter two times the rod's radius, velocities times renorm_interval),
///   "ensemble": as for greenspan (ensemble_spec.hpp); any number under rod1, rod2, contact, integrator and analysis
///       can be varied ("rod2.initial.direction[1]", "contact.s1", "contact.frozen"),
///   "output": { "path" ("results.h5"), "save_every" (0: the final state only), "fields": any of "positions",
///       "directors", "velocities", "angular_velocities" (rod 1's nodes, then rod 2's), "energy" (both rods),
///       "contact", "lyapunov" (the running estimate: the logs' sum over the time to the last pull) ("positions",
///       "energy", "contact", and "lyapunov" with analysis.lyapunov; listing it without is an error) },
///   "compare": { "tolerance": > 0, "members": integer >= 1 (4) }.
/// A member stops, flagged, where the rods would have to pull on each other (separated; not with bilateral), where a
/// contact point reaches a rod's end (singular), or where its state diverges.
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
  read_se3rod_initial(rod.required("initial"), rod.key("initial"), source, spec);
  check_se3rod_length(spec, name + ".", source);
}

void read_analysis(const json& config, const std::string& source, RodpairSpec& spec) {
  const auto it = config.find("analysis");
  if (it == config.end()) return;
  const ObjectReader analysis(*it, "analysis", source, {"spectrum", "lyapunov"});
  if (const json* spectrum = analysis.optional("spectrum")) {
    const ObjectReader s(*spectrum, analysis.key("spectrum"), source,
                         {"rod", "harmonic", "direction", "sample_interval"});
    spec.spectrum = true;
    spec.spectrum_rod = static_cast<double>(s.integer_or("rod", 1));
    spec.harmonic = static_cast<double>(s.integer_or("harmonic", 1));
    spec.direction = s.vector3_or("direction", {0, 0, 1});
    spec.sample_interval = s.number("sample_interval");
  }
  if (const json* lyapunov = analysis.optional("lyapunov")) {
    const ObjectReader l(*lyapunov, analysis.key("lyapunov"), source, {"renorm_interval", "d0"});
    spec.lyapunov = true;
    spec.renorm_interval = l.number("renorm_interval");
    spec.d0 = l.number_or("d0", 1e-8);
  }
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
  read_analysis(config, source, spec);
  parse_shared_settings(config, source, output_fields, job.precision, job.output, job.compare);
  const bool fields_given =
      config.contains("output") && config["output"].is_object() && config["output"].contains("fields");
  if (!fields_given) {
    job.output.set("lyapunov", spec.lyapunov);
  } else if (job.output.saves("lyapunov") && !spec.lyapunov) {
    throw ConfigError(source, "output.fields",
                      "\"lyapunov\" needs analysis.lyapunov (give analysis.lyapunov.renorm_interval, or drop the "
                      "field)");
  }
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
  read_integrator(config, source, {"rkmk4"}, spec.dt, spec.t_end, &spec.divergence_factor);
  if (spec.lyapunov) {
    job.renorm_interval = spec.renorm_interval;
    job.lyapunov_d0 = spec.d0;
  }
  if (spec.spectrum) {
    job.sample_interval = spec.sample_interval;
    job.harmonic = static_cast<int>(std::clamp(spec.harmonic, -1e9, 1e9));
  }
  if (job.precision == Precision::float32) {
    // As for se3rod's plane (measured there): round-off in the stiff internal forces shows in the reaction.
    job.warnings.push_back(source +
                           ": model rodpair in float32: round-off in the stiff internal forces shows in the contact's "
                           "reaction and grows over a run; a member may be flagged separated by it (use float64)");
  }
  return spec;
}

}  // namespace rodswarm
