// The tensor-memory probes (fragviz/probe/tmem_probe.hpp): every tcgen05.ld / tcgen05.st form the
// kernel runs, fed through a software stand-in of the device written from the PTX ISA 9.1 figures
// (9.7.16.2.3.1, Figures 183-187, and "Packing and Unpacking", Figure 193), not from tmem_cell, and
// with planted faults the judge must name.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fragviz/probe/blackwell_probe.hpp"
#include "fragviz/report/report_json.hpp"

namespace {

using fragviz::TmemProbe;
using fragviz::TmemShape;

struct Cell {
  int lane, col;
};

/// Registers per thread of one repetition: .16x128b two, .16x256b four, the others one.
int regs_per_rep(TmemShape s) { return s == TmemShape::s16x128b ? 2 : s == TmemShape::s16x256b ? 4 : 1; }

/// Where register `reg` of warp thread t goes, per the figures: repetition i's columns follow
/// repetition i - 1's (.32x32b 1 column, .16x64b 2, .16x128b 4, .16x256b 8, .16x32bx2 1 per half).
Cell ptx_cell(TmemShape s, int t, int reg, int split) {
  const int rep = reg / regs_per_rep(s), r = reg % regs_per_rep(s);
  switch (s) {
    case TmemShape::s32x32b:
      return {t, rep};  // Figure 183: thread t, lane t
    case TmemShape::s16x64b:
      return {t / 4 + 8 * (t % 2), 2 * rep + (t / 2) % 2};  // 184
    case TmemShape::s16x128b:
      return {t / 4 + 8 * r, 4 * rep + t % 4};  // 185
    case TmemShape::s16x256b:
      return {t / 4 + 8 * (r / 2), 8 * rep + 2 * (t % 4) + r % 2};  // 186: the m16n8 C fragment
    case TmemShape::s16x32bx2:
      return {t % 16, rep + (t >= 16 ? split : 0)};  // 187: threads 16-31 from immHalfSplitoff
  }
  return {-1, -1};
}

/// Figure 193: with .pack::16b / .unpack::16b a register's half h is the low 16 bits of column
/// 2c + h, c the column it would move unpacked; .16x32bx2's split counts packed columns.
Cell ptx_cell_packed(TmemShape s, int t, int reg, int h, int split) {
  const Cell u = ptx_cell(s, t, reg, 0);
  return {u.lane, 2 * u.col + h + (s == TmemShape::s16x32bx2 && t >= 16 ? split : 0)};
}

enum class Fault { none, swap_regs, swap_halves, duplicate };

/// What the kernel returns for `p`: four warps, each at its own 32 lanes, the job's words as
/// tmem_probe_words gives them. Faults: thread 77's registers 0 and 1 trade places, thread 5's
/// halves trade places, or a store also writes thread 0's first label to lane 20 column 7.
std::vector<std::uint32_t> run_device(const TmemProbe& p, Fault fault) {
  const std::vector<std::uint32_t> words = fragviz::tmem_probe_words(p);
  const int split = fragviz::tmem_probe_half_split(p);
  const int regs = p.num * regs_per_rep(p.shape);
  std::vector<std::vector<std::uint32_t>> cells(128, std::vector<std::uint32_t>(32, 0xFFFFFFFFu));
  if (p.load)
    for (int lane = 0; lane < 128; ++lane)
      for (int c = 0; c < 32; ++c) cells[lane][c] = words[static_cast<std::size_t>(lane * 32 + c)];
  const auto word_of = [&](int thread, int reg) {
    if (fault == Fault::swap_regs && thread == 77 && reg < 2) reg = 1 - reg;
    return reg;
  };
  const auto half_of = [&](int thread, int h) {
    return fault == Fault::swap_halves && thread == 5 ? 1 - h : h;
  };
  std::vector<std::uint32_t> out;
  if (p.load) out.assign(static_cast<std::size_t>(128 * regs), 0);
  for (int thread = 0; thread < 128; ++thread)
    for (int reg = 0; reg < regs; ++reg) {
      const int t = thread % 32, base = 32 * (thread / 32);
      const int from = word_of(thread, reg);
      if (p.load) {
        std::uint32_t v = 0;
        if (!p.pack16) {
          const Cell c = ptx_cell(p.shape, t, from, split);
          v = cells[base + c.lane][c.col];
        } else {
          for (int h = 0; h < 2; ++h) {
            const Cell c = ptx_cell_packed(p.shape, t, from, half_of(thread, h), split);
            v |= (cells[base + c.lane][c.col] & 0xFFFF) << (16 * h);
          }
        }
        out[static_cast<std::size_t>(thread * regs + reg)] = v;
      } else {
        const std::uint32_t w = words[static_cast<std::size_t>(thread * 32 + from)];
        if (!p.pack16) {
          const Cell c = ptx_cell(p.shape, t, reg, split);
          cells[base + c.lane][c.col] = w;
        } else {
          // The text does not say what the upper half of an unpacked cell holds: not the probe's.
          for (int h = 0; h < 2; ++h) {
            const Cell c = ptx_cell_packed(p.shape, t, reg, h, split);
            cells[base + c.lane][c.col] = 0xABCD0000u | ((w >> (16 * half_of(thread, h))) & 0xFFFF);
          }
        }
      }
    }
  if (p.load) return out;
  if (fault == Fault::duplicate) cells[20][7] = words[0];
  const int read = fragviz::tmem_probe_read_columns(p);
  for (int lane = 0; lane < 128; ++lane)
    for (int c = 0; c < read; ++c) out.push_back(cells[lane][c]);
  return out;
}

TmemProbe named(const std::string& mnemonic) {
  const auto p = fragviz::find_tmem_probe(mnemonic);
  EXPECT_TRUE(p.has_value()) << mnemonic;
  return p.value_or(TmemProbe{});
}

/// The (thread, register, half) of each cell the judge calls wrong.
std::vector<std::array<int, 3>> wrong(const fragviz::MatrixMoveProbe& p) {
  std::vector<std::array<int, 3>> w;
  for (const fragviz::MoveCheck& c : p.cells)
    if (!c.match()) w.push_back({c.lane, c.reg, c.half});
  return w;
}

TEST(TmemProbe, TheFormsAreEveryShapeAtX1X2ItsLargestAndPacked) {
  // .x1 first (the store round trips earlier builds probed keep their names and places), then .x2,
  // then the largest .num within 32 columns (.32x32b.x32: 32 x 1; .16x64b.x16: 16 x 2; .16x128b.x8:
  // 8 x 4; .16x256b.x4: 4 x 8; .16x32bx2.x16: 16 per half, split 16), then .x1 (un)packed.
  const char* shapes[] = {"32x32b", "16x64b", "16x128b", "16x256b", "16x32bx2"};
  const int largest[] = {32, 16, 8, 4, 16};
  std::vector<std::string> want;
  for (const std::string op : {"st", "ld"}) {
    for (const std::string num : {"1", "2"})
      for (const char* s : shapes)
        want.push_back("tcgen05." + op + ".sync.aligned." + s + ".x" + num + ".b32");
    for (int i = 0; i < 5; ++i)
      want.push_back("tcgen05." + op + ".sync.aligned." + shapes[i] + ".x" + std::to_string(largest[i]) +
                     ".b32");
    for (const char* s : shapes)
      want.push_back("tcgen05." + op + ".sync.aligned." + s + ".x1." + (op == "st" ? "unpack" : "pack") +
                     "::16b.b32");
  }
  std::vector<std::string> got;
  for (const TmemProbe& p : fragviz::all_tmem_probes()) got.push_back(fragviz::tmem_probe_mnemonic(p));
  EXPECT_EQ(got, want);
  EXPECT_EQ(got[0], "tcgen05.st.sync.aligned.32x32b.x1.b32");
  EXPECT_FALSE(fragviz::find_tmem_probe("tcgen05.st.sync.aligned.16x256b.x8.b32"));  // 64 columns
  EXPECT_FALSE(fragviz::is_blackwell_probe_name("tcgen05.ld.sync.aligned.16x64b.x4.b32"));
  EXPECT_TRUE(fragviz::is_blackwell_probe_name("tcgen05.ld.sync.aligned.16x64b.x16.b32"));
}

TEST(TmemProbe, EveryFormAsThePtxFiguresDrawItIsJudgedClean) {
  for (const TmemProbe& p : fragviz::all_tmem_probes()) {
    const fragviz::MatrixMoveProbe j = fragviz::judge_tmem_probe(p, run_device(p, Fault::none));
    SCOPED_TRACE(j.mnemonic);
    EXPECT_TRUE(j.ran);
    EXPECT_EQ(j.kind, p.load ? "tcgen05.ld" : "tcgen05.st");
    EXPECT_EQ(j.mismatches(), 0);
    EXPECT_EQ(j.stray_writes, 0);
    EXPECT_EQ(static_cast<int>(j.cells.size()), 128 * p.num * regs_per_rep(p.shape) * (p.pack16 ? 2 : 1));
  }
}

TEST(TmemProbe, TwoSwappedRegistersAreNamed) {
  for (const char* name :
       {"tcgen05.ld.sync.aligned.16x256b.x2.b32", "tcgen05.st.sync.aligned.16x128b.x1.b32",
        "tcgen05.ld.sync.aligned.32x32b.x32.b32", "tcgen05.st.sync.aligned.16x32bx2.x16.b32"}) {
    SCOPED_TRACE(name);
    const TmemProbe p = named(name);
    const fragviz::MatrixMoveProbe j = fragviz::judge_tmem_probe(p, run_device(p, Fault::swap_regs));
    const std::vector<std::array<int, 3>> want = {{77, 0, 0}, {77, 1, 0}};
    EXPECT_EQ(wrong(j), want);
    EXPECT_EQ(j.stray_writes, 0);
  }
  // Where register 0 came from is where register 1 belongs.
  const TmemProbe p = named("tcgen05.ld.sync.aligned.16x256b.x2.b32");
  const fragviz::MatrixMoveProbe j = fragviz::judge_tmem_probe(p, run_device(p, Fault::swap_regs));
  const auto at = [&](int thread, int reg) {
    for (const fragviz::MoveCheck& c : j.cells)
      if (c.lane == thread && c.reg == reg) return c;
    return fragviz::MoveCheck{};
  };
  ASSERT_TRUE(at(77, 0).measured);
  EXPECT_EQ(*at(77, 0).measured, at(77, 1).expected);
  // Thread 77 is warp 2's thread 13: register 1 at lane 64 + 13/4, column 2 * (13 % 4) + 1.
  EXPECT_EQ(at(77, 1).expected, (fragviz::Coord{67, 3}));
}

TEST(TmemProbe, SwappedPackHalvesAreNamed) {
  for (const char* name : {"tcgen05.ld.sync.aligned.16x64b.x1.pack::16b.b32",
                           "tcgen05.st.sync.aligned.16x256b.x1.unpack::16b.b32",
                           "tcgen05.ld.sync.aligned.16x32bx2.x1.pack::16b.b32"}) {
    SCOPED_TRACE(name);
    const TmemProbe p = named(name);
    const fragviz::MatrixMoveProbe j = fragviz::judge_tmem_probe(p, run_device(p, Fault::swap_halves));
    std::vector<std::array<int, 3>> want;
    for (int r = 0; r < p.num * regs_per_rep(p.shape); ++r)
      want.push_back({5, r, 0}), want.push_back({5, r, 1});
    EXPECT_EQ(wrong(j), want);
  }
  // Packed, thread 0's halves of .16x64b.x1 are the low halves of lane 0, columns 0 and 1.
  const TmemProbe p = named("tcgen05.ld.sync.aligned.16x64b.x1.pack::16b.b32");
  const fragviz::MatrixMoveProbe j = fragviz::judge_tmem_probe(p, run_device(p, Fault::none));
  EXPECT_EQ(j.cells[0].expected, (fragviz::Coord{0, 0}));
  EXPECT_EQ(j.cells[1].expected, (fragviz::Coord{0, 1}));
  EXPECT_EQ(j.cells[1].half, 1);
}

TEST(TmemProbe, AStoreThatWritesALabelTwiceIsAStrayWrite) {
  const TmemProbe p = named("tcgen05.st.sync.aligned.16x256b.x2.b32");
  const fragviz::MatrixMoveProbe j = fragviz::judge_tmem_probe(p, run_device(p, Fault::duplicate));
  EXPECT_EQ(j.stray_writes, 1);
  EXPECT_EQ(j.mismatches(), 1);  // the stray write; every register's label is where it belongs
  EXPECT_TRUE(wrong(j).empty());
  // The wrong size is refused, not read past.
  EXPECT_FALSE(fragviz::judge_tmem_probe(p, std::vector<std::uint32_t>(128 * 8)).ran);
}

// A saved report with load probes reads back: TMEM lanes up to 127 for tcgen05.ld too, the cells
// and halves from the probe's judge.
TEST(TmemProbe, ReportsRoundTrip) {
  fragviz::ProbeReport r;
  const TmemProbe ld = named("tcgen05.ld.sync.aligned.16x128b.x8.b32");
  r.moves.push_back(fragviz::judge_tmem_probe(ld, run_device(ld, Fault::swap_regs)));
  const TmemProbe st = named("tcgen05.st.sync.aligned.16x32bx2.x1.unpack::16b.b32");
  r.moves.push_back(fragviz::judge_tmem_probe(st, run_device(st, Fault::none)));
  fragviz::MatrixMoveProbe skipped =
      *fragviz::blackwell_expected_probe("tcgen05.ld.sync.aligned.16x256b.x4.b32");
  EXPECT_FALSE(skipped.ran);
  EXPECT_EQ(skipped.cells.size(), 128u * 16);
  skipped.cells.clear();
  skipped.skipped = "skipped: needs sm_100a";
  r.moves.push_back(skipped);
  fragviz::ReportFile f;
  f.probe = r;
  const std::string text = fragviz::to_json_text(f);
  const auto back = fragviz::parse_report(text);
  ASSERT_TRUE(back) << back.error.message;
  EXPECT_EQ(fragviz::to_json_text(*back.value), text);
  const auto& moves = back.value->probe->moves;
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_EQ(moves[0].mismatches(), 2);
  EXPECT_EQ(moves[0].cells.back().measured->row, 96 + 15);  // thread 127's last register: lane 96 + 15
  EXPECT_EQ(moves[1].mismatches(), 0);
  EXPECT_EQ(moves[1].cells.back().half, 1);
  EXPECT_FALSE(moves[2].ran);
}

}  // namespace
