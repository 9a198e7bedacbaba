// The tensor-memory probes: forms, kernel input and judge (fragviz/probe/tmem_probe.hpp).
#include "fragviz/probe/tmem_probe.hpp"

#include <cstddef>

namespace fragviz {
namespace {

constexpr TmemShape kShapes[] = {TmemShape::s32x32b, TmemShape::s16x64b, TmemShape::s16x128b,
                                 TmemShape::s16x256b, TmemShape::s16x32bx2};

/// Columns of one repetition, counting .16x32bx2's two halves apart.
int unpacked_columns(TmemShape s, int num) {
  return s == TmemShape::s16x32bx2 ? 2 * num : num * tmem_shape_columns(s);
}

/// The largest .num whose (unpacked) columns fit the allocation.
int largest_num(TmemShape s) {
  int num = 1;
  while (tmem_num_valid(s, 2 * num) && unpacked_columns(s, 2 * num) <= kTmemProbeColumns) num *= 2;
  return num;
}

/// A label of the load fill: 0xFFFF0000 | lane << 8 | column; the low half is what .pack::16b moves.
std::uint32_t fill_label(int lane, int column) {
  return 0xFFFF0000u | static_cast<std::uint32_t>(lane << 8 | column);
}

/// The cell a load's 16-bit label names, if it names one.
std::optional<Coord> cell_of(std::uint32_t low16) {
  const int lane = static_cast<int>(low16 >> 8), column = static_cast<int>(low16 & 0xFF);
  if (low16 > 0xFFFF || lane >= 128 || column >= kTmemProbeColumns) return std::nullopt;
  return Coord{lane, column};
}

}  // namespace

std::vector<TmemProbe> all_tmem_probes() {
  std::vector<TmemProbe> all;
  // .x1 first, in shape order: the store round trips earlier builds probed keep their place.
  for (bool load : {false, true})
    for (int pass = 0; pass < 4; ++pass)
      for (TmemShape s : kShapes) {
        const int num = pass == 0 ? 1 : pass == 1 ? 2 : pass == 2 ? largest_num(s) : 1;
        if (pass == 2 && num <= 2) continue;
        all.push_back({s, num, load, pass == 3});
      }
  return all;
}

int tmem_probe_half_split(const TmemProbe& p) {
  return p.shape != TmemShape::s16x32bx2 ? 0 : p.pack16 ? 2 * p.num : p.num;
}

int tmem_probe_span(const TmemProbe& p) { return unpacked_columns(p.shape, p.num) * (p.pack16 ? 2 : 1); }

int tmem_probe_read_columns(const TmemProbe& p) {
  if (p.load) return 0;
  int read = 8;
  while (read < tmem_probe_span(p)) read *= 2;
  return read;
}

int tmem_probe_out_words(const TmemProbe& p) {
  return p.load ? tmem_registers(p.shape, p.num) : tmem_probe_read_columns(p);
}

std::string tmem_probe_mnemonic(const TmemProbe& p) {
  return std::string(p.load ? "tcgen05.ld" : "tcgen05.st") + ".sync.aligned." +
         std::string(to_string(p.shape)) + ".x" + std::to_string(p.num) +
         (!p.pack16 ? ""
          : p.load  ? ".pack::16b"
                    : ".unpack::16b") +
         ".b32";
}

std::optional<TmemProbe> find_tmem_probe(std::string_view mnemonic) {
  for (const TmemProbe& p : all_tmem_probes())
    if (tmem_probe_mnemonic(p) == mnemonic) return p;
  return std::nullopt;
}

std::vector<std::uint32_t> tmem_probe_words(const TmemProbe& p) {
  std::vector<std::uint32_t> words(128 * kTmemProbeRegisters);
  for (int t = 0; t < 128; ++t)
    for (int r = 0; r < kTmemProbeRegisters; ++r) {
      const auto tag = static_cast<std::uint32_t>(t << 8);
      words[static_cast<std::size_t>(t * kTmemProbeRegisters + r)] =
          p.load     ? fill_label(t, r)
          : p.pack16 ? (tag | static_cast<std::uint32_t>(2 * r)) |
                           (tag | static_cast<std::uint32_t>(2 * r + 1)) << 16
                     : tag | static_cast<std::uint32_t>(r);
    }
  return words;
}

MatrixMoveProbe judge_tmem_probe(const TmemProbe& p, const std::vector<std::uint32_t>& out) {
  MatrixMoveProbe probe;
  probe.mnemonic = tmem_probe_mnemonic(p);
  probe.kind = p.load ? "tcgen05.ld" : "tcgen05.st";
  probe.detail =
      p.load ? "cells filled with their own label by tcgen05.st.32x32b.x32; sm_100a, model only until run"
             : "read back with tcgen05.ld.32x32b.x" + std::to_string(tmem_probe_read_columns(p)) +
                   "; sm_100a, model only until run";
  const int words = tmem_probe_out_words(p);
  if (out.size() != static_cast<std::size_t>(128 * words)) {
    probe.skipped = "internal: the probe returns 128 threads x " + std::to_string(words) + " words";
    return probe;
  }
  const int regs = tmem_registers(p.shape, p.num);
  const int halves = p.pack16 ? 2 : 1;
  // Per (thread, register, half): where its label came back (store) or the cell it names (load).
  std::vector<std::optional<Coord>> found(static_cast<std::size_t>(128 * regs * halves));
  const auto slot = [&](int t, int r, int h) {
    return static_cast<std::size_t>((t * regs + r) * halves + h);
  };
  if (p.load) {
    for (int t = 0; t < 128; ++t)
      for (int r = 0; r < regs; ++r) {
        const std::uint32_t v = out[static_cast<std::size_t>(t * words + r)];
        if (p.pack16) {
          for (int h = 0; h < 2; ++h) found[slot(t, r, h)] = cell_of((v >> (16 * h)) & 0xFFFF);
        } else if ((v >> 16) == 0xFFFF) {
          found[slot(t, r, 0)] = cell_of(v & 0xFFFF);
        }
      }
  } else {
    for (int lane = 0; lane < 128; ++lane)
      for (int c = 0; c < words; ++c) {
        const std::uint32_t v = out[static_cast<std::size_t>(lane * words + c)];
        // .unpack::16b writes the low half of each cell (the upper half is not the probe's).
        const std::uint32_t label = p.pack16 ? v & 0xFFFF : v;
        if (label == (p.pack16 ? 0xFFFFu : kTmemProbeSentinel)) continue;
        const int t = static_cast<int>(label >> 8), k = static_cast<int>(label & 0xFF);
        const int r = k / halves, h = k % halves;
        if (label > 0xFFFF || t >= 128 || r >= regs || found[slot(t, r, h)]) {
          ++probe.stray_writes;
          continue;
        }
        found[slot(t, r, h)] = Coord{lane, c};
      }
  }
  const int split = tmem_probe_half_split(p);
  for (int t = 0; t < 128; ++t)
    for (int r = 0; r < regs; ++r)
      for (int h = 0; h < halves; ++h) {
        const TmemCell cell = p.pack16 ? tmem_cell_packed16(p.shape, p.num, t % 32, r, h, split)
                                       : tmem_cell(p.shape, p.num, t % 32, r, split);
        MoveCheck check;
        check.lane = t;
        check.reg = r;
        check.half = h;
        check.expected = {32 * (t / 32) + cell.lane, cell.column};
        check.measured = found[slot(t, r, h)];
        probe.cells.push_back(check);
      }
  probe.ran = true;
  return probe;
}

}  // namespace fragviz
