/// @file test_reference_independence.cpp
/// The reference is an oracle only if it is independent: none of its sources may include the backends'
/// physics (include/rodswarm/), and its library must not link rodswarm_headers.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(ReferenceIndependence, SourcesIncludeNoRodswarmHeader) {
  const fs::path dir = fs::path(RODSWARM_SOURCE_DIR) / "src" / "reference";
  ASSERT_TRUE(fs::is_directory(dir)) << dir;
  std::vector<fs::path> sources;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    const std::string ext = entry.path().extension().string();
    if (ext == ".cpp" || ext == ".hpp" || ext == ".h" || ext == ".cc" || ext == ".cu" || ext == ".cuh")
      sources.push_back(entry.path());
  }
  ASSERT_FALSE(sources.empty());
  for (const auto& path : sources) {
    const std::string text = read_file(path);
    ASSERT_FALSE(text.empty()) << path;
    EXPECT_EQ(text.find("#include \"rodswarm/"), std::string::npos) << path;
    EXPECT_EQ(text.find("<rodswarm/"), std::string::npos) << path;
  }
}

TEST(ReferenceIndependence, LibraryDoesNotLinkTheBackendHeaders) {
  std::istringstream lines(read_file(fs::path(RODSWARM_SOURCE_DIR) / "src" / "reference" / "CMakeLists.txt"));
  bool saw_library = false;
  for (std::string line; std::getline(lines, line);) {
    const std::string code = line.substr(0, line.find('#'));  // comments may name it, code may not
    EXPECT_EQ(code.find("rodswarm_headers"), std::string::npos) << line;
    EXPECT_EQ(code.find("include/"), std::string::npos) << line;
    if (code.find("add_library(rodswarm_reference") != std::string::npos) saw_library = true;
  }
  EXPECT_TRUE(saw_library);
}

}  // namespace
