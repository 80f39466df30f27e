/// @file card_properties.hpp
/// What a GPU allows a launch, as numbers: the limits a real card checks when a kernel is launched (threads and
/// shared memory per block, registers, resident blocks per SM), and the cards rodswarm is tested against. Plain
/// C++, so that launch configurations are checked against real cards in CI, where no GPU runs
/// (include/rodswarm/gpu/launch_config.hpp, tests/unit/test_launch_config.cpp).
///
/// The per-compute-capability limits are those of the CUDA C++ Programming Guide's "Technical Specifications per
/// Compute Capability" table (and NVIDIA's occupancy calculator, cuda_occupancy.h, which the unit test compares
/// against where the toolkit is installed); the SM counts are the products' own.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace rodswarm {

struct CardProperties {
  std::string name;
  int major = 9, minor = 0;  ///< compute capability
  int sms = 132;             ///< streaming multiprocessors
  int max_threads_per_block = 1024;
  int max_threads_per_sm = 2048;
  int max_blocks_per_sm = 32;
  int registers_per_sm = 65536;     ///< 32-bit registers
  int registers_per_block = 65536;  ///< at most, for one block
  int max_registers_per_thread = 255;
  int register_granularity = 256;                ///< registers are allocated per warp in units of this many
  int sub_partitions = 4;                        ///< each SM's register file is split evenly between its schedulers
  std::size_t shared_per_sm = 233472;            ///< shared memory of one SM at the largest carveout
  std::size_t shared_per_block = 49152;          ///< dynamic + static shared memory of a block without opt-in
  std::size_t shared_per_block_optin = 232448;   ///< with cudaFuncAttributeMaxDynamicSharedMemorySize
  std::size_t reserved_shared_per_block = 1024;  ///< taken by the driver from every block's SM share (sm_80+)
  std::size_t shared_granularity = 128;          ///< shared memory is allocated per block in units of this
  long long max_grid_x = 2147483647;             ///< gridDim.x
  bool cooperative_launch = true;

  /// "sm_90": the architecture's name.
  std::string arch() const { return "sm_" + std::to_string(major) + std::to_string(minor); }
};

/// The cards rodswarm's launch configurations are unit-tested against.
inline CardProperties card_a100() {
  CardProperties c;
  c.name = "NVIDIA A100-SXM4-80GB";
  c.major = 8;
  c.minor = 0;
  c.sms = 108;
  c.shared_per_sm = 167936;           // 164 KB
  c.shared_per_block_optin = 166912;  // 163 KB
  return c;
}
inline CardProperties card_h100_sxm() {
  CardProperties c;
  c.name = "NVIDIA H100 80GB HBM3";
  c.sms = 132;  // defaults above: sm_90, 228 KB per SM, 227 KB opt-in
  return c;
}
inline CardProperties card_h200() {
  CardProperties c = card_h100_sxm();  // the same GH100 SM array with more and faster memory
  c.name = "NVIDIA H200";
  return c;
}
/// Ada (sm_89): 1536 threads and 24 blocks per SM, 100 KB of shared memory per SM, 99 KB opt-in per block.
inline CardProperties ada_card(const char* name, int sms) {
  CardProperties c;
  c.name = name;
  c.major = 8;
  c.minor = 9;
  c.sms = sms;
  c.max_threads_per_sm = 1536;
  c.max_blocks_per_sm = 24;
  c.shared_per_sm = 102400;
  c.shared_per_block_optin = 101376;
  return c;
}
inline CardProperties card_l4() { return ada_card("NVIDIA L4", 58); }
inline CardProperties card_rtx4090() { return ada_card("NVIDIA GeForce RTX 4090", 128); }

inline std::vector<CardProperties> known_cards() {
  return {card_a100(), card_h100_sxm(), card_h200(), card_l4(), card_rtx4090()};
}

/// The short names of known_cards(), in order: what `--card` (the emulated backend's card) accepts.
inline std::vector<std::string> known_card_keys() { return {"a100", "h100", "h200", "l4", "rtx4090"}; }

/// The card of a short name, or of "KEY:SMS": that card with only SMS of its SMs, as a MIG or MPS partition
/// gives a process (and as the tests use to give a launch more members than blocks). Throws
/// std::invalid_argument naming the choices.
inline CardProperties card_by_key(const std::string& spec) {
  const std::string key = spec.substr(0, spec.find(':'));
  const auto keys = known_card_keys();
  const auto cards = known_cards();
  std::string choices;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    choices += (k == 0 ? "" : k + 1 == keys.size() ? " or " : ", ") + keys[k];
  }
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (keys[k] != key) continue;
    CardProperties card = cards[k];
    if (key.size() < spec.size()) {
      const std::string count = spec.substr(key.size() + 1);
      const bool digits =
          !count.empty() && count.size() <= 4 && count.find_first_not_of("0123456789") == std::string::npos;
      const int sms = digits ? std::stoi(count) : 0;
      if (sms < 1 || sms > card.sms) {
        throw std::invalid_argument("card '" + spec + "': the SM count after ':' must be 1 to " +
                                    std::to_string(card.sms));
      }
      card.sms = sms;
      card.name += " (" + std::to_string(sms) + " SMs)";
    }
    return card;
  }
  throw std::invalid_argument("unknown card '" + spec + "' (expected " + choices + ", optionally :SMS)");
}

}  // namespace rodswarm
