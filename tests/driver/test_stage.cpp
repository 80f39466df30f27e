/// @file test_stage.cpp
/// Stage: the scope an exception leaves records where it was, whole ("run c.json > integrating batch 3 ..."), so that
/// run_guarded can name it; an outer scope keeps the inner's record; a failure caught and dealt with is forgotten
/// when the next scope begins.
#include <gtest/gtest.h>

#include <new>
#include <stdexcept>

#include "driver/stage.hpp"

namespace rodswarm {
namespace {

TEST(Stage, TheInnermostScopeAnExceptionLeavesIsRecordedWhole) {
  (void)Stage::take_failed();
  try {
    const Stage run("run c.json");
    {
      const Stage batch("integrating batch 1 of 2 (members 0 to 4)");
      EXPECT_EQ(Stage::path(), "run c.json > integrating batch 1 of 2 (members 0 to 4)");
    }
    const Stage batch("integrating batch 2 of 2 (members 5 to 9)");
    throw std::bad_alloc();
  } catch (const std::bad_alloc&) {
    EXPECT_EQ(Stage::take_failed(), "run c.json > integrating batch 2 of 2 (members 5 to 9)");
  }
  EXPECT_EQ(Stage::take_failed(), "");  // taken
  EXPECT_EQ(Stage::path(), "");         // every scope closed
}

TEST(Stage, AFailureDealtWithIsForgottenByTheNextScope) {
  (void)Stage::take_failed();
  const Stage run("run c.json");
  try {
    const Stage check("checking batch 3");
    throw std::runtime_error("damaged");
  } catch (const std::runtime_error&) {
    // dealt with: the batch is integrated again
  }
  try {
    const Stage write("writing the results file out.h5");
    throw std::runtime_error("no space left");
  } catch (const std::runtime_error&) {
    EXPECT_EQ(Stage::take_failed(), "run c.json > writing the results file out.h5");
  }
}

TEST(Stage, LeavingWithoutAnExceptionRecordsNothing) {
  (void)Stage::take_failed();
  { const Stage quiet("integrating member 0"); }
  EXPECT_EQ(Stage::take_failed(), "");
}

}  // namespace
}  // namespace rodswarm
