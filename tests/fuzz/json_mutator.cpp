/// @file json_mutator.cpp
/// Structure-aware mutations for fuzz_config (LLVMFuzzerCustomMutator). Byte mutations of a JSON config mostly
/// break its syntax and rarely reach the schema's corners; this mutator parses the input (the part before 0xFF) and
/// changes it as JSON: a number becomes an edge value (0, -1, 1e9, 1e308, 2^63, ...), a value changes type, is
/// copied over another, nested hundreds to tens of thousands of levels deep, repeated, or removed; and it writes
/// `--set` overrides (after 0xFF) that assign such values to keys the config has. One mutation in four, and every
/// input that does not parse, is left to libFuzzer's byte mutations (LLVMFuzzerMutate).
///
/// Built without coverage instrumentation (tests/fuzz/CMakeLists.txt): its own parsing must not count as coverage.
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <cstring>
#include <exception>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

namespace {

using nlohmann::json;

struct Node {
  json* value;
  std::string path;  // the dotted key of the value, as --set writes it ("params.m", "initial.peak[1]")
};

// Every value of `root` with its dotted path, parents before children.
std::vector<Node> nodes_of(json& root) {
  std::vector<Node> nodes{{&root, ""}};
  for (std::size_t i = 0; i < nodes.size() && nodes.size() < 100000; ++i) {
    json& v = *nodes[i].value;
    const std::string path = nodes[i].path;
    if (v.is_object()) {
      for (auto it = v.begin(); it != v.end(); ++it)
        nodes.push_back({&it.value(), path.empty() ? it.key() : path + "." + it.key()});
    } else if (v.is_array()) {
      for (std::size_t k = 0; k < v.size(); ++k) nodes.push_back({&v[k], path + "[" + std::to_string(k) + "]"});
    }
  }
  return nodes;
}

// Numbers at the edges of what the readers accept: counts, sizes, indices, float ranges.
json edge_number(std::mt19937_64& rng) {
  static const std::vector<json> edges = {0,
                                          1,
                                          -1,
                                          2,
                                          3,
                                          7,
                                          0.5,
                                          -0.0,
                                          1e-320,
                                          1e-300,
                                          1e6,
                                          1e7,
                                          1e8,
                                          1e9,
                                          1e12,
                                          1e18,
                                          1e19,
                                          1e308,
                                          -1e308,
                                          2147483647,
                                          2147483648LL,
                                          4294967295LL,
                                          4294967296LL,
                                          9007199254740993.0,
                                          -2147483649LL,
                                          std::numeric_limits<std::int64_t>::max(),
                                          std::numeric_limits<std::int64_t>::min(),
                                          std::numeric_limits<std::uint64_t>::max(),
                                          1.7976931348623157e308,
                                          4.9e-324};
  return edges[rng() % edges.size()];
}

json scaled(const json& v, std::mt19937_64& rng) {
  const double x = v.is_number() ? v.get<double>() : 1.0;
  static const double factors[] = {1e3, 1e6, 1e9, -1, 1e-9, 0, 10, 0.1, 1e300};
  return x * factors[rng() % (sizeof factors / sizeof factors[0])];
}

json other_type(std::mt19937_64& rng) {
  switch (rng() % 7) {
    case 0:
      return nullptr;
    case 1:
      return true;
    case 2:
      return "";
    case 3:
      return json::array();
    case 4:
      return json::object();
    case 5:
      return "x";
    default:
      return edge_number(rng);
  }
}

// `v` inside `depth` arrays or one-key objects.
std::string nested_text(const json& v, std::size_t depth, bool objects) {
  std::string text;
  text.reserve(depth * 6 + 16);
  for (std::size_t i = 0; i < depth; ++i) text += objects ? "{\"a\":" : "[";
  text += v.dump();
  for (std::size_t i = 0; i < depth; ++i) text += objects ? "}" : "]";
  return text;
}

// The nesting depth of JSON text (brackets outside strings), to keep the mutator's own recursion (copies, dump)
// shallow: deeper inputs are left to byte mutations.
std::size_t nesting_depth(const std::string& text) {
  std::size_t depth = 0, deepest = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

std::size_t mutate(std::uint8_t* data, std::size_t size, std::size_t max_size, unsigned seed) {
  std::mt19937_64 rng(seed);
  if (rng() % 4 == 0) return LLVMFuzzerMutate(data, size, max_size);
  const auto* begin = reinterpret_cast<const char*>(data);
  const auto* sep = static_cast<const char*>(std::memchr(begin, 0xFF, size));
  const std::string head(begin, sep ? sep : begin + size);
  std::string tail = sep ? std::string(sep + 1, begin + size) : std::string();
  if (nesting_depth(head) > 200) return LLVMFuzzerMutate(data, size, max_size);
  json root = json::parse(head, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded()) return LLVMFuzzerMutate(data, size, max_size);

  std::vector<Node> nodes = nodes_of(root);
  Node& target = nodes[rng() % nodes.size()];
  json& v = *target.value;
  std::string text;  // when set, replaces the whole head (mutations too deep to build as a json value)
  switch (rng() % 10) {
    case 0:
    case 1:
      v = edge_number(rng);
      break;
    case 2:
      v = scaled(v, rng);
      break;
    case 3:
      v = other_type(rng);
      break;
    case 4:
      v = *nodes[rng() % nodes.size()].value;
      break;   // a copy of another value (perhaps its own parent)
    case 5: {  // repeat an array's elements
      if (v.is_array() && !v.empty()) {
        const json element = v[rng() % v.size()];
        const std::size_t bytes = element.dump(-1, ' ', false, json::error_handler_t::replace).size() + 1;
        const std::size_t n = std::min(std::size_t{1} << (rng() % 12), max_size / bytes + 1);
        for (std::size_t i = 0; i < n; ++i) v.push_back(element);
      } else {
        v = json::array({v, v});
      }
      break;
    }
    case 6: {  // remove a member or an element
      if (v.is_object() && !v.empty()) {
        auto it = v.begin();
        std::advance(it, static_cast<long>(rng() % v.size()));
        v.erase(it);
      } else if (v.is_array() && !v.empty()) {
        v.erase(v.begin() + static_cast<long>(rng() % v.size()));
      }
      break;
    }
    case 7: {  // nesting: a value inside hundreds to tens of thousands of levels
      static const std::size_t depths[] = {100, 1000, 5000, 10000, 20000, 30000};
      const std::size_t depth = depths[rng() % (sizeof depths / sizeof depths[0])];
      const std::string marker = "\"@@fuzz-nest@@\"";
      v = "@@fuzz-nest@@";
      text = root.dump(-1, ' ', false, json::error_handler_t::replace);
      const std::size_t at = text.find(marker);
      if (at != std::string::npos) text.replace(at, marker.size(), nested_text(json(1), depth, rng() % 2 == 0));
      break;
    }
    case 8:
    case 9: {  // a --set override of one of the config's keys
      if (target.path.empty()) break;
      json value = rng() % 2 ? edge_number(rng) : *nodes[rng() % nodes.size()].value;
      tail = target.path + "=" + value.dump(-1, ' ', false, json::error_handler_t::replace);
      break;
    }
  }
  if (text.empty()) text = root.dump(-1, ' ', false, json::error_handler_t::replace);
  if (sep != nullptr || !tail.empty()) text += '\xFF' + tail;
  if (text.size() > max_size) return LLVMFuzzerMutate(data, size, max_size);
  std::memcpy(data, text.data(), text.size());
  return text.size();
}

}  // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t max_size,
                                               unsigned int seed) {
  try {
    return mutate(data, size, max_size, seed);
  } catch (const std::exception&) {  // a value the mutator could not handle: fall back to bytes
    return LLVMFuzzerMutate(data, size, max_size);
  }
}
