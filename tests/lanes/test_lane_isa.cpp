// The lane backend's choice of instruction set: RODSWARM_SIMD's values, refusals that name it, and the widest
// unit of the host.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "backends/cpu_backend.hpp"
#include "backends/lanes/lane_isa.hpp"
#include "rodswarm/models/greenspan_model.hpp"

namespace rodswarm {
namespace {

TEST(LaneIsa, AutoAndEmptyPickTheWidestTheHostRuns) {
  const LaneIsa widest = widest_host_lane_isa();
  EXPECT_TRUE(host_supports(widest));
  EXPECT_NE(widest, LaneIsa::scalar) << "every x86-64 host has SSE2";
  EXPECT_EQ(parse_lane_isa(""), widest);
  EXPECT_EQ(parse_lane_isa("auto"), widest);
  for (const LaneIsa isa : built_lane_isas()) {
    if (host_supports(isa)) {
      EXPECT_GE(static_cast<int>(widest), static_cast<int>(isa)) << lane_isa_name(isa);
    }
  }
}

TEST(LaneIsa, ScalarForcesTheFallback) {
  EXPECT_EQ(parse_lane_isa("scalar"), LaneIsa::scalar);
  EXPECT_EQ(parse_lane_isa("off"), LaneIsa::scalar);
  const bool none = make_lane_backend<greenspan::Model, double>(LaneIsa::scalar) == nullptr;
  EXPECT_TRUE(none);
}

TEST(LaneIsa, EveryBuiltSetTheHostRunsMakesALaneBackend) {
  for (const LaneIsa isa : built_lane_isas()) {
    if (!host_supports(isa)) continue;
#if RODSWARM_WITH_FLOAT32
    const auto backend = make_lane_backend<greenspan::Model, float>(isa);
#else  // a build without float32 (the sanitizer presets)
    const auto backend = make_lane_backend<greenspan::Model, double>(isa);
#endif
    ASSERT_NE(backend, nullptr) << lane_isa_name(isa);
    EXPECT_NE(backend->description().find(std::string(lane_isa_name(isa)) + " lanes"), std::string::npos)
        << backend->description();
  }
}

TEST(LaneIsa, AnUnknownValueIsBadInputNamingTheVariable) {
  try {
    parse_lane_isa("avx9");
    FAIL() << "accepted";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("RODSWARM_SIMD=avx9"), std::string::npos) << what;
    EXPECT_NE(what.find("expected auto, scalar"), std::string::npos) << what;
  }
}

TEST(LaneIsa, ASetTheHostLacksIsRefused) {
  for (const LaneIsa isa : built_lane_isas()) {
    if (host_supports(isa)) continue;
    EXPECT_THROW(parse_lane_isa(isa == LaneIsa::avx2 ? "avx2" : lane_isa_name(isa)), std::invalid_argument);
    return;
  }
  GTEST_SKIP() << "this host runs every instruction set rodswarm is built for; the refusal is not exercised here";
}

TEST(LaneIsa, ASetThisBinaryWasNotBuiltWithIsRefusedByName) {
  bool exercised = false;
  for (const std::string name : {"sse2", "avx2", "avx512"}) {
    bool built = false;
    for (const LaneIsa isa : built_lane_isas())
      built = built || name == lane_isa_name(isa) || (name == "avx2" && isa == LaneIsa::avx2);
    if (built) continue;
    exercised = true;
    try {
      parse_lane_isa(name);
      ADD_FAILURE() << name << " accepted";
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("RODSWARM_SIMD=" + name + ": this binary carries no"), std::string::npos) << what;
      EXPECT_NE(what.find("RODSWARM_LANE_ISAS="), std::string::npos) << what;
    }
  }
  if (!exercised) GTEST_SKIP() << "this binary carries every instruction set (RODSWARM_LANE_ISAS)";
}

}  // namespace
}  // namespace rodswarm
