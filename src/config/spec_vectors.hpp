/// @file spec_vectors.hpp
/// A spec's [x, y, z] (config Vec3, as read from JSON) as linalg's vector, for the geometry of initial shapes, and a
/// vector as the config layer's messages print it. Internal to the config layer.
#pragma once

#include <string>

#include "config/json_check.hpp"
#include "rodswarm/linalg/vec3.hpp"

namespace rodswarm::config_detail {

inline ::rodswarm::Vec3<double> vec(const Vec3& a) { return {a[0], a[1], a[2]}; }

/// "[x, y, z]" with format_number's digits, of a spec's triple or a linalg vector.
template <class Triple>
std::string vec_text(const Triple& x) {
  return "[" + format_number(x[0]) + ", " + format_number(x[1]) + ", " + format_number(x[2]) + "]";
}

}  // namespace rodswarm::config_detail
