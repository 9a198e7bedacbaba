// Reports survive a round trip exactly, and bad files are refused with a message.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "fragviz/probe/ldmatrix_feed.hpp"
#include "fragviz/probe/probe_decode.hpp"
#include "fragviz/report/report_json.hpp"
#include "seed_instructions.hpp"

using namespace fragviz;

namespace {
constexpr const char* kFedSample = "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32";

/// tf32 m16n8k4 through ldmatrix, every element where the PTX tables put it: each received byte's
/// raw label is the stored byte it names (the image keeps each cell at stored_cell, rows of
/// stride_bytes), and each tensor-core label is its slot + 1 at its own cell.
LdmatrixFedProbe sample_fed() {
  const Instruction& in = *find_instruction(kFedSample);
  LdmatrixFedProbe p;
  p.mnemonic = in.mnemonic;
  p.ran = true;
  for (Operand op : {Operand::A, Operand::B}) {
    const FeedOperand o = feed_operand(in, op);
    (op == Operand::A ? p.a_addresses : p.b_addresses) = o.lane_offsets;
    for (int lane = 0; lane < 32; ++lane)
      for (int e = 0; e < elements_per_lane(in, op); ++e) {
        const Coord c = fragment_coord(in, op, lane, e);
        const Coord at = stored_cell(*o.load, c);
        const auto raw = static_cast<std::uint32_t>(at.row * o.stride_bytes + at.col * 4);
        p.bytes.push_back({op, lane, e, c, c, raw});
      }
  }
  p.mma.mnemonic = in.mnemonic;
  p.mma.ran = true;
  p.mma.passes = 41;
  p.mma.tile_exact = true;
  for (Operand op : {Operand::A, Operand::B, Operand::C})
    for (int lane = 0; lane < 32; ++lane)
      for (int e = 0; e < elements_per_lane(in, op); ++e) {
        const Coord c = fragment_coord(in, op, lane, e);
        const auto label =
            op == Operand::C ? 0u : static_cast<std::uint32_t>(lane * elements_per_lane(in, op) + e + 1);
        p.mma.elements.push_back({op, lane, e, c, c, label});
      }
  return p;
}

/// A report every check accepts: each measured figure is what its raw data decodes to.
ReportFile sample() {
  ReportFile f;
  ProbeReport p;
  p.created_utc = "2026-11-29T15:00:00Z";
  p.device.present = true;
  p.device.name = "NVIDIA H200";
  p.device.cc_major = 9;
  p.device.driver_version = 13000;
  p.device.global_mem_bytes = 150754820096ull;
  p.request.ldmatrix = {LdmNum::x2, true};
  p.request.tile.pad_halves = 0;
  p.request.tile.swizzle = Swizzle::xor_row_mod8;
  p.ldmatrix.config = {LdmNum::x2, true};
  p.ldmatrix.ran = true;
  p.ldmatrix.registers[3] = {0, 0, 0xdeadbeef, 3};  // registers 2 and 3 are unused by .x2
  p.ldmatrix.addresses[31] = 4096;
  p.ldmatrix.cycles_per_instruction = 9.5;
  for (int lane = 0; lane < 32; ++lane)
    for (int reg = 0; reg < 2; ++reg)
      for (int half = 0; half < 2; ++half) {
        const Coord c = ldmatrix_element(true, lane, half);
        p.ldmatrix.elements.push_back(
            {lane, reg, half, {c.row + 8 * reg, c.col}, Coord{c.row + 8 * reg, c.col}});
      }
  p.ldmatrix.elements[21].measured = Coord{9, 2};  // one wrong cell
  // The raw registers the hardware returned: each half names the cell recorded as measured.
  for (const LdmatrixCheck& e : p.ldmatrix.elements) {
    std::uint32_t& reg =
        p.ldmatrix.registers[static_cast<std::size_t>(e.lane)][static_cast<std::size_t>(e.reg)];
    const std::uint32_t v = explorer_cell_value(p.ldmatrix.tile, *e.measured);
    reg = e.half == 0 ? (reg & 0xFFFF0000u) | v : (reg & 0xFFFFu) | (v << 16);
  }
  FragmentProbe fr;
  fr.mnemonic = test::seed16().mnemonic;
  fr.ran = true;
  for (Operand op : {Operand::A, Operand::B, Operand::C})
    for (int lane = 0; lane < 32; ++lane)
      for (int e = 0; e < elements_per_lane(test::seed16(), op); ++e) {
        const Coord c = fragment_coord(test::seed16(), op, lane, e);
        const std::uint32_t raw =
            op == Operand::C ? float_bits(accumulator_value(c)) : fragment_cell_value(test::seed16(), op, c);
        fr.elements.push_back({op, lane, e, c, c, raw});
      }
  fr.elements[300].measured = std::nullopt;  // a value that named no cell (B: a NaN)
  fr.elements[300].raw = 0x7e00;
  fr.a_addresses[2] = 144;
  fr.tile_exact = true;
  p.fragments.push_back(fr);
  p.through_ldmatrix.push_back(sample_fed());
  // A standard row of the cycles table, then the explorer's own request (always the last row).
  CyclesRow standard{{LdmNum::x4, false}, {80, 0, 16, Swizzle::none}, 0, 0, 17.25, std::nullopt};
  const BankReport predicted = analyze_ldmatrix(standard.config, standard.tile);
  standard.predicted_wavefronts = predicted.wavefronts;
  standard.addresses.emplace();
  for (int lane = 0; lane < 32; ++lane) (*standard.addresses)[lane] = predicted.lanes[lane].byte_address;
  standard.measured_wavefronts = analyze_addresses(standard.config, *standard.addresses).wavefronts;
  p.cycles.push_back(standard);
  CyclesRow own{p.ldmatrix.config,   p.ldmatrix.tile, 0, 0, p.ldmatrix.cycles_per_instruction,
                p.ldmatrix.addresses};
  own.predicted_wavefronts = analyze_ldmatrix(own.config, own.tile).wavefronts;
  own.measured_wavefronts = analyze_addresses(own.config, p.ldmatrix.addresses).wavefronts;
  p.cycles.push_back(own);
  p.probe_ms = 12.5;
  f.probe = p;
  GateReport g;
  g.request.n = 1024;
  g.request.variant = GateVariant::broken_swap_b;
  g.request.seed = 0xffffffffffffull;
  g.ran = true;
  g.mismatch_count = 3;
  g.first = Mismatch{0, 8, 1.5f, -0.25f};
  g.mismatches = {*g.first, {0, 9, 2.f, 3.f}, {7, 0, 0.5f, 0.75f}};
  g.resources.registers = 62;
  g.resources.ptxas = "Used 62 registers";
  g.device = p.device;  // a run has a device
  // 2 * 1024^3 = 2147483648 flop: in 0.05 ms 42949.67296 GFLOP/s, in 0.02 ms 107374.1824.
  g.kernel_ms = 0.05;
  g.gflops = 42949.67296;
  g.cublas_ms = 0.02;
  g.cublas_gflops = 107374.1824;
  g.ratio_to_cublas = 0.4;
  f.gate = g;
  return f;
}
}  // namespace

TEST(ReportJson, RoundTripKeepsEveryField) {
  const ReportFile f = sample();
  const std::string text = to_json_text(f);
  const auto back = parse_report(text);
  ASSERT_TRUE(back) << back.error.message;
  EXPECT_EQ(to_json_text(*back.value), text);  // every serialised field came back
  const ProbeReport& p = *back.value->probe;
  EXPECT_EQ(p.device.name, "NVIDIA H200");
  EXPECT_EQ(p.request.tile.swizzle, Swizzle::xor_row_mod8);
  EXPECT_EQ(p.ldmatrix.registers[3][2], 0xdeadbeefu);
  ASSERT_EQ(p.ldmatrix.elements.size(), 128u);
  EXPECT_FALSE(p.ldmatrix.elements[21].match());
  EXPECT_EQ(p.ldmatrix.mismatches(), 1);
  ASSERT_EQ(p.fragments[0].elements.size(), 512u);
  EXPECT_FALSE(p.fragments[0].elements[300].measured.has_value());
  EXPECT_EQ(p.fragments[0].mismatches(), 1);
  EXPECT_DOUBLE_EQ(p.cycles[0].cycles_per_instruction, 17.25);
  const GateReport& g = *back.value->gate;
  EXPECT_EQ(g.request.variant, GateVariant::broken_swap_b);
  EXPECT_EQ(g.request.seed, 0xffffffffffffull);
  EXPECT_EQ(g.first->col, 8);
  EXPECT_FLOAT_EQ(g.first->want, -0.25f);
}

TEST(ReportJson, DynamicSharedBytesRoundTripAndMayBeAbsent) {
  ReportFile f = sample();
  f.gate->request.variant = GateVariant::reg_db;
  f.gate->request.n = 1024;
  f.gate->resources.dynamic_shared_bytes = 65536;
  const auto back = parse_report(to_json_text(f));
  ASSERT_TRUE(back) << back.error.message;
  EXPECT_EQ(back.value->gate->resources.dynamic_shared_bytes, 65536);
  // A report written before the field existed still opens, with no dynamic shared memory.
  std::string text = to_json_text(f);
  const auto at = text.find("\"dynamic_shared_bytes\": 65536,");
  ASSERT_NE(at, std::string::npos);
  text.erase(at, text.find('\n', at) - at);
  const auto old = parse_report(text);
  ASSERT_TRUE(old) << old.error.message;
  EXPECT_EQ(old.value->gate->resources.dynamic_shared_bytes, 0);
}

TEST(ReportJson, RefusesWhatIsNotAReport) {
  EXPECT_FALSE(parse_report("{not json"));
  EXPECT_NE(parse_report("{not json").error.message.find("JSON"), std::string::npos);
  EXPECT_FALSE(parse_report("[1,2]"));
  EXPECT_FALSE(parse_report(R"({"format":"other","version":1})"));
  const auto v = parse_report(R"({"format":"fragviz-report","version":99,"probe":{}})");
  ASSERT_FALSE(v);
  EXPECT_NE(v.error.message.find("version 99"), std::string::npos);
  EXPECT_FALSE(parse_report(R"({"format":"fragviz-report","version":1})"));
  // A text that is no report is refused (the CLI's exit 3), not an I/O failure.
  EXPECT_EQ(parse_report("{not json").error.kind, ErrorKind::refused);
  EXPECT_EQ(v.error.kind, ErrorKind::refused);
}

TEST(ReportJson, RefusesMissingOrMistypedFields) {
  std::string text = to_json_text(sample());
  const auto pos = text.find("\"tile_exact\"");
  ASSERT_NE(pos, std::string::npos);
  std::string missing = text;
  missing.replace(pos, 12, "\"tile_exactX\"");
  const auto r = parse_report(missing);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error.message.find("malformed"), std::string::npos);
  std::string mistyped = text;
  const auto npos = mistyped.find("\"num\": \"x2\"");
  ASSERT_NE(npos, std::string::npos);
  mistyped.replace(npos, 11, "\"num\": \"x3\"");
  EXPECT_FALSE(parse_report(mistyped));
}

// Newcomer round 7: a kernel source path that is no UTF-8 ("k\xff.cu") made nlohmann throw while the
// report was written, and the kernel runner and fragviz-cli died of it.
TEST(ReportJson, TextThatIsNoUtf8IsWrittenWithReplacementsNotThrown) {
  ReportFile f = sample();
  f.gate->device.name = "H200 \xff";
  std::string text;
  ASSERT_NO_THROW(text = to_json_text(f));
  EXPECT_NE(text.find("\"H200 \xef\xbf\xbd\""), std::string::npos);  // U+FFFD, as UTF-8
  const auto back = parse_report(text);
  ASSERT_TRUE(back) << back.error.message;
  EXPECT_EQ(back.value->gate->device.name, "H200 \xef\xbf\xbd");
}

TEST(ReportJson, FileSaveAndLoad) {
  const std::string path = ::testing::TempDir() + "fragviz_report_test.json";
  ASSERT_EQ(save_report(sample(), path), "");
  const auto back = load_report(path);
  ASSERT_TRUE(back) << back.error.message;
  EXPECT_TRUE(back.value->gate.has_value());
  std::remove(path.c_str());
  const auto none = load_report(path);
  ASSERT_FALSE(none);
  EXPECT_NE(none.error.message.find(path), std::string::npos);
  EXPECT_EQ(none.error.kind, ErrorKind::io);
}

namespace {
/// Parses a changed copy of the sample and returns the error (empty if it was accepted).
template <class Change>
std::string error_after(Change change) {
  ReportFile f = sample();
  change(f);
  const auto r = parse_report(to_json_text(f));
  return r ? std::string() : r.error.message;
}
}  // namespace

TEST(ReportJson, RefusesIndicesOutsideTheShapesItNames) {
  // Found by a newcomer: well-typed but impossible reports were shown as measured data, and a
  // gate n of 2^31-1 crashed the app while it sized the output view.
  EXPECT_EQ(error_after([](ReportFile&) {}), "");
  EXPECT_NE(error_after([](ReportFile& f) { f.probe->ldmatrix.elements[0].lane = 99999; }).find("lane"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.probe->ldmatrix.elements[0].reg = 2; }).find("register"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) {
              f.probe->ldmatrix.elements[0].measured = Coord{16, 0};
            }).find("outside the tile"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.probe->ldmatrix.elements.pop_back(); }).find("expected 32"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.probe->ldmatrix.tile.pad_halves = 1; }).find("16-byte"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.probe->fragments[0].elements[5].element = 8; }).find("element"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) {
              f.probe->fragments[0].elements[400].expected = Coord{0, 8};
            }).find("outside the operand"),
            std::string::npos);
  // Found by a newcomer: "device: negative figure" and "measured cell outside the operand" named
  // neither the field nor the element.
  EXPECT_NE(error_after([](ReportFile& f) { f.gate->device.cc_minor = -3; }).find("device.cc_minor is -3"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) {
              f.probe->fragments[0].elements[400].measured = Coord{99, 0};
            })
                .find("fragments: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 elements[400]: measured "
                      "cell (99,0) "
                      "outside the operand"),
            std::string::npos)
      << error_after([](ReportFile& f) {
           f.probe->fragments[0].elements[400].measured = Coord{99, 0};
         });
  for (int n : {2147483647, 100000000, 1000000, 0, -5, 2000, 128})
    EXPECT_NE(error_after([n](ReportFile& f) { f.gate->request.n = n; }).find("impossible size"),
              std::string::npos)
        << n;
  EXPECT_NE(error_after([](ReportFile& f) { f.gate->mismatches[1].row = 1000000000; }).find("outside"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.gate->exact = true; }).find("exact"), std::string::npos);
  // A refused gate run records the request as the user typed it: that is not an error.
  EXPECT_EQ(error_after([](ReportFile& f) {
              f.gate->ran = false;
              f.gate->request.n = -5;
              f.gate->error.message = "n = -5 is below 256, the smallest size the gate runs";
              f.gate->error.kind = ErrorKind::refused;
            }),
            "");
}

TEST(ReportJson, LoadsOnlyRegularFilesOfSaneSize) {
  const auto dir = load_report(::testing::TempDir());
  ASSERT_FALSE(dir);
  EXPECT_NE(dir.error.message.find("directory"), std::string::npos);
  EXPECT_EQ(dir.error.kind, ErrorKind::io);
  const auto zero = load_report("/dev/zero");  // would be read forever
  ASSERT_FALSE(zero);
  EXPECT_NE(zero.error.message.find("not a regular file"), std::string::npos);
  EXPECT_EQ(zero.error.kind, ErrorKind::io);
  const std::string big = ::testing::TempDir() + "fragviz_big_report.json";
  {
    std::ofstream out(big, std::ios::binary);
    out.seekp(static_cast<std::streamoff>(kMaxReportBytes));
    out.put('\n');
  }
  const auto large = load_report(big);
  ASSERT_FALSE(large);
  EXPECT_NE(large.error.message.find("at most"), std::string::npos);
  EXPECT_EQ(large.error.kind, ErrorKind::refused);  // judged by its size before it is read
  std::remove(big.c_str());
}

TEST(ReportJson, MessagesCarryNoLibraryPrefix) {
  std::string text = to_json_text(sample());
  const auto pos = text.find("\"probe_ms\": 12.5");
  ASSERT_NE(pos, std::string::npos);
  text.replace(pos, 17, "\"probe_ms\": \"x\"");
  const auto r = parse_report(text);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error.message.find("[json.exception"), std::string::npos) << r.error.message;
}

TEST(ReportJson, NumbersMeanExactlyWhatTheySay) {
  // Found by the second newcomer pass: 2^32+3 wrapped to lane 3 and 1.5 truncated to 1.
  const std::string text = to_json_text(sample());
  const auto at = text.find("\"lane\": 5,");
  ASSERT_NE(at, std::string::npos);
  for (const char* bad : {"\"lane\": 4294967301,", "\"lane\": 5.5,", "\"lane\": 5.0,",
                          "\"lane\": -4294967291,", "\"lane\": 1e400,"}) {
    std::string edited = text;
    edited.replace(at, 10, bad);
    const auto r = parse_report(edited);
    EXPECT_FALSE(r) << bad;
  }
  std::string negative = text;
  const auto count = negative.find("\"mismatch_count\": 3");
  ASSERT_NE(count, std::string::npos);
  negative.replace(count, 19, "\"mismatch_count\": -5");
  const auto r = parse_report(negative);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error.message.find("out of range"), std::string::npos) << r.error.message;
}

TEST(ReportJson, ExpectedCellsAreTheModelsNotTheFiles) {
  // An edited lane (or an edited expected cell) must not turn into "all elements match".
  EXPECT_NE(error_after([](ReportFile& f) { f.probe->fragments[0].elements[0].lane = 7; }).find("PTX table"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) {
              auto& e = f.probe->fragments[0].elements[0];
              e.expected = Coord{1, 1};
              e.measured = Coord{1, 1};
            }).find("PTX table"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) {
              auto& e = f.probe->fragments[0].elements;
              e[1] = e[0];
            }).find("twice"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.probe->ldmatrix.elements[3].lane = 9; }).find("model's"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.gate->device.cc_major = -10; }).find("negative"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.gate->kernel_ms = -1; }).find("negative"), std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.gate->resources.registers = -1; }).find("negative"),
            std::string::npos);
}

// [SECTION] issue 11, item 4: what the model can compute is recomputed on load ---------------------

namespace {
/// A pinned H200 report, tests/fixtures/reports/<name> (tests/fixtures/README.md).
std::string fixture(const std::string& name) {
  return std::string(FRAGVIZ_SOURCE_DIR) + "/tests/fixtures/reports/" + name;
}
/// A broken-gate report of tests/fixtures/reports/h200-gate-broken.tar.xz, unpacked by CMake.
std::string unpacked_fixture(const std::string& name) {
  return std::string(FRAGVIZ_UNPACKED_FIXTURES_DIR) + "/" + name;
}
/// Replaces the first `from` in `text` with `to` (the edit must exist).
std::string edited(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}
std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}
#define EXPECT_REFUSED_NAMING(error, field) \
  EXPECT_NE((error).find(field), std::string::npos) << "error: '" << (error) << "'"
}  // namespace

TEST(ReportRecompute, PredictedWavefrontsAreTheModelsNotTheFiles) {
  const std::string e = error_after([](ReportFile& f) { f.probe->cycles[0].predicted_wavefronts += 1; });
  EXPECT_REFUSED_NAMING(e, "cycles[0].predicted_wavefronts");
  EXPECT_REFUSED_NAMING(e, "the model predicts 8 wavefronts");
}

TEST(ReportRecompute, MeasuredWavefrontsAreWhatTheAddressesGive) {
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.probe->cycles[0].measured_wavefronts = 4; }),
                        "cycles[0].measured_wavefronts");
  // Moving one lane's address onto another's bank changes what the addresses give.
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { (*f.probe->cycles[0].addresses)[1] = 1024; }),
                        "cycles[0].measured_wavefronts");
  // The explorer's row is the same load as ldmatrix: same addresses, same cycles.
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { (*f.probe->cycles[1].addresses)[0] = 16; }),
                        "cycles[1].addresses");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.probe->cycles[1].cycles_per_instruction = 1; }),
                        "cycles[1].cycles_per_instruction");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.probe->cycles.pop_back(); }), "explorer's own");
  // The addresses travel in the file.
  ReportFile f = sample();
  const auto back = parse_report(to_json_text(f));
  ASSERT_TRUE(back) << back.error.message;
  ASSERT_TRUE(back.value->probe->cycles[0].recomputable());
  EXPECT_EQ(*back.value->probe->cycles[0].addresses, *f.probe->cycles[0].addresses);
  EXPECT_EQ(measured_wavefronts_words(back.value->probe->cycles[0]), "8");
}

// Issue 22: two rows of stride 72 (width 72 unpadded, width 64 padded by 8) print apart.
TEST(ReportWords, CyclesStrideNamesWidthAndPad) {
  CyclesRow unpadded, padded;
  unpadded.tile.width_halves = 72;
  unpadded.tile.pad_halves = 0;
  padded.tile.width_halves = 64;
  padded.tile.pad_halves = 8;
  EXPECT_EQ(cycles_stride_words(unpadded), "72 (72 + pad 0)");
  EXPECT_EQ(cycles_stride_words(padded), "72 (64 + pad 8)");
}

TEST(ReportRecompute, RowsOnGeometriesOutsideTheRangeOrTheModelAreRefused) {
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.probe->cycles[0].tile.pad_halves = 100; }),
                        "cycles[0]: pad 100 halves is out of range");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.probe->cycles[0].tile.width_halves = 66; }),
                        "cycles[0] ran on a geometry the model refuses");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) {
                          f.probe->ldmatrix.tile.width_halves = 1024;
                          f.probe->cycles[1].tile.width_halves = 1024;
                        }),
                        "probe.ldmatrix.tile: tile width 1024 halves is out of range");
  // The request too, run or not (newcomer finding: fragviz-cli diff read widths -8, 9999 and 7 the
  // app refused): one range, banks.hpp's, for every tile a report names.
  EXPECT_EQ(error_after([](ReportFile& f) { f.probe->request.tile.width_halves = 1024; }),
            "malformed report: probe.request.tile: tile width 1024 halves is out of range: fragviz accepts "
            "tile widths of 8 to 512 halves and pads of 0 to 64 halves");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.probe->request.tile.width_halves = 7; }),
                        "probe.request.tile: tile width 7 halves is out of range");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.probe->request.tile.pad_halves = -8; }),
                        "probe.request.tile: pad -8 halves is out of range");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) {
                          f.probe->ldmatrix.ran = false;
                          f.probe->ldmatrix.elements.clear();
                          f.probe->ldmatrix.tile.width_halves = 9999;
                        }),
                        "probe.ldmatrix.tile: tile width 9999 halves is out of range");
}

TEST(ReportRecompute, VersionOneRowsWithoutAddressesAreMarkedNotRecomputable) {
  const std::string text = read_file(fixture("h200-2026-11-29-probe.json"));
  ASSERT_FALSE(text.empty()) << fixture("h200-2026-11-29-probe.json");
  const auto r = parse_report(text);
  ASSERT_TRUE(r) << r.error.message;
  const auto& cycles = r.value->probe->cycles;
  ASSERT_EQ(cycles.size(), 7u);
  for (std::size_t i = 0; i + 1 < cycles.size(); ++i) {
    EXPECT_FALSE(cycles[i].recomputable()) << i;
    EXPECT_NE(measured_wavefronts_words(cycles[i]).find("not recomputable"), std::string::npos) << i;
  }
  // The explorer's row: its addresses are ldmatrix.addresses, so it is recomputed.
  EXPECT_TRUE(cycles.back().recomputable());
  EXPECT_EQ(measured_wavefronts_words(cycles.back()), "4");
  EXPECT_EQ(r.value->probe->error.kind, ErrorKind::none);
  // Re-saved (as version 2) it reads back the same, rows without addresses still marked.
  const auto again = parse_report(to_json_text(*r.value));
  ASSERT_TRUE(again) << again.error.message;
  EXPECT_FALSE(again.value->probe->cycles[0].recomputable());
  // What a version 1 file says that the model can compute is still checked.
  EXPECT_REFUSED_NAMING(
      parse_report(edited(text, "\"predicted_wavefronts\": 32", "\"predicted_wavefronts\": 4")).error.message,
      "cycles[0].predicted_wavefronts");
  const std::string last =
      "\"measured_wavefronts\": 4,\n    \"predicted_wavefronts\": 4,\n    \"tile\": {\n     "
      "\"pad_halves\": 8";
  ASSERT_NE(text.rfind(last), std::string::npos);
  std::string planted = text;
  planted.replace(text.rfind(last), 26, "\"measured_wavefronts\": 3,");
  EXPECT_REFUSED_NAMING(parse_report(planted).error.message, "cycles[6].measured_wavefronts");
}

TEST(ReportRecompute, AVersionTwoDeviceRunIsRecomputedThroughout) {
  // The H200 run of 2026-12-01 stored every cycles row's addresses: nothing is left unchecked.
  const std::string text = read_file(fixture("h200-2026-12-01-probe.json"));
  ASSERT_FALSE(text.empty());
  const auto r = parse_report(text);
  ASSERT_TRUE(r) << r.error.message;
  ASSERT_FALSE(r.value->probe->cycles.empty());
  for (const CyclesRow& row : r.value->probe->cycles) EXPECT_TRUE(row.recomputable());
  EXPECT_REFUSED_NAMING(
      parse_report(edited(text, "\"measured_wavefronts\": 32", "\"measured_wavefronts\": 4")).error.message,
      "cycles[0].measured_wavefronts");
}

TEST(ReportRecompute, MeasuredCellsAreWhatTheRegistersDecodeTo) {
  // The planted mismatch (element 21) cannot be turned into a match by editing its cell.
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) {
                          auto& e = f.probe->ldmatrix.elements[21];
                          e.measured = e.expected;
                        }),
                        "ldmatrix.elements[21].measured");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.probe->ldmatrix.registers[0][1] ^= 1u; }),
                        "ldmatrix.elements[2].measured");
  EXPECT_REFUSED_NAMING(
      error_after([](ReportFile& f) { f.probe->ldmatrix.elements[0].measured = std::nullopt; }),
      "ldmatrix.elements[0].measured is (none)");
  // Fragments: A/B halves and C/D floats decode to their cells the same way.
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) {
                          f.probe->fragments[0].elements[5].measured = Coord{3, 3};
                        }),
                        "fragments[0].elements[5].measured");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) {
                          f.probe->fragments[0].elements[300].measured = Coord{0, 0};
                        }),
                        "fragments[0].elements[300].measured");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.probe->fragments[0].elements[500].raw += 1; }),
                        "fragments[0].elements[500].measured");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.probe->fragments[0].elements[7].raw = 0x10000; }),
                        "fragments[0].elements[7].raw");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) {
                          f.probe->ldmatrix.ran = false;
                          f.probe->cycles.pop_back();
                        }),
                        "ldmatrix did not run but lists elements");
}

TEST(ReportRecompute, TensorCoreCellsAreWhereTheirLabelsWere) {
  // Found by a newcomer: an edited instructions[] element turned a mismatch into a match. In the
  // H200's report, m8n8k4.row.row.f16's A lane 0 elements 0, 1, 2 expect (0,0), (0,1), (0,2) and
  // read labels 1, 2, 3 there (label s + 1 names slot s = lane * 4 + element).
  const auto committed = parse_report(read_file(fixture("h200-2026-12-01-probe.json")));
  ASSERT_TRUE(committed) << committed.error.message;
  const auto error_after_edit = [&](auto change) {
    ReportFile f = *committed.value;
    change(*f.probe);
    const auto r = parse_report(to_json_text(f));
    return r ? std::string() : r.error.message;
  };
  EXPECT_EQ(error_after_edit([](ProbeReport&) {}), "");
  // Label 3 at element 1's cell: label 2 is then seen nowhere, label 3 twice.
  const std::string raw3 = error_after_edit([](ProbeReport& p) {
    ASSERT_EQ(p.instructions[0].mnemonic, "mma.sync.aligned.m8n8k4.row.row.f16.f16.f16.f16");
    ASSERT_EQ(p.instructions[0].elements[1].raw, 2u);
    p.instructions[0].elements[1].raw = 3;
  });
  EXPECT_REFUSED_NAMING(raw3, "instructions[0].elements[1].measured is (0,1)");
  EXPECT_REFUSED_NAMING(raw3, "label (2) in no cell");
  // Changing that raw and the two measured cells it would move still leaves label 3 in two cells.
  EXPECT_REFUSED_NAMING(
      error_after_edit([](ProbeReport& p) {
        p.instructions[0].elements[1].raw = 3;
        p.instructions[0].elements[1].measured = std::nullopt;
      }),
      "instructions[0].elements[2].measured is (0,2) but the raw labels put A lane 0 element "
      "2's label (3) in 2 cells");
  // The measured cell alone: element 1 claims element 2's cell, its label says (0,1).
  EXPECT_REFUSED_NAMING(
      error_after_edit([](ProbeReport& p) {
        p.instructions[0].elements[1].measured = Coord{0, 2};
      }),
      "instructions[0].elements[1].measured is (0,2) but the raw labels put A lane 0 element "
      "1's label (2) at (0,1)");
  // B is judged the same way.
  EXPECT_REFUSED_NAMING(error_after_edit([](ProbeReport& p) {
                          for (ElementCheck& e : p.instructions[0].elements)
                            if (e.operand == Operand::B && e.lane == 0 && e.element == 0)
                              e.measured = std::nullopt;
                        }),
                        "the raw labels put B lane 0 element 0's label (1) at");
  // A consistent swap of two labels is a real mismatch, recorded as such: accepted, and counted.
  ReportFile swapped = *committed.value;
  auto& el = swapped.probe->instructions[0].elements;
  std::swap(el[1].raw, el[2].raw);
  el[1].measured = el[2].expected;
  el[2].measured = el[1].expected;
  const auto r = parse_report(to_json_text(swapped));
  ASSERT_TRUE(r) << r.error.message;
  EXPECT_EQ(r.value->probe->instructions[0].mismatches(), 2);
}

TEST(ReportRecompute, GateRatesFollowFromTheTimesAndARunHasADevice) {
  // Found by a newcomer: a gflops of 9.9e9 at 0.135 ms, a ratio of 50 and a deviceless run were shown.
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.gate->gflops = 9.9e9; }),
                        "gate.gflops is 9900000000 but n = 1024 in 0.05 ms is 42949.67296 GFLOP/s");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.gate->ratio_to_cublas = 50; }),
                        "gate.ratio_to_cublas is 50 but cublas_ms / kernel_ms is 0.4");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.gate->cublas_gflops = 1; }),
                        "gate.cublas_gflops is 1");
  // A time edited alone moves its rate: the old rate no longer follows.
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.gate->kernel_ms = 0.1; }),
                        "gate.gflops is 42949.67296");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.gate->kernel_ms = 0; }), "gate.kernel_ms is 0");
  // Without cuBLAS both cuBLAS figures and the ratio are 0.
  EXPECT_EQ(error_after([](ReportFile& f) {
              f.gate->request.with_cublas = false;
              f.gate->cublas_ms = f.gate->cublas_gflops = f.gate->ratio_to_cublas = 0;
            }),
            "");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.gate->device.present = false; }),
                        "gate ran but gate.device.present is false");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.gate->request.timed_runs = 0; }),
                        "gate.request.timed_runs is 0");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.gate->resources.registers = 100000; }),
                        "gate.resources.registers is 100000");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.gate->resources.static_shared_bytes = 49153; }),
                        "static_shared_bytes is 49153");
  EXPECT_EQ(error_after([](ReportFile& f) { f.gate->resources.registers = 255; }), "");
  // A probe that ran had a device too.
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.probe->device.present = false; }),
                        "probe: device.present is false but probes ran");
}

TEST(ReportJson, TextIsPlainAndEveryKeyOnce) {
  // Found by a newcomer: a device name of ESC ] 0 ; ... BEL and a newline retitled the terminal and
  // forged a line of fragviz-cli diff; trailing NULs and a key given twice were read silently.
  const std::string text = to_json_text(sample());
  const std::string name = "\"name\": \"NVIDIA H200\"";
  EXPECT_EQ(parse_report(edited(text, name, "\"name\": \"NVIDIA\\u001b]0;pwned\\u0007\"")).error.message,
            "a text of the report holds a control character at gate.device.name: U+001B");
  EXPECT_EQ(parse_report(edited(text, name, "\"name\": \"NVIDIA\\nH200\"")).error.message,
            "a text of the report holds a control character at gate.device.name: U+000A");
  EXPECT_EQ(parse_report(edited(text, name, "\"name\": \"NVIDIA\\u007f\"")).error.message,
            "a text of the report holds a control character at gate.device.name: U+007F");
  // An error message may hold several lines (a compile error does): newlines and tabs only.
  ReportFile lines = sample();
  lines.gate->error.message = "cuBLAS timing skipped: line one\n\tline two";
  lines.gate->error.kind = ErrorKind::cuda;
  EXPECT_TRUE(parse_report(to_json_text(lines)));
  lines.gate->error.message = "line one\r\nline two";
  EXPECT_EQ(parse_report(to_json_text(lines)).error.message,
            "a text of the report holds a control character at gate.error: U+000D");
  EXPECT_EQ(parse_report(text + std::string(3, '\0')).error.message,
            "not a JSON document: a NUL byte at byte " + std::to_string(text.size() + 1));
  EXPECT_EQ(parse_report(edited(text, "\"format\": \"fragviz-report\",",
                                "\"format\": \"fragviz-report\", \"format\": \"fragviz-report\","))
                .error.message,
            "not a JSON document we can read: the key \"format\" is given twice in one object");
  // The text checks walk the document by recursion: a deep one is refused before they run.
  const std::string deep =
      "{\"format\": \"fragviz-report\", \"version\": 3, \"probe\": " + std::string(100000, '[') +
      std::string(100000, ']') + "}";
  EXPECT_EQ(parse_report(deep).error.message,
            "not a JSON document we can read: nested more than 200 levels deep");
  // The bound counts the containers around a value: 200 around the 1 pass the parser (and are
  // refused for what they say), 201 do not.
  const auto nested = [](int containers) {
    return "{\"format\": \"fragviz-report\", \"version\": 3, \"probe\": " + std::string(containers - 1, '[') +
           "1" + std::string(containers - 1, ']') + "}";
  };
  EXPECT_EQ(parse_report(nested(200)).error.message.find("nested more than"), std::string::npos)
      << parse_report(nested(200)).error.message;
  EXPECT_EQ(parse_report(nested(201)).error.message,
            "not a JSON document we can read: nested more than 200 levels deep");
  // A key twice in an inner object is refused; the same key in two sibling objects is not twice.
  EXPECT_EQ(parse_report("{\"format\": \"fragviz-report\", \"version\": 3, \"probe\": [{\"a\": 1}, "
                         "{\"a\": 1, \"b\": 2, \"a\": 3}]}")
                .error.message,
            "not a JSON document we can read: the key \"a\" is given twice in one object");
  EXPECT_EQ(parse_report("{\"format\": \"fragviz-report\", \"version\": 3, \"probe\": [{\"a\": 1}, "
                         "{\"a\": 1}]}")
                .error.message.find("given twice"),
            std::string::npos);
  // Where a broken document breaks, in the file's words (json_words.hpp): line and column, and
  // what is wrong there (newcomer finding: nlohmann's "syntax error while parsing value", clipped).
  EXPECT_EQ(parse_report("{\"format\": \"fragviz-report\", }").error.message,
            "not a JSON document: line 1, column 30: found \"}\" where a key in double quotes should be");
  EXPECT_EQ(parse_report("").error.message, "not a JSON document: the file is empty");
  // Cut after its first field: line 2 is ` "format": "fragviz-report",` (28 characters).
  ASSERT_EQ(text.substr(0, text.find(',') + 1), "{\n \"format\": \"fragviz-report\",");
  EXPECT_EQ(
      parse_report(text.substr(0, text.find(',') + 1)).error.message,
      "not a JSON document: line 2, column 29: the text ends before the JSON value is complete (the file "
      "may be cut short)");
  const std::string cpi = "\"cycles_per_instruction\": 9.5";
  EXPECT_REFUSED_NAMING(parse_report(edited(text, cpi, "\"cycles_per_instruction\": NaN")).error.message,
                        "\"NaN\": JSON has no NaN or infinity");
  EXPECT_REFUSED_NAMING(parse_report(edited(text, cpi, "\"cycles_per_instruction\": 1e400")).error.message,
                        "the number 1e400 is too large to read");
}

TEST(ReportRecompute, TileVerdictAndItsDetailAgree) {
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.probe->fragments[0].tile_exact = false; }),
                        "fragments[0].tile_exact is false");
  EXPECT_REFUSED_NAMING(
      error_after([](ReportFile& f) { f.probe->fragments[0].tile_detail = "D(1,2): got 3, want 4"; }),
      "fragments[0].tile_exact is true");
  EXPECT_EQ(error_after([](ReportFile& f) {
              f.probe->fragments[0].tile_exact = false;
              f.probe->fragments[0].tile_detail = "D(1,2): got 3, want 4 (1 of 128 differs)";
            }),
            "");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) {
                          auto& fr = f.probe->fragments[0];
                          fr.ran = false;
                          fr.elements.clear();
                        }),
                        "fragments[0] did not run but has a tile verdict");
}

TEST(ReportRecompute, ErrorsCarryTheirKind) {
  ReportFile f = sample();
  f.gate->ran = false;
  f.gate->error.message = "cudaMalloc failed";
  f.gate->error.kind = ErrorKind::cuda;
  const auto back = parse_report(to_json_text(f));
  ASSERT_TRUE(back) << back.error.message;
  EXPECT_EQ(back.value->gate->error.kind, ErrorKind::cuda);
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& g) { g.gate->error.message = "something"; }),
                        "gate.error_kind");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& g) { g.probe->error.kind = ErrorKind::cuda; }),
                        "probe.error_kind");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& g) {
                          g.gate->ran = false;
                          g.gate->cancelled = true;
                          g.gate->error.message = "cancelled";
                          g.gate->error.kind = ErrorKind::cuda;
                        }),
                        "gate.cancelled");
  // Version 1 reports stored no kind: "unrecorded" when there is a message.
  const auto v1 = parse_report(read_file(fixture("h200-2026-11-29-gate.json")));
  ASSERT_TRUE(v1) << v1.error.message;
  EXPECT_EQ(v1.value->gate->error.kind,
            v1.value->gate->error.message.empty() ? ErrorKind::none : ErrorKind::unrecorded);
}

// A device's error is written as its message alone, under "error" as every version has it (no kind
// key), and reads back with the kind unrecorded; no message reads back as none.
TEST(ReportRecompute, ADevicesErrorIsItsMessageAndReadsBackUnrecorded) {
  ReportFile f;
  f.gate = sample().gate;
  f.gate->ran = false;
  f.gate->exact = false;
  f.gate->first.reset();
  f.gate->mismatch_count = 0;
  f.gate->mismatches.clear();
  f.gate->device = DeviceInfo{};
  f.gate->device.error = Error{ErrorKind::no_device, "no CUDA device: the driver reports 0 devices"};
  f.gate->error = Error{ErrorKind::no_device, "no CUDA device: the driver reports 0 devices"};
  const std::string text = to_json_text(f);
  const nlohmann::json device = nlohmann::json::parse(text).at("gate").at("device");
  EXPECT_EQ(device.at("error"), "no CUDA device: the driver reports 0 devices");
  EXPECT_FALSE(device.contains("error_kind")) << device.dump();
  const auto back = parse_report(text);
  ASSERT_TRUE(back) << back.error.message;
  EXPECT_EQ(back.value->gate->device.error.message, "no CUDA device: the driver reports 0 devices");
  EXPECT_EQ(back.value->gate->device.error.kind, ErrorKind::unrecorded);
  EXPECT_EQ(back.value->gate->error.kind, ErrorKind::no_device);  // the run's kind is stored
  const auto present = parse_report(to_json_text(sample()));
  ASSERT_TRUE(present) << present.error.message;
  EXPECT_EQ(present.value->gate->device.error.kind, ErrorKind::none);
  EXPECT_EQ(present.value->probe->device.error.kind, ErrorKind::none);
}

// [SECTION] issue 11, item 5: a gate report's verdict agrees with itself ----------------------------

TEST(GateReportConsistency, MismatchListIsRowMajorDistinctAndStartsAtFirst) {
  EXPECT_EQ(error_after([](ReportFile&) {}), "");
  EXPECT_REFUSED_NAMING(
      error_after([](ReportFile& f) { std::swap(f.gate->mismatches[0], f.gate->mismatches[1]); }),
      "gate.mismatches[1] is not after gate.mismatches[0]");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) {
                          f.gate->mismatches[0] = {0, 3, 1.f, 2.f};
                        }),
                        "gate.first differs from gate.mismatches[0]");
  EXPECT_REFUSED_NAMING(
      error_after([](ReportFile& f) { std::swap(f.gate->mismatches[1], f.gate->mismatches[2]); }),
      "gate.mismatches[2] is not after gate.mismatches[1]");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.gate->mismatches[2] = f.gate->mismatches[1]; }),
                        "gate.mismatches[2] is not after");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) {
                          f.gate->first = Mismatch{0, 9, 2.f, 3.f};
                        }),
                        "gate.first differs");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.gate->first->got = 7.f; }), "gate.first differs");
  EXPECT_REFUSED_NAMING(
      error_after([](ReportFile& f) { f.gate->mismatches[1].want = f.gate->mismatches[1].got; }),
      "gate.mismatches[1]: got equals want");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.gate->mismatch_count = 2; }),
                        "more recorded mismatches than counted");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.gate->mismatch_count = 4; }),
                        "gate.mismatches lists 3 mismatches but mismatch_count 4");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) { f.gate->exact = true; }), "exact");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& f) {
                          f.gate->exact = true;
                          f.gate->mismatch_count = 0;
                          f.gate->first.reset();
                          f.gate->mismatches.clear();
                          f.gate->mismatches.push_back({1, 1, 1.f, 2.f});
                        }),
                        "more recorded mismatches than counted");
}

TEST(GateReportConsistency, CommittedReportsAndASampledListAreAccepted) {
  for (const std::string& path :
       {fixture("h200-2026-11-29-gate.json"), unpacked_fixture("h200-2026-11-29-gate-broken.json"),
        fixture("h200-2026-12-01-gate.json"), unpacked_fixture("h200-2026-12-01-gate-broken.json")}) {
    const std::string text = read_file(path);
    ASSERT_FALSE(text.empty()) << path;
    const auto r = parse_report(text);
    EXPECT_TRUE(r) << path << ": " << r.error.message;
  }
  // Beyond n = 8192 with more mismatches than the list holds, the list is a sorted sample of the
  // device's records: it may start after the first mismatch, never before it.
  const auto big = [](int first_row) {
    return error_after([=](ReportFile& f) {
      GateReport& g = *f.gate;
      g.request.n = 16384;
      g.gflops = 175921860.44416;        // 2 * 16384^3 = 8796093022208 flop in 0.05 ms
      g.cublas_gflops = 439804651.1104;  // and in 0.02 ms
      g.mismatch_count = GateReport::kMaxRecordedMismatches + 10;
      g.first = Mismatch{first_row, 5, 1.f, 2.f};
      g.mismatches.clear();
      for (int i = 0; i < static_cast<int>(GateReport::kMaxRecordedMismatches); ++i)
        g.mismatches.push_back({1 + i / 16384, i % 16384, 1.f, 2.f});
    });
  };
  EXPECT_EQ(big(0), "");
  EXPECT_REFUSED_NAMING(big(2), "gate.first comes after gate.mismatches[0]");
}

TEST(ReportRecompute, FuzzSeedsAreWhatTheirNamesSay) {
  // tests/fuzz/corpus/report: "invalid-*" documents are refused, every other seed is accepted.
  const std::string dir = std::string(FRAGVIZ_SOURCE_DIR) + "/tests/fuzz/corpus/report";
  int seen = 0, invalid_seen = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    const auto r = parse_report(read_file(entry.path().string()));
    const bool invalid = name.rfind("invalid-", 0) == 0;
    EXPECT_EQ(static_cast<bool>(r), !invalid) << name << ": " << r.error.message;
    ++seen;
    invalid_seen += invalid ? 1 : 0;
  }
  EXPECT_GT(seen - invalid_seen, 5);
  EXPECT_GT(invalid_seen, 5);
}

TEST(ReportJson, VersionIsReadAsWritten) {
  // 2^32 + 2 must not wrap to version 2.
  const auto r = parse_report(R"({"format":"fragviz-report","version":4294967298,"probe":{}})");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error.message.find("version 4294967298"), std::string::npos) << r.error.message;
  EXPECT_FALSE(parse_report(R"({"format":"fragviz-report","version":-4294967294,"probe":{}})"));
}

// [SECTION] the loader speaks of the report, never of its JSON library -----------------------------

namespace {
/// Every place in `j` (arrays: their first two entries), as JSON pointers.
void places(const nlohmann::json& j, const std::string& at, std::vector<std::string>& out) {
  out.push_back(at);
  if (j.is_object())
    for (const auto& [key, value] : j.items()) places(value, at + "/" + key, out);
  else if (j.is_array())
    for (std::size_t i = 0; i < j.size() && i < 2; ++i) places(j[i], at + "/" + std::to_string(i), out);
}
}  // namespace

// Newcomer round 5: a report whose "probe" was an array was refused with "cannot use at() with
// array", the library's words. Every value of a probe and a gate report is replaced, one at a time,
// by a value of each other kind; no refusal may carry the library's tag or name one of its calls.
TEST(ReportJson, EveryRefusalIsInTheReportsWords) {
  const nlohmann::json reports[] = {nlohmann::json::parse(to_json_text(sample())),
                                    nlohmann::json::parse(read_file(fixture("h200-2026-12-01-gate.json")))};
  const nlohmann::json kinds[] = {nlohmann::json::array(), nlohmann::json::object(), "x", nullptr, 7, true};
  const char* library[] = {"json.exception", "at()",  "operator[]",   "value()",
                           "get_ref",        "key()", "type must be", "cannot use"};
  int refused = 0;
  for (const nlohmann::json& report : reports) {
    std::vector<std::string> all;
    places(report, "", all);
    ASSERT_GT(all.size(), 20u);
    for (const std::string& place : all) {
      if (place.empty()) continue;
      for (const nlohmann::json& kind : kinds) {
        nlohmann::json edited_report = report;
        edited_report[nlohmann::json::json_pointer(place)] = kind;
        const auto r = parse_report(edited_report.dump());
        if (r) continue;
        ++refused;
        for (const char* words : library)
          EXPECT_EQ(r.error.message.find(words), std::string::npos)
              << place << " = " << kind.dump() << ": " << r.error.message;
      }
    }
  }
  EXPECT_GT(refused, 500);  // the edits above are refused, not quietly read
}

TEST(ReportRecompute, ThroughLdmatrixCellsAreWhatTheirStoredBytesName) {
  // tf32 m16n8k4: A stored 16 x 4 (16 bytes a row, stride 32), B 8 x 4 (N x K). bytes[0] is A
  // lane 0 element 0, (0,0), from stored byte 0; bytes[1] is A lane 0 element 1, (8,0), byte 256.
  const ReportFile f = sample();
  const auto back = parse_report(to_json_text(f));
  ASSERT_TRUE(back) << back.error.message;
  const LdmatrixFedProbe& p = back.value->probe->through_ldmatrix.at(0);
  EXPECT_EQ(p.mnemonic, kFedSample);
  ASSERT_EQ(p.bytes.size(), 64u + 32u);
  EXPECT_EQ(p.bytes[1].expected, (Coord{8, 0}));
  EXPECT_EQ(p.bytes[1].raw, 256u);
  EXPECT_EQ(p.mismatches(), 0);
  // The measured cell alone, or the raw byte alone, edited: refused, naming both.
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& r) {
                          r.probe->through_ldmatrix[0].bytes[1].measured = Coord{0, 1};
                        }),
                        "through_ldmatrix[0].bytes[1].measured is (0,1) but its stored byte 256 names (8,0)");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& r) { r.probe->through_ldmatrix[0].bytes[1].raw = 4; }),
                        "through_ldmatrix[0].bytes[1].measured is (8,0) but its stored byte 4 names (0,1)");
  // A pad byte names no cell: a consistent record of it is a mismatch, accepted and counted.
  const auto pad = parse_report(to_json_text([] {
    ReportFile r = sample();
    r.probe->through_ldmatrix[0].bytes[1].raw = 16;  // bytes 16-31 of row 0 are its pad
    r.probe->through_ldmatrix[0].bytes[1].measured = std::nullopt;
    return r;
  }()));
  ASSERT_TRUE(pad) << pad.error.message;
  EXPECT_EQ(pad.value->probe->through_ldmatrix[0].mismatches(), 1);
  // The expected cells are the PTX tables', the tensor-core cells their labels'.
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& r) {
                          r.probe->through_ldmatrix[0].bytes[0].expected = Coord{1, 0};
                        }),
                        "expected cell is not the PTX table's");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& r) {
                          r.probe->through_ldmatrix[0].mma.elements[0].measured = Coord{1, 0};
                        }),
                        "through_ldmatrix[0].elements[0].measured is (1,0) but the raw labels put");
  // Only an instruction with an ldmatrix form runs through it; a run needs a device.
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& r) {
                          r.probe->through_ldmatrix[0].mnemonic =
                              "mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64";
                        }),
                        "has no ldmatrix form, yet it ran");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& r) { r.probe->through_ldmatrix[0].a_addresses[0] = 8; }),
                        "a_addresses: 8 is no row start");
  EXPECT_REFUSED_NAMING(error_after([](ReportFile& r) { r.probe->through_ldmatrix[0].bytes.pop_back(); }),
                        "loads 96 elements");
  // A report written before the probe existed has no such list: none, not an error.
  nlohmann::json j = nlohmann::json::parse(to_json_text(f));
  j["probe"].erase("through_ldmatrix");
  const auto old = parse_report(j.dump());
  ASSERT_TRUE(old) << old.error.message;
  EXPECT_TRUE(old.value->probe->through_ldmatrix.empty());
}
