/// @file xdmf_writer.cpp
/// The XDMF 3 companion of a results file (xdmf_writer.hpp): text only, the bulk data stays in the HDF5 file.
#include "io/xdmf_writer.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <fstream>
#include <locale>
#include <map>
#include <sstream>
#include <system_error>
#include <utility>
#include <vector>

#include "io/results_layout.hpp"

namespace rodswarm {

namespace {

// Escapes the five XML special characters (file names and member names end up in attribute values and text).
std::string xml_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// Round-trip text of a double, independent of the global locale.
std::string number(double value) {
  std::ostringstream out;
  out.imbue(std::locale::classic());
  out.precision(17);
  out << value;
  return out.str();
}

// How the members' beads split into rods: rods per member, checked against the bead counts.
std::vector<std::int64_t> rods_per_member(const Results& r) {
  const auto members = static_cast<std::size_t>(r.members);
  std::vector<std::int64_t> rods(members, 1);
  if (r.rods.empty()) return rods;
  if (r.rods.size() != members) {
    throw IoError("field rods has " + std::to_string(r.rods.size()) + " values, expected " + std::to_string(members) +
                  " (members), or none");
  }
  for (std::size_t i = 0; i < members; ++i) {
    const std::int64_t count = r.rods[i];
    const std::int64_t beads = r.beads[i];
    if (count < 1 || (beads % count) != 0) {
      throw IoError("field rods: member " + std::to_string(i) + " has " + std::to_string(count) + " rods, which " +
                    "do not split its " + std::to_string(beads) + " beads into equal rods");
    }
    rods[i] = count;
  }
  return rods;
}

// Which array the geometry comes from: the series (one step per save) or the final state (one step).
struct Source {
  std::string positions;      // dataset path
  std::string velocities;     // dataset path, or "" when not saved
  bool series = true;         // [M][S][B][3] (true) or [M][B][3]
  std::vector<double> times;  // one per step
};

/// Which of a field's arrays the file holds: (name, true) for its series, (name, false) for its final values.
using Saved = std::function<bool(const std::string&, bool)>;

Source choose_source(const Results& r, const Saved& saved) {
  Source s;
  if (saved("positions", true) && !r.time.empty()) {
    s.positions = layout::series_path("positions");
    s.velocities = saved("velocities", true) ? layout::series_path("velocities") : "";
    s.times = r.time;
    return s;
  }
  if (saved("positions", false)) {
    s.series = false;
    s.positions = layout::final_path("positions");
    s.velocities = saved("velocities", false) ? layout::final_path("velocities") : "";
    double t = 0.0;
    if (!r.final_time.empty()) t = *std::max_element(r.final_time.begin(), r.final_time.end());
    s.times = {t};
    return s;
  }
  throw IoError("no positions saved (output.fields without \"positions\"): nothing for XDMF to show");
}

class XdmfText {
 public:
  XdmfText(const Results& r, std::string h5_name, Source source, std::vector<std::int64_t> rods)
      : r_(r), h5_(xml_escape(h5_name)), source_(std::move(source)), rods_(std::move(rods)) {}

  void write(std::ostream& out) {
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<!DOCTYPE Xdmf SYSTEM \"Xdmf.dtd\" []>\n"
        << "<Xdmf Version=\"3.0\" xmlns:xi=\"http://www.w3.org/2001/XInclude\">\n"
        << "  <Domain>\n";
    write_connectivities(out);
    out << "    <Grid Name=\"rods\" GridType=\"Collection\" CollectionType=\"Temporal\">\n";
    for (std::size_t k = 0; k < source_.times.size(); ++k) write_step(out, k);
    out << "    </Grid>\n"
        << "  </Domain>\n"
        << "</Xdmf>\n";
  }

 private:
  // The connectivity of `rods` rods of `per_rod` nodes each, consecutive: row r is r*per_rod ... (r+1)*per_rod-1.
  static std::string connectivity_name(std::int64_t rods, std::int64_t per_rod) {
    return "polylines_" + std::to_string(rods) + "x" + std::to_string(per_rod);
  }

  void write_connectivities(std::ostream& out) {
    std::map<std::pair<std::int64_t, std::int64_t>, bool> seen;
    for (std::size_t i = 0; i < rods_.size(); ++i) {
      const std::int64_t beads = r_.beads[i];
      if (beads == 0) continue;
      const std::int64_t per_rod = beads / rods_[i];
      if (!seen.emplace(std::make_pair(rods_[i], per_rod), true).second) continue;
      out << "    <DataItem Name=\"" << connectivity_name(rods_[i], per_rod) << "\" Dimensions=\"" << rods_[i] << ' '
          << per_rod << "\" NumberType=\"Int\" Precision=\"4\" Format=\"XML\">\n";
      for (std::int64_t rod = 0; rod < rods_[i]; ++rod) {
        out << "     ";
        for (std::int64_t b = 0; b < per_rod; ++b) out << ' ' << rod * per_rod + b;
        out << '\n';
      }
      out << "    </DataItem>\n";
    }
  }

  // A hyperslab of member i's rows (save k for series) of the [M][S][B][3] or [M][B][3] dataset `path`.
  void write_slab(std::ostream& out, const std::string& path, std::size_t i, std::size_t k, std::int64_t beads,
                  const char* indent) const {
    const std::string M = std::to_string(r_.members), S = std::to_string(r_.time.size()),
                      B = std::to_string(r_.max_beads), n = std::to_string(beads), I = std::to_string(i),
                      K = std::to_string(k);
    const std::string rank = source_.series ? "4" : "3";
    const std::string count = source_.series ? "1 1 " + n + " 3" : "1 " + n + " 3";
    const std::string start = source_.series ? I + " " + K + " 0 0" : I + " 0 0";
    const std::string stride = source_.series ? "1 1 1 1" : "1 1 1";
    const std::string whole = source_.series ? M + " " + S + " " + B + " 3" : M + " " + B + " 3";
    out << indent << "<DataItem ItemType=\"HyperSlab\" Dimensions=\"" << count << "\" Type=\"HyperSlab\">\n"
        << indent << "  <DataItem Dimensions=\"3 " << rank << "\" NumberType=\"Int\" Format=\"XML\">" << start << "  "
        << stride << "  " << count << "</DataItem>\n"
        << indent << "  <DataItem Dimensions=\"" << whole << "\" NumberType=\"Float\" Precision=\"8\" Format=\"HDF\">"
        << h5_ << ':' << path << "</DataItem>\n"
        << indent << "</DataItem>\n";
  }

  void write_step(std::ostream& out, std::size_t k) {
    out << "      <Grid Name=\"save " << k << "\" GridType=\"Collection\" CollectionType=\"Spatial\">\n"
        << "        <Time Value=\"" << number(source_.times[k]) << "\"/>\n";
    for (std::size_t i = 0; i < rods_.size(); ++i) {
      const std::int64_t beads = r_.beads[i];
      if (beads == 0) continue;
      const std::int64_t rods = rods_[i];
      const std::int64_t per_rod = beads / rods;
      // The connectivity goes in as a hyperslab of the whole shared DataItem rather than a bare XInclude: VTK's
      // XDMF 2 reader then does not try to cache the grid by its topology text (which logs an error when the
      // geometry is a hyperslab).
      out << "        <Grid Name=\"member " << i << "\" GridType=\"Uniform\">\n"
          << "          <Topology TopologyType=\"Polyline\" NumberOfElements=\"" << rods << "\" NodesPerElement=\""
          << per_rod << "\">\n"
          << "            <DataItem ItemType=\"HyperSlab\" Dimensions=\"" << rods << ' ' << per_rod
          << "\" Type=\"HyperSlab\">\n"
          << "              <DataItem Dimensions=\"3 2\" NumberType=\"Int\" Format=\"XML\">0 0  1 1  " << rods << ' '
          << per_rod << "</DataItem>\n"
          << "              <xi:include xpointer=\"xpointer(/Xdmf/Domain/DataItem[@Name='"
          << connectivity_name(rods, per_rod) << "'])\"/>\n"
          << "            </DataItem>\n"
          << "          </Topology>\n"
          << "          <Geometry GeometryType=\"XYZ\">\n";
      write_slab(out, source_.positions, i, k, beads, "            ");
      out << "          </Geometry>\n";
      if (!source_.velocities.empty()) {
        out << "          <Attribute Name=\"velocity\" AttributeType=\"Vector\" Center=\"Node\">\n";
        write_slab(out, source_.velocities, i, k, beads, "            ");
        out << "          </Attribute>\n";
      }
      out << "          <Attribute Name=\"member\" AttributeType=\"Scalar\" Center=\"Cell\">\n"
          << "            <DataItem Dimensions=\"" << rods << "\" NumberType=\"Int\" Format=\"XML\">";
      for (std::int64_t rod = 0; rod < rods; ++rod) out << (rod ? " " : "") << i;
      out << "</DataItem>\n"
          << "          </Attribute>\n"
          << "          <Attribute Name=\"rod\" AttributeType=\"Scalar\" Center=\"Cell\">\n"
          << "            <DataItem Dimensions=\"" << rods << "\" NumberType=\"Int\" Format=\"XML\">";
      for (std::int64_t rod = 0; rod < rods; ++rod) out << (rod ? " " : "") << rod;
      out << "</DataItem>\n"
          << "          </Attribute>\n"
          << "        </Grid>\n";
    }
    out << "      </Grid>\n";
  }

  const Results& r_;
  std::string h5_;
  Source source_;
  std::vector<std::int64_t> rods_;
};

}  // namespace

std::string xdmf_path_for(const std::string& h5_path) {
  const std::filesystem::path path(h5_path);
  const std::string ext = path.extension().string();
  if (ext == ".h5" || ext == ".hdf5") return std::filesystem::path(path).replace_extension(".xdmf").string();
  return h5_path + ".xdmf";
}

namespace {

void write_xdmf_for(const std::string& h5_path, const Results& r, const Saved& saved) {
  const std::string path = xdmf_path_for(h5_path);
  try {
    layout::validate(r);
    const std::vector<std::int64_t> rods = rods_per_member(r);
    Source source = choose_source(r, saved);

    const std::string h5_name = std::filesystem::path(h5_path).filename().string();
    // XDMF separates the file from the dataset at the first ':'; such a name cannot be referenced.
    if (h5_name.empty() || h5_name.find(':') != std::string::npos) {
      throw IoError("results file name \"" + h5_name + "\" cannot be referenced from XDMF (empty or contains ':')");
    }
    std::error_code ec;
    if (!std::filesystem::is_regular_file(h5_path, ec)) {
      throw IoError("results file " + h5_path + " does not exist (write it with write_results first)");
    }

    // Same directory as the target, so the rename is atomic.
    const std::string tmp = path + ".tmp." + std::to_string(static_cast<long long>(::getpid()));
    try {
      std::ofstream out(tmp, std::ios::out | std::ios::trunc);
      if (!out) throw IoError(std::string("cannot create ") + tmp + ": " + std::strerror(errno));
      out.imbue(std::locale::classic());
      XdmfText(r, h5_name, std::move(source), rods).write(out);
      out.close();
      if (!out) throw IoError("cannot write " + tmp);
    } catch (...) {
      std::remove(tmp.c_str());
      throw;
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
      const std::string reason = std::strerror(errno);
      std::remove(tmp.c_str());
      throw IoError("cannot move " + tmp + " into place: " + reason);
    }
  } catch (const std::exception& e) {  // IoError from above, std::bad_alloc, filesystem errors
    throw IoError(path + ": " + e.what());
  }
}

}  // namespace

void write_xdmf(const std::string& h5_path, const Results& r) {
  write_xdmf_for(h5_path, r, [&r](const std::string& name, bool series) {
    return !(series ? r.series(name) : r.final(name)).empty();
  });
}

void write_xdmf(const std::string& h5_path) {
  const ResultsOutline outline = read_results_outline(h5_path);
  write_xdmf_for(h5_path, outline.results, [&outline](const std::string& name, bool series) {
    const auto& names = series ? outline.series_fields : outline.final_fields;
    return std::find(names.begin(), names.end(), name) != names.end();
  });
}

}  // namespace rodswarm
