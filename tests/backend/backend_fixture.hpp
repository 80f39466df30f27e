// The part every backend test shares: which backend this executable tests (RODSWARM_TEST_CUDA = 0: CPU, label
// cpu; 1: CUDA, label gpu, skipped visibly without a device) and where the examples are.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "driver/greenspan_driver.hpp"
#include "rodswarm/backend.hpp"

#ifndef RODSWARM_TEST_CUDA
#define RODSWARM_TEST_CUDA 0
#endif

namespace rodswarm {

/// The source tree, overridable at run time so that the GPU binary also runs from a bundle copied to a machine
/// where the tree lives elsewhere (scripts/device-bundle).
inline std::string source_dir() {
  const char* env = std::getenv("RODSWARM_SOURCE_DIR");
  return env != nullptr ? std::string(env) : std::string(RODSWARM_SOURCE_DIR);
}

/// examples/<model>/ in the source tree, with the trailing slash.
inline std::string examples_of(const std::string& model) { return source_dir() + "/examples/" + model + "/"; }

/// A test whose options_ select the backend under test; the GPU variant skips (visibly) without a device.
class BackendTest : public ::testing::Test {
 protected:
  void SetUp() override {
#if RODSWARM_TEST_CUDA
    if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device on this host: this GPU test did not run";
    options_.backend = BackendKind::cuda;
#else
    options_.backend = BackendKind::cpu;
#endif
  }
  RunOptions options_;
};

}  // namespace rodswarm
