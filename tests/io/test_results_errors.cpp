/// @file test_results_errors.cpp
/// Failures: every one is an IoError naming the path and the reason, and a failed write never leaves a
/// partial file or replaces a good one.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "io/h5_data.hpp"
#include "io/h5_handles.hpp"
#include "io/results.hpp"
#include "results_fixture.hpp"

namespace rodswarm {
namespace {

using test::TempDir;

// The IoError message of `body`, or a test failure when it does not throw one.
template <class Body>
std::string io_error_of(Body&& body) {
  try {
    body();
  } catch (const IoError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected IoError";
  return {};
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(ResultsErrors, WriteIntoMissingDirectoryLeavesNothing) {
  TempDir dir;
  const std::string path = dir.file("missing/run.h5");
  const std::string message = io_error_of([&] { write_results(path, test::make_results()); });
  EXPECT_TRUE(contains(message, path)) << message;
  EXPECT_TRUE(contains(message, "does not exist")) << message;
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_TRUE(dir.entries().empty());
}

TEST(ResultsErrors, SizeMismatchKeepsTheExistingFile) {
  TempDir dir;
  const std::string path = dir.file("run.h5");
  const Results good = test::make_results();
  write_results(path, good);

  Results bad = test::make_steady_results();
  bad.series("positions").assign(7, 0.0);
  const std::string message = io_error_of([&] { write_results(path, bad); });
  EXPECT_TRUE(contains(message, path)) << message;
  EXPECT_TRUE(contains(message, "series_positions")) << message;

  test::expect_same_results(good, read_results(path));
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"run.h5"});
}

TEST(ResultsErrors, EveryMismatchNamesItsField) {
  TempDir dir;
  const std::string path = dir.file("run.h5");
  const auto message_for = [&](auto&& spoil) {
    Results r = test::make_results();
    spoil(r);
    return io_error_of([&] { write_results(path, r); });
  };
  EXPECT_TRUE(contains(message_for([](Results& r) { r.beads.pop_back(); }), "beads"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.beads[1] = 6; }), "beads"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.params[1].push_back(1.0); }), "params[1] (m)"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.params.pop_back(); }), "param_names"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.param_names[0] = "a/b"; }), "param_names"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.param_names[0] = "m"; }), "twice"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.series("velocities").pop_back(); }), "series_velocities"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.time.pop_back(); }), "series_positions"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.field("energy")->components.pop_back(); }), "components"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.field("energy")->row = {3}; }), "series_energy"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.final("positions").resize(3); }), "final_positions"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.final("energy").pop_back(); }), "final_energy"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.steps_taken.pop_back(); }), "steps_taken"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.converged = {1}; }), "converged"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.singular = {0, 1}; }), "singular"));
  EXPECT_TRUE(contains(message_for([](Results& r) { test::add_field(r, "momentum", {6}).final.assign(3 * 3, 0.0); }),
                       "final_momentum"));
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_TRUE(dir.entries().empty());
}

TEST(ResultsErrors, EveryRollingMismatchNamesItsField) {
  TempDir dir;
  const std::string path = dir.file("rolling.h5");
  const auto message_for = [&](auto&& spoil) {
    Results r = test::make_rolling_results();
    spoil(r);
    return io_error_of([&] { write_results(path, r); });
  };
  EXPECT_EQ(
      message_for([](Results& r) { r.series("contact").pop_back(); }),
      path + ": field series_contact has 35 values, expected 36 (members 3 x saves 4 x 3), or none when not saved");
  EXPECT_TRUE(contains(message_for([](Results& r) { r.series("lyapunov").pop_back(); }), "series_lyapunov"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.time.pop_back(); }), "series_"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.final("contact").resize(2 * 3); }), "final_contact"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.final("lyapunov").push_back(0.0); }), "final_lyapunov"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.spectrum.signal.pop_back(); }),
                       "field spectrum_signal has 17 values, not a multiple of members 3"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.spectrum.power.pop_back(); }),
                       "field spectrum_power has 14 values, expected 15 (members 3 x spectrum_omega 5)"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.spectrum.omega.pop_back(); }), "spectrum_power"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.spectrum.omega.clear(); }), "spectrum_omega is empty"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.spectrum.power.clear(); }), "spectrum_power is empty"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.spectrum.interval = 0; }), "spectrum_interval"));
  EXPECT_TRUE(contains(message_for([](Results& r) { r.spectrum.interval = test::kNaN; }), "spectrum_interval"));
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_TRUE(dir.entries().empty());
}

TEST(ResultsErrors, MisshapenSpectrumDatasetIsRefusedOnRead) {
  // A file edited by another tool with a power row per member longer than omega: read_results names it.
  TempDir dir;
  const std::string path = dir.file("rolling.h5");
  write_results(path, test::make_rolling_results());
  {
    const h5::ErrorSilencer silence;
    h5::Handle file(H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose);
    ASSERT_TRUE(file);
    ASSERT_GE(H5Ldelete(file.get(), "/spectrum/power", H5P_DEFAULT), 0);
    h5::write_array(file.get(), "/spectrum/power", {3, 6}, std::vector<double>(18, 0.0));
  }
  const std::string message = io_error_of([&] { read_results(path); });
  EXPECT_TRUE(contains(message, "/spectrum/power")) << message;
  EXPECT_TRUE(contains(message, "expected [3, 5]")) << message;
}

TEST(ResultsErrors, WrongSizeMomentumKeepsTheExistingFile) {
  TempDir dir;
  const std::string path = dir.file("run.h5");
  const Results good = test::make_nishinari_results();
  write_results(path, good);

  Results bad = test::make_nishinari_results();
  bad.series("momentum").resize(3 * 4 * 3);  // 3 values a save instead of 6
  const std::string message = io_error_of([&] { write_results(path, bad); });
  EXPECT_TRUE(contains(message, path)) << message;
  EXPECT_TRUE(contains(message, "field series_momentum has 36 values, expected 72 (members 3 x saves 4 x 6)"))
      << message;

  bad = test::make_nishinari_results();
  bad.time.pop_back();  // the momentum series no longer matches the saves either
  bad.series("positions").clear();
  bad.series("velocities").clear();
  bad.series("energy").clear();
  EXPECT_TRUE(contains(io_error_of([&] { write_results(path, bad); }), "series_momentum"));

  test::expect_same_results(good, read_results(path));
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"run.h5"});
}

TEST(ResultsErrors, MisshapenMomentumDatasetIsRefusedOnRead) {
  // A file edited by another tool with momentum rows of the wrong width: read_results names the dataset.
  TempDir dir;
  const std::string path = dir.file("run.h5");
  write_results(path, test::make_results());
  {
    const h5::ErrorSilencer silence;
    h5::Handle file(H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose);
    ASSERT_TRUE(file);
    h5::write_array(file.get(), "/final/momentum", {3, 3}, std::vector<double>(9, 0.0));
  }
  const std::string message = io_error_of([&] { read_results(path); });
  EXPECT_TRUE(contains(message, "/final/momentum")) << message;
}

TEST(ResultsErrors, FailedRenameRemovesTheTemporary) {
  // The target is a non-empty directory: the file is written, but cannot be moved into place.
  TempDir dir;
  const std::string path = dir.file("taken");
  std::filesystem::create_directories(path + "/inside");
  const std::string message = io_error_of([&] { write_results(path, test::make_results()); });
  EXPECT_TRUE(contains(message, "cannot move")) << message;
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"taken"});
}

TEST(ResultsErrors, ReadMissingFile) {
  TempDir dir;
  const std::string path = dir.file("nothing.h5");
  EXPECT_EQ(io_error_of([&] { read_results(path); }), path + ": no such file");
  EXPECT_THROW(summary_json(path), IoError);
  EXPECT_THROW(member_json(path, 0, true), IoError);
}

TEST(ResultsErrors, ReadNonHdf5File) {
  TempDir dir;
  const std::string path = dir.file("notes.h5");
  std::ofstream(path) << "these are not the results you are looking for\n";
  const std::string message = io_error_of([&] { read_results(path); });
  EXPECT_TRUE(contains(message, path + ": ")) << message;
  EXPECT_TRUE(contains(message, "not an HDF5 file")) << message;
  EXPECT_THROW(summary_json(path), IoError);
}

TEST(ResultsErrors, ReadHdf5FileWithoutFormatAttribute) {
  TempDir dir;
  const std::string path = dir.file("other.h5");
  {
    const h5::ErrorSilencer silence;
    h5::Handle file = h5::create_file(path);
    h5::write_array(file.get(), "data", {2}, std::vector<double>{1.0, 2.0});
  }
  EXPECT_EQ(io_error_of([&] { read_results(path); }), path + ": not a rodswarm results file");
  EXPECT_EQ(io_error_of([&] { summary_json(path); }), path + ": not a rodswarm results file");
  EXPECT_EQ(io_error_of([&] { member_json(path, 0, false); }), path + ": not a rodswarm results file");
}

TEST(ResultsErrors, ReadNewerFormatVersion) {
  TempDir dir;
  const std::string path = dir.file("future.h5");
  write_results(path, test::make_results());
  {
    const h5::ErrorSilencer silence;
    h5::Handle file(H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose);
    ASSERT_TRUE(file);
    ASSERT_GE(H5Adelete(file.get(), "format_version"), 0);
    h5::write_int_attribute(file.get(), "format_version", 3);
  }
  const std::string message = io_error_of([&] { read_results(path); });
  EXPECT_TRUE(contains(message, "version 3")) << message;
}

TEST(ResultsErrors, NoHdf5ObjectStaysOpenAfterFailures) {
  // Every identifier lives in an RAII handle: an exception half-way must close what was opened so far.
  TempDir dir;
  const std::string path = dir.file("run.h5");
  write_results(path, test::make_results());
  EXPECT_THROW(member_json(path, 99, true), IoError);  // thrown with the file open
  std::filesystem::create_directories(dir.file("taken/inside"));
  EXPECT_THROW(write_results(dir.file("taken"), test::make_results()), IoError);  // thrown after writing
  std::ofstream(dir.file("notes.h5")) << "text";
  EXPECT_THROW(read_results(dir.file("notes.h5")), IoError);
  {
    const h5::ErrorSilencer silence;
    h5::Handle file = h5::create_file(dir.file("other.h5"));
  }
  EXPECT_THROW(summary_json(dir.file("other.h5")), IoError);
  read_results(path);
  member_json(path, 1, false);
  write_results(dir.file("nishinari.h5"), test::make_nishinari_results());
  member_json(dir.file("nishinari.h5"), 2, false);
  summary_json(dir.file("nishinari.h5"));
  EXPECT_EQ(H5Fget_obj_count(H5F_OBJ_ALL, H5F_OBJ_ALL), 0);
}

}  // namespace
}  // namespace rodswarm
