/// @file config_file.cpp
/// read_config_file: file to JSON, with line/column on syntax errors and detection of duplicate keys (which
/// nlohmann::json would otherwise resolve silently to the last value).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "config/config_loader.hpp"
#include "config/json_check.hpp"

namespace rodswarm {

namespace {

using nlohmann::json;

std::string read_whole_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw ConfigError(path, "", "cannot read file: it is a directory");
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) throw ConfigError(path, "", std::string("cannot read file: ") + std::strerror(errno));
  std::string text;
  char buf[65536];
  std::size_t got = 0;
  while ((got = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, got);
  const bool failed = std::ferror(f) != 0;
  const int err = errno;
  std::fclose(f);
  if (failed) throw ConfigError(path, "", std::string("cannot read file: ") + std::strerror(err));
  return text;
}

/// Tracks where the parser is (dotted key of the current value) so that a duplicate key can be named.
class DuplicateKeyCheck {
 public:
  explicit DuplicateKeyCheck(const std::string& path) : path_(path) {}

  bool operator()(int /*depth*/, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
        frames_.push_back(Frame{false, 0, "", {}});
        break;
      case json::parse_event_t::array_start:
        frames_.push_back(Frame{true, 0, "", {}});
        break;
      case json::parse_event_t::key: {
        Frame& top = frames_.back();
        top.key = parsed.get<std::string>();
        for (const auto& k : top.seen) {
          if (k == top.key) throw ConfigError(path_, current_key(), "duplicate key");
        }
        top.seen.push_back(top.key);
        break;
      }
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        frames_.pop_back();
        element_done();
        break;
      case json::parse_event_t::value:
        element_done();
        break;
    }
    return true;
  }

 private:
  struct Frame {
    bool is_array;
    std::size_t index;              // next array element
    std::string key;                // current object member
    std::vector<std::string> seen;  // object keys so far (config objects are small)
  };

  void element_done() {
    if (!frames_.empty() && frames_.back().is_array) ++frames_.back().index;
  }

  std::string current_key() const {
    std::string out;
    for (const auto& f : frames_) {
      out = f.is_array ? config_detail::index_key(out, f.index) : config_detail::join_key(out, f.key);
    }
    return out;
  }

  std::string path_;
  std::vector<Frame> frames_;
};

/// 1-based line and column of the byte offset `byte` (nlohmann counts from 1: the offending character).
std::pair<std::size_t, std::size_t> line_column(const std::string& text, std::size_t byte) {
  std::size_t line = 1, column = 1;
  const std::size_t end = byte > 0 ? std::min(byte - 1, text.size()) : 0;
  for (std::size_t i = 0; i < end; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

}  // namespace

json read_config_file(const std::string& path) {
  const std::string text = read_whole_file(path);
  try {
    return json::parse(text, DuplicateKeyCheck(path));
  } catch (const json::parse_error& e) {
    const auto [line, column] = line_column(text, e.byte);
    std::string detail = e.what();
    // nlohmann's text is "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ...".
    const std::size_t at = detail.find("syntax error");
    if (at != std::string::npos) detail = detail.substr(at);
    throw ConfigError(
        path, "",
        "invalid JSON at line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + detail);
  }
}

}  // namespace rodswarm
