/// @file rolling_spec.hpp
/// A rolling-contact config as plain structs (internal to the config layer): parsed from JSON once, then copied and
/// edited in place for each ensemble member, so that expansion never touches JSON. The schema is documented at the
/// top of rolling_config.cpp, which reads it; rolling_slots.cpp lists its varied numbers, rolling_member.cpp checks
/// and builds a member; the basis the shapes are projected onto in docs/rolling_discretisation.md section 1.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/analysis_config.hpp"
#include "config/choices.hpp"
#include "config/param_table.hpp"
#include "config/json_check.hpp"
#include "config/rolling_job.hpp"
#include "config/schema.hpp"

namespace rodswarm {
namespace config_detail {

enum class RollingShapeKind { zero, sine, modes, pluck, gaussian, points };

inline const Kinds<RollingShapeKind> rolling_shape_kinds{
    {RollingShapeKind::zero, "zero", {}},
    {RollingShapeKind::sine, "sine", {"amplitude", "k"}},
    {RollingShapeKind::modes, "modes", {"coefficients"}},
    {RollingShapeKind::pluck, "pluck", {"amplitude", "at"}},
    {RollingShapeKind::gaussian, "gaussian", {"amplitude", "center", "width"}},
    {RollingShapeKind::points, "points", {"values"}}};

/// One of initial.u, initial.v, initial.u_t, initial.v_t: a function on [0, L] (see rolling_config.cpp).
struct RollingShape {
  RollingShapeKind kind = RollingShapeKind::zero;
  double amplitude = 1;              ///< sine, pluck, gaussian
  double k = 0;                      ///< sine: A sin(k x)
  double at = 0;                     ///< pluck: the peak's position
  double center = 0, width = 0;      ///< gaussian
  std::vector<double> coefficients;  ///< modes
  std::vector<double> values;        ///< points: equally spaced samples over [0, L], both ends included

  bool operator==(const RollingShape& o) const {
    return kind == o.kind && amplitude == o.amplitude && k == o.k && at == o.at && center == o.center &&
           width == o.width && coefficients == o.coefficients && values == o.values;
  }
};

struct RollingMember;

struct RollingSpec : StepSpec {
  using Member = RollingMember;
  /// The numbers of params that only the table reads (param_table.hpp: InTable), at their rows.
  TableValues table_values;

  // params
  double modes = 0;
  rolling::Ends ends = rolling::Ends::fixed;
  double L = 0, c = 1, F = 1, G1 = 0, G2 = 0, sigma = 0;
  double frozen = 0;  ///< 0 or 1 (JSON: a boolean or 0/1)
  double divergence_bound = 1e8;

  // initial
  RollingShape u, v, ut, vt;
  bool has_u = false, has_v = false, has_ut = false, has_vt = false;  ///< given in the config (else zero)
  double s1 = 0, s2 = 0;

  AnalysisSpec analysis;
};

/// The names of the four shapes in schema order, as written under initial.
inline const char* const rolling_shape_names[4] = {"u", "v", "u_t", "v_t"};

/// Shape `i` (0..3, rolling_shape_names order) of `spec`.
inline RollingShape& rolling_shape(RollingSpec& spec, int i) {
  return i == 0 ? spec.u : i == 1 ? spec.v : i == 2 ? spec.ut : spec.vt;
}
inline const RollingShape& rolling_shape(const RollingSpec& spec, int i) {
  return i == 0 ? spec.u : i == 1 ? spec.v : i == 2 ? spec.ut : spec.vt;
}
inline bool rolling_has_shape(const RollingSpec& spec, int i) {
  return i == 0 ? spec.has_u : i == 1 ? spec.has_v : i == 2 ? spec.has_ut : spec.has_vt;
}

/// The last projection of one shape, reused while the shape and the basis stay the same (ensembles that vary only
/// contact points or parameters project each shape once).
struct RollingProjection {
  bool valid = false;
  RollingShape shape;
  int K = 0;
  rolling::Ends ends = rolling::Ends::fixed;
  double L = 0;
  std::vector<double> coefficients;  ///< K
  std::string end_note;              ///< the fixed/periodic end warning of this projection ("" if none)
};

/// A warning about one member (parse_job.hpp gathers them over the ensemble).
using RollingNote = ConfigNote;

/// One member ready for rolling::Ensemble::add.
struct RollingMember : MemberSteps {
  rolling::Params<double> params{};
  std::vector<double> y0;  ///< 4K + 2: a, b, a', b', s1, s2
  std::int64_t samples = 0;
  std::vector<RollingNote> notes;    ///< warnings (not errors) about this member
  RollingProjection projections[4];  ///< scratch: the cache of each shape's projection
};

/// Projects `shape` onto the K orthonormal basis functions of `ends` on (0, L) (docs/rolling_discretisation.md
/// section 1): out[m] = <shape, psi_m>. sine and modes are exact (closed forms), pluck, gaussian and points by
/// composite 20-point Gauss-Legendre quadrature with panels at every kink, each panel short against the fastest
/// oscillation of the integrand. The shape's ranges must already be checked.
void project_rolling_shape(const RollingShape& shape, int K, rolling::Ends ends, double L, double* out);

/// The shape's value at x (0 <= x <= L; modes: the series at x).
double rolling_shape_value(const RollingShape& shape, rolling::Ends ends, double L, double x);

}  // namespace config_detail

RODSWARM_SCHEMA(rolling::Model, config_detail::RollingSpec)

}  // namespace rodswarm
