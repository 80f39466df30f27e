/// @file stage.hpp
/// What the process is doing, so that a failure of our own names it (exit 3 "naming the stage", PRODUCT.md):
/// scopes that say "integrating batch 3 of 10 (members 8192 to 12287)" or "writing the results file out.h5". The
/// innermost scope an exception leaves records where it was; run_guarded prints that with the error, and an
/// allocation failure anywhere becomes "out of memory (stage: <stage>)" instead of a bare std::bad_alloc.
/// The main thread's alone: OpenMP workers and the emulated device's threads open no scopes (their exceptions reach
/// the main thread inside one).
#pragma once

#include <exception>
#include <string>
#include <utility>
#include <vector>

namespace rodswarm {

class Stage {
 public:
  explicit Stage(std::string what) : exceptions_(std::uncaught_exceptions()) {
    failed_stage().clear();  // a failure caught and dealt with before this scope began is no longer news
    stack().push_back(std::move(what));
  }
  ~Stage() {
    // Leaving by an exception: the innermost scope records the whole path; the outer ones find it recorded.
    if (std::uncaught_exceptions() > exceptions_ && failed_stage().empty()) failed_stage() = path();
    stack().pop_back();
  }
  Stage(const Stage&) = delete;
  Stage& operator=(const Stage&) = delete;

  /// Where the last exception came from ("run c.json > integrating batch 3 of 10 (...)"), "" when it left no
  /// scope; taken, so that the next failure is told afresh.
  static std::string take_failed() { return std::exchange(failed_stage(), std::string()); }
  /// The scopes open now, outermost first, joined by " > ".
  static std::string path() {
    std::string text;
    for (const std::string& s : stack()) text += (text.empty() ? "" : " > ") + s;
    return text;
  }

 private:
  static std::vector<std::string>& stack() {
    static std::vector<std::string> scopes;
    return scopes;
  }
  static std::string& failed_stage() {
    static std::string failed;
    return failed;
  }
  int exceptions_;
};

}  // namespace rodswarm
