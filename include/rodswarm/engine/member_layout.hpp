/// @file member_layout.hpp
/// How a model declares the structure-of-arrays storage of its members, and where its stepper may run. The
/// generic ensemble (engine/ensemble.hpp), the CPU and CUDA backends, the batch planner and the results writer
/// read these declarations; no engine code names a model's arrays.
///
/// A member owns, for every *extent* (beads, segments, nodes, elements, ...), a count of items; a *field* is an
/// array of `components` values per item of one extent (positions: 3 per node), stored for all members in one
/// buffer with members contiguous, so that a block or a warp reads a member coalesced and members of different
/// sizes share a buffer. A *scalar* is one float64 value per member that the stepper updates (a running sum that
/// must not lose precision in a float32 run).
#pragma once

#include <cstdint>

#include "rodswarm/common.hpp"

namespace rodswarm {

/// A model's Model derives from ModelParams<its Params template>, so that the engine names its parameters in any
/// precision as M::Params<Real>.
template <template <class> class P>
struct ModelParams {
  template <class Real>
  using Params = P<Real>;
};

/// One kind of item a member has a count of.
struct ExtentSpec {
  const char* name;
};

enum class FieldRole : std::uint8_t {
  input,  ///< read by the stepper, never written: uploaded once, not copied back at save points
  state,  ///< written by the stepper: copied back at every store, held on chip by the layouts that can
};

struct FieldSpec {
  const char* name;
  int extent;      ///< index into the model's extents
  int components;  ///< values per item
  FieldRole role;
  /// Allocated for every member or for none: the config layer gives no data for it, and the ensemble zeroes it
  /// when some member needs it (Model::needs_field) and leaves it empty otherwise (the member sees a null pointer).
  bool optional = false;
};

struct ScalarSpec {
  const char* name;
};

/// How big one member is, from its params: what the layouts size by (items), how many participants one phase can
/// use (width: the threads of a block), its bead-steps per step (work units: progress, throughput), and the reals of
/// workspace its stepper needs.
struct MemberSizes {
  int items = 0;
  int width = 0;
  double work_units = 0;
  int workspace = 0;
};

/// Where a member's state and workspace live in one CUDA kernel layout (include/rodswarm/gpu/kernel_layout.hpp).
enum class Placement : std::uint8_t {
  none,       ///< the model does not run in this layout
  registers,  ///< thread layout only: copied into per-thread arrays of a compile-time size (register tiers)
  shared,     ///< warp and block layouts: state fields and workspace copied into shared memory
  global,     ///< in place in global memory, workspace from a pool sized by the grid, not by the ensemble
};

/// The layouts a model's stepper supports, and where the member lives in each. A layout is offered only where the
/// stepper's loop policy use is valid for it (a stepper that loops over its items itself, not through the loop
/// policy, runs in the thread layout only).
struct Layouts {
  Placement thread = Placement::none;
  Placement warp = Placement::none;
  Placement block = Placement::none;
  Placement grid = Placement::none;  ///< none or global
};

}  // namespace rodswarm
