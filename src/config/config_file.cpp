/// @file config_file.cpp
/// read_config_file: file to JSON, with line/column on syntax errors and detection of duplicate keys (which
/// nlohmann::json would otherwise resolve silently to the last value).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>
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
  while ((got = std::fread(buf, 1, sizeof buf, f)) > 0) {
    text.append(buf, got);
    if (text.size() > max_config_bytes) {  // a device, a pipe or a results file given as the config: stop reading
      std::fclose(f);
      throw ConfigError(path, "", "larger than " + std::to_string(max_config_bytes >> 20) + " MiB: not a config file");
    }
  }
  const bool failed = std::ferror(f) != 0;
  const int err = errno;
  std::fclose(f);
  if (failed) throw ConfigError(path, "", std::string("cannot read file: ") + std::strerror(err));
  return text;
}

/// Tracks where the parser is (dotted key of the current value) so that a duplicate key, a nesting too deep and a
/// number out of range can be named. nlohmann::json copies its callback: the parser holds a ParseTracker& through
/// a small forwarding lambda, and the caller reads current_key() after a parse error.
class ParseTracker {
 public:
  explicit ParseTracker(const std::string& path) : path_(path) {}

  bool operator()(int depth, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        // Refused while parsing, before the document exists: a deeper one would overflow the stack of every
        // recursive walk over it (copies, comparisons, the schema's readers).
        if (depth >= max_config_depth) {
          throw ConfigError(path_, current_key(),
                            "nested deeper than " + std::to_string(max_config_depth) + " levels: not a config");
        }
        frames_.push_back(Frame{event == json::parse_event_t::array_start, 0, "", {}});
        break;
      case json::parse_event_t::key: {
        Frame& top = frames_.back();
        top.key = parsed.get<std::string>();
        if (!top.seen.insert(top.key).second) throw ConfigError(path_, current_key(), "duplicate key");
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

  /// The dotted key of the value being parsed ("" at the top).
  std::string current_key() const {
    std::string out;
    for (const auto& f : frames_) {
      out = f.is_array ? config_detail::index_key(out, f.index) : config_detail::join_key(out, f.key);
    }
    return out;
  }

 private:
  struct Frame {
    bool is_array;
    std::size_t index;           // next array element
    std::string key;             // current object member
    std::set<std::string> seen;  // object keys so far
  };

  void element_done() {
    if (!frames_.empty() && frames_.back().is_array) ++frames_.back().index;
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

json parse_config_text(const std::string& text, const std::string& source, bool* not_json) {
  if (not_json != nullptr) *not_json = false;
  const std::size_t nul = text.find('\0');
  if (nul != std::string::npos) {
    // nlohmann's parser would stop at it and accept whatever came before as the whole config.
    const auto [line, column] = line_column(text, nul + 1);
    throw ConfigError(source, "",
                      "a NUL byte at line " + std::to_string(line) + ", column " + std::to_string(column) +
                          ": a config is JSON text");
  }
  ParseTracker tracker(source);
  try {
    return json::parse(
        text, [&tracker](int depth, json::parse_event_t event, json& parsed) { return tracker(depth, event, parsed); });
  } catch (const json::parse_error& e) {
    if (not_json != nullptr) {
      *not_json = true;
      return json();
    }
    const auto [line, column] = line_column(text, e.byte);
    std::string detail = e.what();
    // nlohmann's text is "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ...".
    const std::size_t at = detail.find("syntax error");
    if (at != std::string::npos) detail = detail.substr(at);
    throw ConfigError(
        source, "",
        "invalid JSON at line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + detail);
  } catch (const json::exception& e) {
    // A number beyond double's range ("1e999": out_of_range 406) is the only other failure of parsing.
    std::string detail = e.what();
    const std::size_t at = detail.find("] ");
    if (at != std::string::npos) detail = detail.substr(at + 2);
    throw ConfigError(source, tracker.current_key(), detail + " (beyond the range of a double)");
  }
}

json read_config_file(const std::string& path) { return parse_config_text(read_whole_file(path), path); }

}  // namespace rodswarm
