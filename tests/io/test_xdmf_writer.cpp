/// @file test_xdmf_writer.cpp
/// write_xdmf: the XDMF 3 text next to a results file is well formed, has one step per save, one polyline per
/// rod, and hyperslabs that address the right rows of the HDF5 datasets by relative file name.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "io/results.hpp"
#include "io/xdmf_writer.hpp"
#include "results_fixture.hpp"

namespace rodswarm {
namespace {

using test::TempDir;

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++n;
  return n;
}

/// Checks that tags nest and close properly (declarations, the DOCTYPE and self-closing tags allowed) and that
/// no stray '<' or '&' is left in text. Returns an empty string when well formed, else what is wrong.
std::string xml_problem(const std::string& text) {
  std::vector<std::string> open;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t lt = text.find('<', at);
    const std::string between = text.substr(at, lt == std::string::npos ? std::string::npos : lt - at);
    for (std::size_t amp = between.find('&'); amp != std::string::npos; amp = between.find('&', amp + 1)) {
      const std::size_t semi = between.find(';', amp);
      if (semi == std::string::npos || semi - amp > 6) return "bare '&' in text";
    }
    if (lt == std::string::npos) break;
    const std::size_t gt = text.find('>', lt);
    if (gt == std::string::npos) return "unterminated tag";
    const std::string tag = text.substr(lt + 1, gt - lt - 1);
    if (tag.find('<') != std::string::npos) return "'<' inside a tag: " + tag;
    at = gt + 1;
    if (tag.empty()) return "empty tag";
    if (tag[0] == '?' || tag[0] == '!') continue;
    if (tag[0] == '/') {
      const std::string name = tag.substr(1);
      if (open.empty() || open.back() != name) return "closing </" + name + "> does not match";
      open.pop_back();
      continue;
    }
    if (tag.back() == '/') continue;
    open.push_back(tag.substr(0, tag.find_first_of(" \t\n")));
  }
  if (!open.empty()) return "unclosed <" + open.back() + ">";
  return "";
}

TEST(XdmfWriter, PathReplacesTheH5Extension) {
  EXPECT_EQ(xdmf_path_for("out/run.h5"), "out/run.xdmf");
  EXPECT_EQ(xdmf_path_for("run.hdf5"), "run.xdmf");
  EXPECT_EQ(xdmf_path_for("run.dat"), "run.dat.xdmf");
}

TEST(XdmfWriter, OneStepPerSaveAndOneGridPerMember) {
  TempDir dir;
  const Results r = test::make_results();  // 3 members (5, 3, 4 beads), 4 saves, max_beads 5
  write_results(dir.file("run.h5"), r);
  write_xdmf(dir.file("run.h5"), r);
  const std::string text = read_text(dir.file("run.xdmf"));
  EXPECT_EQ(xml_problem(text), "");
  EXPECT_NE(text.find("<Xdmf Version=\"3.0\""), std::string::npos);
  EXPECT_EQ(count(text, "CollectionType=\"Temporal\""), 1u);
  EXPECT_EQ(count(text, "CollectionType=\"Spatial\""), 4u);
  EXPECT_EQ(count(text, "<Time Value="), 4u);
  EXPECT_NE(text.find("<Time Value=\"0.10000000000000001\"/>"), std::string::npos);
  EXPECT_NE(text.find("<Time Value=\"0.29999999999999999\"/>"), std::string::npos);
  EXPECT_EQ(count(text, "GridType=\"Uniform\""), 12u);
  EXPECT_EQ(count(text, "TopologyType=\"Polyline\" NumberOfElements=\"1\""), 12u);
  // Member 1 at save 2: 3 beads of [3][4][5][3], the padding left out; relative file name only.
  EXPECT_NE(text.find("<DataItem Dimensions=\"3 4\" NumberType=\"Int\" Format=\"XML\">1 2 0 0  1 1 1 1  1 1 3 3"
                      "</DataItem>"),
            std::string::npos);
  EXPECT_NE(text.find("<DataItem ItemType=\"HyperSlab\" Dimensions=\"1 1 3 3\""), std::string::npos);
  EXPECT_EQ(count(text,
                  "Dimensions=\"3 4 5 3\" NumberType=\"Float\" Precision=\"8\" Format=\"HDF\">"
                  "run.h5:/series/positions</DataItem>"),
            12u);
  EXPECT_EQ(count(text, "run.h5:/series/velocities"), 12u);
  EXPECT_EQ(text.find(dir.file("")), std::string::npos);  // no absolute path
  // One connectivity per distinct member shape, included by XPointer.
  EXPECT_EQ(count(text, "<DataItem Name=\"polylines_1x"), 3u);
  EXPECT_NE(text.find("<DataItem Name=\"polylines_1x5\" Dimensions=\"1 5\""), std::string::npos);
  EXPECT_NE(text.find("xpointer(/Xdmf/Domain/DataItem[@Name='polylines_1x4'])"), std::string::npos);
  std::vector<std::string> entries = dir.entries();
  std::sort(entries.begin(), entries.end());
  EXPECT_EQ(entries, (std::vector<std::string>{"run.h5", "run.xdmf"}));  // no temporary left behind
}

TEST(XdmfWriter, MembersSplitIntoEqualRods) {
  TempDir dir;
  Results r = test::make_results();
  r.beads = {4, 2, 4};
  r.max_beads = 5;
  r.rods = {2, 1, 4};
  r.series("velocities").clear();
  r.final("velocities").clear();
  // Positions stay the same array: beads past beads[i] are NaN-padded anyway for the shape check.
  write_results(dir.file("rods.h5"), r);
  write_xdmf(dir.file("rods.h5"), r);
  const std::string text = read_text(dir.file("rods.xdmf"));
  EXPECT_EQ(xml_problem(text), "");
  EXPECT_EQ(count(text, "NumberOfElements=\"2\" NodesPerElement=\"2\""), 4u);  // member 0 at each save
  EXPECT_EQ(count(text, "NumberOfElements=\"1\" NodesPerElement=\"2\""), 4u);  // member 1
  EXPECT_EQ(count(text, "NumberOfElements=\"4\" NodesPerElement=\"1\""), 4u);  // member 2
  EXPECT_NE(text.find("<DataItem Name=\"polylines_2x2\" Dimensions=\"2 2\" NumberType=\"Int\" Precision=\"4\" "
                      "Format=\"XML\">\n      0 1\n      2 3\n    </DataItem>"),
            std::string::npos);
  EXPECT_EQ(count(text, ">0 0  1 1  2 2</DataItem>"), 4u);  // member 0's topology: all of polylines_2x2
  // Cell attributes: member index and rod index per polyline.
  EXPECT_NE(text.find("<DataItem Dimensions=\"4\" NumberType=\"Int\" Format=\"XML\">2 2 2 2</DataItem>"),
            std::string::npos);
  EXPECT_NE(text.find("<DataItem Dimensions=\"4\" NumberType=\"Int\" Format=\"XML\">0 1 2 3</DataItem>"),
            std::string::npos);
  EXPECT_EQ(count(text, "series/velocities"), 0u);
}

TEST(XdmfWriter, FinalStateWhenNoSeries) {
  TempDir dir;
  const Results r = test::make_steady_results();  // final positions only
  write_results(dir.file("steady.h5"), r);
  write_xdmf(dir.file("steady.h5"), r);
  const std::string text = read_text(dir.file("steady.xdmf"));
  EXPECT_EQ(xml_problem(text), "");
  EXPECT_EQ(count(text, "<Time Value="), 1u);
  EXPECT_NE(text.find("<Time Value=\"0\"/>"), std::string::npos);
  EXPECT_EQ(count(text,
                  "Dimensions=\"3 5 3\" NumberType=\"Float\" Precision=\"8\" Format=\"HDF\">"
                  "steady.h5:/final/positions</DataItem>"),
            3u);
  EXPECT_NE(text.find(">2 0 0  1 1 1  1 4 3</DataItem>"), std::string::npos);  // member 2, 4 beads
}

TEST(XdmfWriter, Failures) {
  TempDir dir;
  Results r = test::make_results();
  EXPECT_THROW(write_xdmf(dir.file("missing.h5"), r), IoError);  // no results file to point at

  write_results(dir.file("run.h5"), r);
  r.rods = {2, 1, 1};  // 5 beads do not split into 2 equal rods
  EXPECT_THROW(write_xdmf(dir.file("run.h5"), r), IoError);
  r.rods = {1, 1};  // wrong length
  EXPECT_THROW(write_xdmf(dir.file("run.h5"), r), IoError);
  r.rods.clear();
  r.series("positions").clear();
  r.final("positions").clear();
  try {
    write_xdmf(dir.file("run.h5"), r);
    FAIL() << "expected IoError";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("no positions saved"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("run.xdmf"), std::string::npos) << e.what();
  }
  std::vector<std::string> entries = dir.entries();
  EXPECT_EQ(entries, (std::vector<std::string>{"run.h5"}));  // nothing written on failure
}

}  // namespace
}  // namespace rodswarm
