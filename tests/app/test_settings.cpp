// settings.json: parse_settings against the documented ranges and formats (README "Settings",
// app_state.hpp's limits: tile width 8-512 halves, pad 0-64, lane -1 (none) to 31, gate n 256 to
// 65536, the seed an unsigned 64-bit number), and the files: a faulty setting is said and replaced
// by a sane value; a file the app cannot read as its own is never written over.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "settings.hpp"

namespace fragviz::app {
namespace {

namespace fs = std::filesystem;

constexpr const char* kHead = R"({"format": "fragviz-settings", "version": 1, )";

/// `body` (JSON members, no braces) in a settings object of the right format and version.
ParsedSettings parse_fields(const std::string& body) {
  return parse_settings(std::string(kHead) + body + "}");
}

bool any_message_has(const ParsedSettings& p, const std::string& a, const std::string& b = "") {
  for (const std::string& m : p.messages)
    if (m.find(a) != std::string::npos && m.find(b) != std::string::npos) return true;
  return false;
}

std::string all(const ParsedSettings& p) {
  std::string t;
  for (const std::string& m : p.messages) t += m + "\n";
  return t;
}

TEST(ParseSettings, WrittenSettingsReadBackUnchangedAndSilently) {
  Settings s;
  s.controls.instruction = "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32";
  s.controls.num = LdmNum::x2;
  s.controls.trans = true;
  s.controls.width_halves = 128;
  s.controls.pad_halves = 0;
  s.controls.swizzle = Swizzle::xor_row_mod8;
  s.selected_lane = 31;
  s.windows.banks = false;
  s.gate_n = 4096;
  s.gate_variant = GateVariant::broken_swap_b;
  s.gate_seed = 18446744073709551615ull;  // the largest seed
  s.output_colour = OutputColour::warp;
  const std::string text = settings_json(s);
  const ParsedSettings p = parse_settings(text);
  EXPECT_TRUE(p.messages.empty()) << all(p);
  EXPECT_FALSE(p.keep_file);
  EXPECT_EQ(settings_json(p.settings), text);
  EXPECT_EQ(p.settings.gate_seed, 18446744073709551615ull);
  EXPECT_EQ(p.settings.controls.width_halves, 128);
}

// settings.json's keys, object by object: the file's format, written out here (not taken from the
// tables that read and write it). A key lost or renamed breaks every user's saved file.
TEST(ParseSettings, TheFileHoldsTheseKeys) {
  const Settings defaults;
  const nlohmann::json j = nlohmann::json::parse(settings_json(defaults));
  const auto keys = [](const nlohmann::json& o) {
    std::set<std::string> k;
    for (const auto& [key, value] : o.items()) k.insert(key);
    return k;
  };
  // No "wgmma": only an entry the user picked is saved (WgmmaThatFollowedTheMmaSyncFormIsNotSaved).
  EXPECT_EQ(keys(j), (std::set<std::string>{"format",
                                            "version",
                                            "instruction",
                                            "ldmatrix_num",
                                            "trans",
                                            "width_halves",
                                            "pad_halves",
                                            "swizzle",
                                            "selected_lane",
                                            "windows",
                                            "gate",
                                            "output_colour",
                                            "export_format",
                                            "export_palette",
                                            "export_folder",
                                            "warpgroup_thread",
                                            "inspector",
                                            "layout",
                                            "algebra",
                                            "cta_tile",
                                            "tmem",
                                            "tmem_ld",
                                            "tmem_accumulator",
                                            "tmem_cp",
                                            "export_view",
                                            "export_scale",
                                            "export_crop",
                                            "export_crop_on",
                                            "descriptor",
                                            "moves",
                                            "zoom",
                                            "algebra_step",
                                            "algebra_colour",
                                            "algebra_cell",
                                            "wmma_kind",
                                            "ladder_sizes",
                                            "kernel",
                                            "fragments_find",
                                            "warpgroup_find",
                                            "stacked_tab",
                                            "reports"}));
  EXPECT_EQ(keys(j["reports"]), (std::set<std::string>{"probe", "gate", "compare", "bench", "recent"}));
  EXPECT_EQ(keys(j["descriptor"]), (std::set<std::string>{"arch", "operand", "major", "swizzle", "custom",
                                                          "lbo", "sbo", "start", "smem", "kind", "idesc"}));
  // No "lane": the matrix-move pages follow the app's lane (MovesLaneIsRetired).
  EXPECT_EQ(keys(j["moves"]), (std::set<std::string>{"tab", "num", "trans", "epilogue", "b8"}));
  EXPECT_EQ(keys(j["zoom"]), (std::set<std::string>{"fragments", "banks", "warpgroup", "tmem"}));
  EXPECT_EQ(keys(j["zoom"]["fragments"]), (std::set<std::string>{"for", "zoom"}));
  EXPECT_EQ(keys(j["kernel"]),
            (std::set<std::string>{"source", "entry", "block", "grid", "smem_bytes", "include", "cutlass"}));
  EXPECT_EQ(keys(j["windows"]),
            (std::set<std::string>{"controls", "device", "inspector", "fragments", "ldmatrix", "banks",
                                   "gate", "output", "warpgroup", "descriptor", "moves", "algebra",
                                   "cta_tile", "tmem", "differences"}));
  EXPECT_EQ(keys(j["gate"]), (std::set<std::string>{"n", "seed", "variant"}));
  EXPECT_EQ(keys(j["cta_tile"]),
            (std::set<std::string>{"preset", "mma",     "atoms",        "permute",       "copy_a",
                                   "copy_b", "copy_c",  "value_bits_a", "value_bits_b",  "value_bits_c",
                                   "smem_a", "smem_b",  "smem_c",       "gmem_copy_a",   "gmem_copy_b",
                                   "tile",   "k_block", "reuse_c_as_a", "register_swap", "cell",
                                   "thread"}));
  EXPECT_EQ(keys(j["layout"]), (std::set<std::string>{"enabled", "write", "read", "lanes", "op", "num",
                                                      "trans", "element_type"}));
  EXPECT_EQ(nlohmann::json(layout_settings_json(LayoutControls{})), j["layout"]);
}

// Each window's key is read into its own flag and written back from it: closing one window in the
// file closes that window only.
TEST(ParseSettings, EachWindowKeyIsItsOwnWindow) {
  const Settings defaults;
  const nlohmann::json d = nlohmann::json::parse(settings_json(defaults))["windows"];
  for (const char* key :
       {"controls", "device", "inspector", "fragments", "ldmatrix", "banks", "gate", "output", "warpgroup",
        "descriptor", "moves", "algebra", "cta_tile", "tmem", "differences"})
    for (bool open : {false, true}) {
      const ParsedSettings p =
          parse_fields(std::string(R"("windows": {")") + key + R"(": )" + (open ? "true" : "false") + "}");
      EXPECT_TRUE(p.messages.empty()) << all(p);
      const nlohmann::json w = nlohmann::json::parse(settings_json(p.settings))["windows"];
      for (const auto& [k, v] : w.items())
        EXPECT_EQ(v, k == key ? nlohmann::json(open) : d[k]) << key << " " << k;
    }
}

TEST(ParseSettings, LayoutModeReadsBackAsTyped) {
  Settings s;
  s.layout.enabled = true;
  s.layout.write_layout = "Swizzle<2,3,3> o (16,64):(64,1)";
  s.layout.read_layout = "(16,64):(64,1";  // does not parse: kept as typed, the view says why
  s.layout.lanes = "row=lane&7, col=8*(lane>>3)";
  s.layout.op = SharedOp::lds128;
  s.layout.num = LdmNum::x2;
  s.layout.trans = true;
  s.layout.element_type = "bf16";
  s.layout.title = "not persisted";
  const std::string text = settings_json(s);
  const ParsedSettings p = parse_settings(text);
  EXPECT_TRUE(p.messages.empty()) << all(p);
  const LayoutControls& l = p.settings.layout;
  EXPECT_TRUE(l.enabled);
  EXPECT_EQ(l.write_layout, "Swizzle<2,3,3> o (16,64):(64,1)");
  EXPECT_EQ(l.read_layout, "(16,64):(64,1");
  EXPECT_EQ(l.lanes, "row=lane&7, col=8*(lane>>3)");
  EXPECT_EQ(l.op, SharedOp::lds128);
  EXPECT_EQ(l.num, LdmNum::x2);
  EXPECT_TRUE(l.trans);
  EXPECT_EQ(l.element_type, "bf16");
  EXPECT_EQ(l.title, "");
}

TEST(ParseSettings, AMergedLanePresetLoadsAsTheOneKept) {
  // `a` was a preset of its own with `explorer`'s expression; a file that names it loads, as explorer.
  const ParsedSettings p = parse_fields(R"("layout": {"lanes": " a "})");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  EXPECT_TRUE(p.layout_notices.empty());
  EXPECT_EQ(p.settings.layout.lanes, "explorer");
  // Other text stays as typed.
  EXPECT_EQ(parse_fields(R"("layout": {"lanes": "b-pair"})").settings.layout.lanes, "b-pair");
  EXPECT_EQ(parse_fields(R"("layout": {"lanes": "row=lane, col=a"})").settings.layout.lanes,
            "row=lane, col=a");
}

TEST(ParseSettings, BadLayoutFieldsKeepTheDefaultAndAreSaid) {
  const LayoutControls def;
  const ParsedSettings p = parse_fields(
      R"("layout": {"op": "ldmatrix.x8", "element_type": "b12", "num": "x3", "write": 7, "lanes": ")" +
      std::string(kMaxLayoutTextChars + 1, 'x') + R"(", "enabled": "yes"})");
  const LayoutControls& l = p.settings.layout;
  EXPECT_EQ(l.op, def.op);
  EXPECT_EQ(l.element_type, def.element_type);
  EXPECT_EQ(l.num, def.num);
  EXPECT_EQ(l.write_layout, def.write_layout);
  EXPECT_EQ(l.lanes, def.lanes);
  EXPECT_EQ(l.enabled, def.enabled);
  EXPECT_TRUE(any_message_has(p, "layout.op", "ldmatrix.x8")) << all(p);
  EXPECT_TRUE(any_message_has(p, "layout.element_type", "b12")) << all(p);
  EXPECT_TRUE(any_message_has(p, "layout.num")) << all(p);
  EXPECT_TRUE(any_message_has(p, "layout.write", "not a string")) << all(p);
  EXPECT_TRUE(any_message_has(p, "layout.lanes", "4097 characters")) << all(p);
  EXPECT_TRUE(any_message_has(p, "layout.enabled")) << all(p);
  const ParsedSettings q = parse_fields(R"("layout": [1, 2])");
  EXPECT_TRUE(any_message_has(q, "layout is an array")) << all(q);
}

TEST(ParseSettings, NegativeSeedIsRefusedNotWrapped) {
  const ParsedSettings p = parse_fields(R"("gate": {"seed": -1})");
  EXPECT_EQ(p.settings.gate_seed, 1u);  // the default seed, not 2^64 - 1
  EXPECT_TRUE(any_message_has(p, "gate.seed", "-1")) << all(p);
  EXPECT_FALSE(p.keep_file);
}

TEST(ParseSettings, FractionalOrTextSeedIsRefused) {
  for (const char* v : {"1.5", "1e3", R"("7")", "true"}) {
    const ParsedSettings p = parse_fields(std::string(R"("gate": {"seed": )") + v + "}");
    EXPECT_EQ(p.settings.gate_seed, 1u) << v;
    EXPECT_TRUE(any_message_has(p, "gate.seed")) << v << ": " << all(p);
  }
}

TEST(ParseSettings, HugeWidthBecomesTheLargestNotTheSmallest) {
  const ParsedSettings p = parse_fields(R"("width_halves": 1e300, "pad_halves": 1e300)");
  EXPECT_EQ(p.settings.controls.width_halves, 512);
  EXPECT_EQ(p.settings.controls.pad_halves, 64);
  EXPECT_TRUE(any_message_has(p, "width_halves", "512")) << all(p);
  EXPECT_TRUE(any_message_has(p, "pad_halves", "64")) << all(p);
}

TEST(ParseSettings, OutOfRangeIntegersAreClampedAndSaid) {
  const ParsedSettings p = parse_fields(R"("width_halves": -1e300, "pad_halves": -3, "gate": {"n": 64})");
  EXPECT_EQ(p.settings.controls.width_halves, 8);
  EXPECT_EQ(p.settings.controls.pad_halves, 0);
  EXPECT_EQ(p.settings.gate_n, 256);
  EXPECT_EQ(p.messages.size(), 3u) << all(p);
  // Beyond any integer type: 2^64 and more.
  const ParsedSettings q =
      parse_fields(R"("width_halves": 18446744073709551616, "gate": {"n": 99999999999999999999})");
  EXPECT_EQ(q.settings.controls.width_halves, 512);
  EXPECT_EQ(q.settings.gate_n, 65536);
}

TEST(ParseSettings, FractionsAndWrongTypesKeepTheDefault) {
  const ParsedSettings p =
      parse_fields(R"("width_halves": 100.5, "pad_halves": "8", "trans": "yes", "ldmatrix_num": "x3",
                      "swizzle": 1, "output_colour": "purple", "gate": {"variant": "fast"})");
  EXPECT_EQ(p.settings.controls.width_halves, 64);
  EXPECT_EQ(p.settings.controls.pad_halves, 8);
  EXPECT_FALSE(p.settings.controls.trans);
  EXPECT_EQ(p.settings.controls.num, LdmNum::x4);
  EXPECT_EQ(p.settings.controls.swizzle, Swizzle::none);
  EXPECT_EQ(p.settings.output_colour, OutputColour::mismatch);
  EXPECT_EQ(p.settings.gate_variant, GateVariant::ldmatrix_k8);
  for (const char* key :
       {"width_halves", "pad_halves", "trans", "ldmatrix_num", "swizzle", "output_colour", "gate.variant"})
    EXPECT_TRUE(any_message_has(p, key)) << key << ": " << all(p);
  EXPECT_FALSE(p.keep_file);
}

// The message names every variant the gate accepts, the ladder's rungs among them (it once listed
// the seed's four only, though "tile-128" was accepted).
TEST(ParseSettings, UnknownVariantNamesEveryRung) {
  const ParsedSettings p = parse_fields(R"("gate": {"variant": "fast"})");
  for (const char* name : {"ldmatrix-k8", "broken-swap-b", "cp-async-db", "tile-128", "reg-db-128x256",
                           "wgmma-tma", "wgmma-persistent", "wgmma-cluster", "wgmma-pingpong",
                           "wgmma-tma-store", "wgmma-stream-k", "mma-tma-cluster"})
    EXPECT_TRUE(any_message_has(p, name)) << name << ": " << all(p);
  EXPECT_EQ(parse_fields(R"("gate": {"variant": "tile-128"})").settings.gate_variant, GateVariant::tile_128);
}

TEST(ParseSettings, WholeNumberWrittenAsFloatIsTaken) {
  const ParsedSettings p = parse_fields(R"("width_halves": 96.0)");
  EXPECT_EQ(p.settings.controls.width_halves, 96);
  EXPECT_TRUE(p.messages.empty()) << all(p);
}

TEST(ParseSettings, LaneOutsideTheWarpSelectsNone) {
  const ParsedSettings p = parse_fields(R"("selected_lane": 32)");
  EXPECT_EQ(p.settings.selected_lane, -1);
  EXPECT_TRUE(any_message_has(p, "selected_lane", "32")) << all(p);
  EXPECT_EQ(parse_fields(R"("selected_lane": 31)").settings.selected_lane, 31);
}

TEST(ParseSettings, WrongFormatIsNotReadAndNotToBeWritten) {
  const ParsedSettings p =
      parse_settings(R"({"format": "other-app", "version": 1, "trans": true, "width_halves": 96})");
  EXPECT_TRUE(p.keep_file);
  EXPECT_FALSE(p.settings.controls.trans);
  EXPECT_EQ(p.settings.controls.width_halves, 64);
  EXPECT_TRUE(any_message_has(p, "format", "other-app")) << all(p);
  const ParsedSettings none = parse_settings(R"({"trans": true})");
  EXPECT_TRUE(none.keep_file);
  EXPECT_FALSE(none.settings.controls.trans);
  EXPECT_TRUE(any_message_has(none, "format")) << all(none);
}

TEST(ParseSettings, TextThatIsNoSettingsObjectIsKept) {
  // Named, not a temporary in the loop: GCC 12 at -O3 warns (maybe-uninitialized) on the latter.
  const Settings fresh;
  const std::string defaults = settings_json(fresh);
  for (const char* t : {"", "{ \"format\": ", "[1, 2]", "\"fragviz-settings\"", "not json at all"}) {
    const ParsedSettings p = parse_settings(t);
    EXPECT_TRUE(p.keep_file) << t;
    EXPECT_EQ(p.messages.size(), 1u) << t;
    EXPECT_EQ(settings_json(p.settings), defaults) << t;
  }
}

TEST(ParseSettings, NewerVersionIsReadButKept) {
  const ParsedSettings p =
      parse_settings(R"({"format": "fragviz-settings", "version": 2, "trans": true, "later": 1})");
  EXPECT_TRUE(p.keep_file);
  EXPECT_TRUE(p.settings.controls.trans);
  EXPECT_TRUE(any_message_has(p, "version 2")) << all(p);
}

// Newcomer round 7: version -1 was said as a newer app's file.
TEST(ParseSettings, AVersionBelowOneIsNoNewerApps) {
  const ParsedSettings p = parse_settings(R"({"format": "fragviz-settings", "version": -1, "trans": true})");
  EXPECT_TRUE(p.keep_file);
  EXPECT_TRUE(p.settings.controls.trans);
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_EQ(p.messages[0],
            "version -1 is no version any app wrote (this one writes version 1): only the fields it knows "
            "are read");
  EXPECT_TRUE(any_message_has(parse_settings(R"({"format": "fragviz-settings", "version": 2})"),
                              "version 2, this app writes version 1"));
}

TEST(ParseSettings, UnknownKeyIsSaid) {
  const ParsedSettings p = parse_fields(R"("widht_halves": 96)");
  EXPECT_TRUE(any_message_has(p, "widht_halves")) << all(p);
  EXPECT_EQ(p.settings.controls.width_halves, 64);
}

// Newcomer round 6: text that is no JSON was said only as "not JSON", with no place or reason.
TEST(ParseSettings, NotJsonIsSaidWhereAndWhyInTheFilesWords) {
  const ParsedSettings p = parse_settings("{\"format\": \"fragviz-settings\",\n \"trans\": tru}");
  EXPECT_TRUE(p.keep_file);
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  // Line 2 is ` "trans": tru}`: "tru" starts at column 11, the parser stops at the "}" (column 14).
  EXPECT_EQ(p.messages[0],
            "not JSON: line 2, column 14: \"tru\" is not a JSON value (a value is a number, a \"string\", "
            "true, false, null, an [array] or an {object}): using the default settings");
}

// Newcomer round 6: one number beyond double (1e400) made the whole file "not JSON" and turned
// saving off for the session; it is one bad value.
TEST(ParseSettings, ANumberTooLargeIsOneBadValueNotABadFile) {
  const ParsedSettings p = parse_fields(R"("width_halves": 1e400, "trans": true, "pad_halves": -1e999)");
  EXPECT_FALSE(p.keep_file) << all(p);
  EXPECT_TRUE(p.settings.controls.trans);
  EXPECT_EQ(p.settings.controls.width_halves, 64);
  EXPECT_EQ(p.settings.controls.pad_halves, 8);
  // kHead is 45 characters: "width_halves": starts at column 46, its value at column 62.
  EXPECT_TRUE(any_message_has(p, "line 1, column 62: the number 1e400 is too large to read")) << all(p);
  EXPECT_TRUE(any_message_has(p, "the number -1e999 is too large to read")) << all(p);
  EXPECT_TRUE(any_message_has(p, "width_halves null is not a number: using 64")) << all(p);
  EXPECT_EQ(p.text_read.find("1e400"), std::string::npos);
}

// Newcomer round 6: a misspelt key inside gate, windows or layout was silently not taken.
TEST(ParseSettings, UnknownKeysInsideObjectsAreSaid) {
  const ParsedSettings p = parse_fields(
      R"("gate": {"n": 512, "sed": 3}, "windows": {"gate": false, "fragmnets": false},
         "layout": {"enabled": true, "writ": "x"})");
  EXPECT_EQ(p.settings.gate_n, 512);
  EXPECT_FALSE(p.settings.windows.gate);
  EXPECT_TRUE(any_message_has(p, "unknown setting \"gate.sed\" ignored")) << all(p);
  EXPECT_TRUE(any_message_has(p, "unknown setting \"windows.fragmnets\" ignored")) << all(p);
  EXPECT_TRUE(any_message_has(p, "unknown setting \"layout.writ\" ignored")) << all(p);
  EXPECT_EQ(p.messages.size(), 3u) << all(p);
}

TEST(ParseSettings, DeepNestingIsDescribedNotDumped) {
  const std::string deep = std::string(20000, '[') + std::string(20000, ']');
  const ParsedSettings p = parse_fields("\"width_halves\": " + deep);
  EXPECT_EQ(p.settings.controls.width_halves, 64);
  ASSERT_EQ(p.messages.size(), 1u);
  EXPECT_LT(p.messages[0].size(), 200u);
}

TEST(ParseSettings, OldShapeKeyStillNamesItsInstruction) {
  EXPECT_EQ(parse_fields(R"("shape": "m16n8k16")").settings.controls.instruction,
            "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
  const ParsedSettings p =
      parse_fields(R"("instruction": "mma.sync.aligned.m16n8k99.row.col.f32.f16.f16.f32")");
  EXPECT_EQ(p.settings.controls.instruction, "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32");
  EXPECT_NE(p.instruction_notice.find("m16n8k99"), std::string::npos);
  // Newcomer round 5: the unknown instruction was named only beside the controls, never among the
  // settings' faults (the strip and stderr), unlike every other field.
  ASSERT_EQ(p.messages.size(), 1u);
  EXPECT_EQ(
      p.messages[0],
      "instruction \"mma.sync.aligned.m16n8k99.row.col.f32.f16.f16.f32\" is not in the catalogue: using "
      "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32");
}

// The Hopper views' entry and windows are settings like the others (issue 22).
TEST(ParseSettings, WgmmaEntryAndHopperWindowsReadBack) {
  Settings s;
  s.hopper.wgmma = "wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16";
  s.hopper.warpgroup = true;
  s.hopper.moves = true;
  const std::string text = settings_json(s);
  const ParsedSettings p = parse_settings(text);
  EXPECT_TRUE(p.messages.empty()) << all(p);
  EXPECT_EQ(p.settings.hopper.wgmma, "wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16");
  EXPECT_TRUE(p.settings.hopper.warpgroup);
  EXPECT_FALSE(p.settings.hopper.descriptor);
  EXPECT_TRUE(p.settings.hopper.moves);
  EXPECT_EQ(settings_json(p.settings), text);
}

TEST(ParseSettings, WgmmaWithoutItsPrefixIsTheEntry) {
  const ParsedSettings p = parse_fields(R"("wgmma": "m64n256k16.f32.bf16.bf16")");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  EXPECT_EQ(p.settings.hopper.wgmma, "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16");
}

TEST(ParseSettings, UnknownWgmmaKeepsTheDefaultAndSaysTheNearest) {
  const ParsedSettings p =
      parse_fields(R"("wgmma": "m64n256k16.f32.bf16", "windows": {"descriptor": "yes"})");
  EXPECT_EQ(p.settings.hopper.wgmma, "");  // none picked: the views follow the mma.sync form's types
  EXPECT_TRUE(any_message_has(
      p,
      "wgmma \"m64n256k16.f32.bf16\" is not in the wgmma catalogue: showing the wgmma of the mma.sync form's "
      "types",
      "did you mean:\n  wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16"))
      << all(p);
  EXPECT_FALSE(p.settings.hopper.descriptor);
  EXPECT_TRUE(any_message_has(p, "windows.descriptor \"yes\" is not true or false: using false")) << all(p);
  EXPECT_FALSE(any_message_has(p, "unknown setting")) << all(p);
}

// [SECTION] the files

/// A fresh folder under the system's temporary one, removed at the end of the test.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "fragviz-settings-XXXXXX").string();
    path = mkdtemp(t.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  void write(const char* name, const std::string& text) const { std::ofstream(path / name) << text; }
  std::string read(const char* name) const {
    std::ifstream in(path / name);
    std::stringstream t;
    t << in.rdbuf();
    return t.str();
  }
  /// The folder's names other than settings.json: a save's temporary file would be one.
  std::vector<std::string> others() const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(path))
      if (e.path().filename() != "settings.json") out.push_back(e.path().filename().string());
    return out;
  }
};

bool notices_have(const AppState& s, const std::string& a, const std::string& b = "") {
  for (const std::string& m : s.settings_notices)
    if (m.find(a) != std::string::npos && m.find(b) != std::string::npos) return true;
  return false;
}

TEST(SettingsFiles, ConfigDirThatIsAFileIsSaidAndNothingIsSaved) {
  TempDir t;
  t.write("plain", "a file, not a folder");
  const std::string file = (t.path / "plain").string();
  AppState s;
  const std::string save_dir = start_settings(ConfigDir{file, t.path.string(), "its folder"}, true, s);
  EXPECT_EQ(save_dir, "");
  EXPECT_TRUE(notices_have(s, file, "not a folder"))
      << (s.settings_notices.empty() ? "" : s.settings_notices[0]);
  EXPECT_EQ(s.settings_notices.size(), 1u);  // said once, not by both the folder and the file check
  EXPECT_EQ(t.read("plain"), "a file, not a folder");
}

TEST(SettingsFiles, UnwritableFolderIsSaidAtStart) {
  // Found by a newcomer: a read-only --config-dir was said only at quit, on stderr. (As root every
  // folder is writable: the test then has nothing to show.)
  if (geteuid() == 0) GTEST_SKIP() << "root may write in any folder";
  TempDir t;
  fs::permissions(t.path, fs::perms::owner_read | fs::perms::owner_exec);
  AppState s;
  const std::string save_dir =
      start_settings(ConfigDir{t.path.string(), t.path.parent_path().string(), "x"}, true, s);
  fs::permissions(t.path, fs::perms::owner_all);
  EXPECT_EQ(save_dir, "");
  EXPECT_TRUE(notices_have(s, "cannot write in " + t.path.string(), "settings are not saved"));
}

TEST(SettingsFiles, HugeFileIsNotReadNorSavedOver) {
  // Found by a newcomer: a 2 GB sparse settings.json took 42 s to read before the window opened.
  TempDir t;
  const fs::path file = t.path / "settings.json";
  { std::ofstream(file) << "{"; }
  fs::resize_file(file, (1u << 20) + 1);  // one byte over the 1 MiB a settings file may be
  AppState s;
  const std::string save_dir =
      start_settings(ConfigDir{t.path.string(), t.path.parent_path().string(), "x"}, true, s);
  EXPECT_EQ(save_dir, "");
  EXPECT_TRUE(notices_have(s, "is 1048577 bytes, more than a settings file's 1024 KiB", "default settings"));
  EXPECT_TRUE(notices_have(s, "settings.json", "kept"));
  EXPECT_EQ(fs::file_size(file), (1u << 20) + 1);
}

TEST(SettingsFiles, UnparseableFileIsNeverSavedOver) {
  TempDir t;
  const std::string broken = "{ \"format\": \"fragviz-settings\", \"trans\": tru";
  t.write("settings.json", broken);
  AppState s;
  const std::string save_dir =
      start_settings(ConfigDir{t.path.string(), t.path.parent_path().string(), "x"}, true, s);
  EXPECT_EQ(save_dir, "") << "a run must not save into a folder whose settings.json it could not read";
  EXPECT_TRUE(notices_have(s, "settings.json", "not JSON"));
  EXPECT_TRUE(notices_have(s, "settings.json", "kept"));
  EXPECT_EQ(t.read("settings.json"), broken);
}

TEST(SettingsFiles, OtherFormatIsNeverSavedOver) {
  TempDir t;
  const std::string other = R"({"format": "someone-else", "theme": "dark"})";
  t.write("settings.json", other);
  AppState s;
  EXPECT_EQ(start_settings(ConfigDir{t.path.string(), t.path.parent_path().string(), "x"}, true, s), "");
  EXPECT_TRUE(notices_have(s, "someone-else"));
  EXPECT_EQ(t.read("settings.json"), other);
}

TEST(SettingsFiles, FieldFaultsAreNoticedAndTheFolderStaysUsable) {
  TempDir t;
  t.write("settings.json", std::string(kHead) + R"("width_halves": 1e300, "gate": {"seed": -1}})");
  AppState s;
  EXPECT_EQ(start_settings(ConfigDir{t.path.string(), t.path.parent_path().string(), "x"}, true, s),
            t.path.string());
  EXPECT_EQ(s.controls.width_halves, 512);
  EXPECT_EQ(s.gate_request.seed, 1u);
  EXPECT_TRUE(notices_have(s, "width_halves"));
  EXPECT_TRUE(notices_have(s, "gate.seed"));
}

TEST(SettingsFiles, GoodFileLoadsSilentlyAndSavesBack) {
  TempDir t;
  Settings want;
  want.controls.pad_halves = 16;
  want.selected_lane = 7;
  ASSERT_EQ(save_settings(t.path.string(), want), "");
  AppState s;
  EXPECT_EQ(start_settings(ConfigDir{t.path.string(), t.path.parent_path().string(), "x"}, true, s),
            t.path.string());
  EXPECT_TRUE(s.settings_notices.empty());
  EXPECT_EQ(s.controls.pad_halves, 16);
  EXPECT_EQ(s.selected_lane, 7);
  EXPECT_TRUE(t.others().empty()) << t.others()[0];
}

// The wgmma entry and the open Hopper windows survive a restart, as every other setting does.
TEST(SettingsFiles, HopperChoicesAreSavedAndReadAtTheNextStart) {
  TempDir t;
  const ConfigDir dir{t.path.string(), t.path.parent_path().string(), "x"};
  AppState first;
  ASSERT_EQ(start_settings(dir, true, first), t.path.string());
  first.hopper.wgmma = "wgmma.mma_async.sync.aligned.m64n32k32.f32.e4m3.e5m2";
  first.hopper.wgmma_picked = true;
  first.hopper.descriptor_open = true;
  ASSERT_EQ(save_settings(t.path.string(), settings_of(first)), "");
  AppState next;
  ASSERT_EQ(start_settings(dir, true, next), t.path.string());
  EXPECT_TRUE(next.settings_notices.empty());
  EXPECT_EQ(next.hopper.wgmma, "wgmma.mma_async.sync.aligned.m64n32k32.f32.e4m3.e5m2");
  EXPECT_TRUE(next.hopper.wgmma_picked);  // it wins over the mma.sync form's types
  EXPECT_TRUE(next.hopper.descriptor_open);
  EXPECT_FALSE(next.hopper.warpgroup_open);
  EXPECT_FALSE(next.hopper.moves_open);
}

// An entry the views showed only because it has the mma.sync form's types (the user picked none) is
// not saved: saved, it would win over the types chosen at the next start (newcomer round 20).
TEST(SettingsFiles, WgmmaThatFollowedTheMmaSyncFormIsNotSaved) {
  TempDir t;
  const ConfigDir dir{t.path.string(), t.path.parent_path().string(), "x"};
  AppState first;
  ASSERT_EQ(start_settings(dir, true, first), t.path.string());
  first.hopper.wgmma = "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16";
  first.hopper.wgmma_picked = false;
  const std::string text = settings_json(settings_of(first));
  EXPECT_EQ(text.find("\"wgmma\""), std::string::npos) << text;
  ASSERT_EQ(save_settings(t.path.string(), settings_of(first)), "");
  AppState next;
  ASSERT_EQ(start_settings(dir, true, next), t.path.string());
  EXPECT_TRUE(next.settings_notices.empty());
  EXPECT_FALSE(next.hopper.wgmma_picked);
}

// Found by a newcomer: quitting deleted a key of the user's own and overwrote values the app had
// only stood in for, though nothing was changed; a symlinked settings.json became a plain file.
TEST(SettingsFiles, WhatTheUserDidNotChangeIsWrittenBackAsWritten) {
  TempDir t;
  t.write("settings.json", R"({"format": "fragviz-settings", "version": 1, "my_note": "keep me",
    "pad_halves": 9999, "trans": true, "gate": {"n": 7, "seed": 5, "colour": "mine"}})");
  AppState s;
  const std::string dir =
      start_settings(ConfigDir{t.path.string(), t.path.parent_path().string(), "x"}, true, s);
  ASSERT_EQ(dir, t.path.string());
  EXPECT_EQ(s.controls.pad_halves, 64);  // the stand-in for the session, said in the notices
  // Quit without a change: the user's key and values come back as written.
  ASSERT_EQ(save_settings(dir, settings_of(s), s.settings_file_text, s.settings_loaded_json), "");
  const nlohmann::json untouched = nlohmann::json::parse(t.read("settings.json"));
  EXPECT_EQ(untouched["my_note"], "keep me");
  EXPECT_EQ(untouched["pad_halves"], 9999);
  EXPECT_EQ(untouched["gate"]["n"], 7);
  EXPECT_EQ(untouched["gate"]["colour"], "mine");
  EXPECT_EQ(untouched["gate"]["seed"], 5);
  EXPECT_EQ(untouched["trans"], true);
  // What the user sets is written; the rest stays theirs.
  s.controls.pad_halves = 16;
  s.gate_request.seed = 9;
  ASSERT_EQ(save_settings(dir, settings_of(s), s.settings_file_text, s.settings_loaded_json), "");
  const nlohmann::json changed = nlohmann::json::parse(t.read("settings.json"));
  EXPECT_EQ(changed["pad_halves"], 16);
  EXPECT_EQ(changed["gate"]["seed"], 9);
  EXPECT_EQ(changed["gate"]["n"], 7);
  EXPECT_EQ(changed["my_note"], "keep me");
}

// Newcomer round 5: a value the app stood in for (pad 9999 read as 64), changed by the user and set
// back to that stand-in, was saved as the file's 9999: the user's own choice lost.
TEST(SettingsFiles, AStandInTheUserSetsAgainIsSavedAsSet) {
  TempDir t;
  t.write("settings.json", R"({"format": "fragviz-settings", "version": 1, "pad_halves": 9999,
    "width_halves": 100000, "gate": {"n": 7}})");
  AppState s;
  const std::string dir =
      start_settings(ConfigDir{t.path.string(), t.path.parent_path().string(), "x"}, true, s);
  ASSERT_EQ(dir, t.path.string());
  ASSERT_EQ(s.controls.pad_halves, 64);
  const auto save = [&] {
    const Settings now = settings_of(s);
    note_settings_touched(s.settings_loaded_json, now, s.settings_touched);
    return save_settings(dir, now, s.settings_file_text, s.settings_loaded_json, s.settings_touched);
  };
  s.controls.pad_halves = 16;
  ASSERT_EQ(save(), "");
  EXPECT_EQ(nlohmann::json::parse(t.read("settings.json"))["pad_halves"], 16);
  s.controls.pad_halves = 64;        // set back to the stand-in: now the user's value
  ASSERT_EQ(s.gate_request.n, 256);  // gate.n 7 read as the smallest n
  s.gate_request.n = 512;            // inside an object as well
  ASSERT_EQ(save(), "");
  s.gate_request.n = 256;
  ASSERT_EQ(save(), "");
  const nlohmann::json saved = nlohmann::json::parse(t.read("settings.json"));
  EXPECT_EQ(saved["pad_halves"], 64);
  EXPECT_EQ(saved["gate"]["n"], 256);
  // Never touched: still as the user wrote it.
  EXPECT_EQ(saved["width_halves"], 100000);
  EXPECT_EQ(s.settings_touched, (std::set<std::string>{"/pad_halves", "/gate/n"}));
}

// Newcomer round 6: a layout text that does not parse was said only once the Layout view was open.
TEST(ParseSettings, ALayoutTextThatDoesNotParseIsSaidAtStartAndKept) {
  const ParsedSettings p = parse_fields(R"("layout": {"write": "(8,8):(1,"})");
  EXPECT_EQ(p.settings.layout.write_layout, "(8,8):(1,");
  EXPECT_TRUE(p.messages.empty()) << all(p);  // no fault of the file: written back as typed
  ASSERT_EQ(p.layout_notices.size(), 1u);
  EXPECT_EQ(p.layout_notices[0].rfind("layout.write \"(8,8):(1,\" does not parse (", 0), 0u)
      << p.layout_notices[0];
  EXPECT_NE(p.layout_notices[0].find("): kept as typed; the Layout view shows where"), std::string::npos)
      << p.layout_notices[0];
  // Said at start with the file's messages.
  TempDir t;
  t.write("settings.json", std::string(kHead) + R"("layout": {"write": "(8,8):(1,"}})");
  AppState s;
  start_settings(ConfigDir{t.path.string(), t.path.parent_path().string(), "x"}, true, s);
  EXPECT_TRUE(notices_have(s, "layout.write", "does not parse")) << s.settings_notices.size();
}

// Newcomer round 6: quitting without a change rewrote the file in the app's format (keys sorted,
// spacing changed) and a "windows" that was no object became one.
TEST(SettingsFiles, AnUnchangedQuitLeavesTheFileByteForByte) {
  TempDir t;
  const std::string text = R"({ "version": 1,  "format": "fragviz-settings",
  "windows": [1, 2, 3], "width_halves": 1e400, "trans": true })";
  t.write("settings.json", text);
  AppState s;
  const std::string dir =
      start_settings(ConfigDir{t.path.string(), t.path.parent_path().string(), "x"}, true, s);
  ASSERT_EQ(dir, t.path.string()) << "a file with one bad number is still saved into";
  const auto save = [&] {
    const Settings now = settings_of(s);
    note_settings_touched(s.settings_loaded_json, now, s.settings_touched);
    return save_settings(dir, now, s.settings_file_text, s.settings_loaded_json, s.settings_touched);
  };
  ASSERT_EQ(save(), "");
  EXPECT_EQ(t.read("settings.json"), text);
  EXPECT_TRUE(t.others().empty()) << t.others()[0];
  // A window the user closes: windows becomes this app's object, the rest stays the user's.
  s.windows.gate = false;
  ASSERT_EQ(save(), "");
  const nlohmann::json saved = nlohmann::json::parse(t.read("settings.json"));
  EXPECT_EQ(saved["windows"]["gate"], false);
  EXPECT_EQ(saved["trans"], true);
  EXPECT_TRUE(saved["width_halves"].is_null()) << "1e400 cannot be written back; it was read as null";
}

TEST(SettingsFiles, ALinkedSettingsFileIsWrittenThrough) {
  TempDir t;
  fs::create_directory(t.path / "dotfiles");
  fs::create_directory(t.path / "cfg");
  {
    std::ofstream(t.path / "dotfiles" / "fragviz.json") << R"({"format": "fragviz-settings", "version": 1})";
  }
  fs::create_symlink(t.path / "dotfiles" / "fragviz.json", t.path / "cfg" / "settings.json");
  Settings want;
  want.controls.pad_halves = 16;
  ASSERT_EQ(save_settings((t.path / "cfg").string(), want), "");
  EXPECT_TRUE(fs::is_symlink(t.path / "cfg" / "settings.json"));
  std::ifstream in(t.path / "dotfiles" / "fragviz.json");
  EXPECT_EQ(nlohmann::json::parse(in)["pad_halves"], 16);
  // A link that leads nowhere is said, and nothing is created in its stead.
  fs::remove(t.path / "dotfiles" / "fragviz.json");
  EXPECT_EQ(save_settings((t.path / "cfg").string(), want),
            (t.path / "cfg" / "settings.json").string() +
                " is a link that leads to no file: settings are not saved");
}

// settings.json is the app's own file: a FIFO (or a device) in its place is neither written into
// nor replaced.
TEST(SettingsFiles, ASettingsFileThatIsNoRegularFileIsNotSaved) {
  TempDir t;
  const fs::path fifo = t.path / "settings.json";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const Settings defaults;
  EXPECT_EQ(save_settings(t.path.string(), defaults),
            fifo.string() + " is not a regular file: settings are not saved");
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(fifo)));
  EXPECT_TRUE(t.others().empty());
}

TEST(SettingsFiles, RunsThatDoNotPersistCreateNothing) {
  TempDir t;
  const fs::path dir = t.path / "fragviz";
  AppState s;
  EXPECT_EQ(start_settings(ConfigDir{dir.string(), t.path.string(), "x"}, false, s), "");
  EXPECT_FALSE(fs::exists(dir));
  EXPECT_TRUE(s.settings_notices.empty());
}

// The Algebra window's expression is kept as typed, even when it does not evaluate (the window
// says why), and read back; one beyond the text bound is said and the default kept.
TEST(ParseSettings, AlgebraExpressionIsKeptAsTyped) {
  ParsedSettings p = parse_fields(R"x("algebra": "complement((2,2):(2,3))")x");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  EXPECT_EQ(p.settings.algebra_expression, "complement((2,2):(2,3))");
  EXPECT_EQ(nlohmann::json::parse(settings_json(p.settings))["algebra"], "complement((2,2):(2,3))");
  p = parse_fields(R"x("algebra": ")x" + std::string(kMaxLayoutTextChars + 1, '(') + "\"");
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_EQ(p.settings.algebra_expression, AlgebraControls{}.expression);
}

// The CTA tile window: a plain preset name (older files) reads as that preset unedited; another
// name is said and the default kept.
TEST(ParseSettings, CtaTilePresetIsAPresetName) {
  ParsedSettings p = parse_fields(R"x("cta_tile": "fa2-attention")x");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  EXPECT_EQ(p.settings.cta_tile.preset, "fa2-attention");
  EXPECT_TRUE(p.settings.cta_tile.spec.reuse_c_as_a);  // FlashAttention-2 reuses C as the next A
  const auto written = nlohmann::json::parse(settings_json(p.settings))["cta_tile"];
  EXPECT_EQ(written["preset"], "fa2-attention");
  EXPECT_EQ(written["reuse_c_as_a"], true);
  p = parse_fields(R"x("cta_tile": "sm99-gemm")x");
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_NE(p.messages[0].find("\"sm99-gemm\" is no CTA tile preset"), std::string::npos) << all(p);
  EXPECT_EQ(p.settings.cta_tile.preset, CtaTileControls{}.preset);
  p = parse_fields(R"x("cta_tile": [1])x");
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_EQ(p.settings.cta_tile.spec, CtaTileControls{}.spec);
}

// The configuration as typed: every field over the preset's, kept even where the model refuses it
// (the window says where); a field of the wrong type or out of range is said and the preset's kept.
TEST(ParseSettings, CtaTileConfigurationIsKeptAsTyped) {
  ParsedSettings p = parse_fields(
      R"x("cta_tile": {"preset": "sm80-gemm-128x128x32", "smem_a": "(128,32):(32,1)", "tile": "128x12y8x32",
          "k_block": 32, "value_bits_c": 32, "copy_c": "UniversalCopy<uint64_t>", "reuse_c_as_a": false})x");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  const tile::CtaTileSpec& sp = p.settings.cta_tile.spec;
  EXPECT_EQ(sp.smem[0], "(128,32):(32,1)");
  EXPECT_EQ(sp.tile, "128x12y8x32");
  EXPECT_EQ(sp.k_block, 32);
  EXPECT_EQ(sp.value_bits[2], 32);
  EXPECT_EQ(sp.copy[2], "UniversalCopy<uint64_t>");
  EXPECT_EQ(sp.mma, "SM80_16x8x16_F32F16F16F32_TN");  // not in the file: the preset's
  // Written back and read again: the same configuration.
  const ParsedSettings again = parse_settings(settings_json(p.settings));
  EXPECT_TRUE(again.messages.empty()) << all(again);
  EXPECT_EQ(again.settings.cta_tile.spec, sp);
  p = parse_fields(R"x("cta_tile": {"smem_b": 5, "k_block": -3, "value_bits_a": 999, "colour": "red"})x");
  ASSERT_EQ(p.messages.size(), 4u) << all(p);
  EXPECT_EQ(p.settings.cta_tile.spec, CtaTileControls{}.spec);
  EXPECT_NE(all(p).find("cta_tile.smem_b 5 is not a string"), std::string::npos) << all(p);
  EXPECT_NE(all(p).find("unknown setting \"cta_tile.colour\""), std::string::npos) << all(p);
}

// The Tensor memory window's controls: read and written back in their own words; a combination
// the model refuses (.16x256b has no .x64) is kept, for the window to say why; text that does not
// read is said and the default kept.
TEST(ParseSettings, TmemControlsAreKept) {
  ParsedSettings p = parse_fields(R"x("tmem": "accumulator m=64 n=32 cta_group=1 cta=0")x");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  EXPECT_EQ(nlohmann::json::parse(settings_json(p.settings))["tmem"],
            "accumulator m=64 n=32 cta_group=1 cta=0");
  p = parse_fields(R"x("tmem": "ld shape=16x256b num=64 warp=0")x");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  EXPECT_EQ(p.settings.tmem, "ld shape=16x256b num=64 warp=0");
  p = parse_fields(R"x("tmem": "ld colour=red")x");
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_EQ(p.settings.tmem, "ld shape=16x256b num=1 warp=0");
}

// Issue 26: each mode's choices of the Tensor memory window outlive a restart, not only the mode
// shown: the ld/st shape, .num and taddr lane while the accumulator is shown, and M, N back in ld.
TEST(ParseSettings, TmemEveryModesChoicesAreKept) {
  AppState s;
  s.tmem.shape = TmemShape::s32x32b;
  s.tmem.num = 4;
  s.tmem.warp = 1;
  s.tmem.lane = 32;
  s.tmem.mode = TmemMode::accumulator;
  s.tmem.acc.m = 64;
  s.tmem.acc.n = 48;
  s.tmem.cp_shape = TmemCpShape::s32x128b_x4;
  const nlohmann::json j = nlohmann::json::parse(settings_json(settings_of(s)));
  EXPECT_EQ(j["tmem"], "accumulator m=64 n=48 cta_group=1 cta=0");
  EXPECT_EQ(j["tmem_ld"], "ld shape=32x32b num=4 warp=1 lane=32");
  EXPECT_EQ(j["tmem_accumulator"], "accumulator m=64 n=48 cta_group=1 cta=0");
  EXPECT_EQ(j["tmem_cp"], "cp shape=32x128b.warpx4");
  ParsedSettings p = parse_settings(j.dump());
  EXPECT_TRUE(p.messages.empty()) << all(p);
  AppState back;
  apply_settings(p, back);
  EXPECT_EQ(back.tmem.mode, TmemMode::accumulator);
  EXPECT_EQ(back.tmem.acc.m, 64);
  EXPECT_EQ(back.tmem.acc.n, 48);
  EXPECT_EQ(back.tmem.shape, TmemShape::s32x32b);
  EXPECT_EQ(back.tmem.num, 4);
  EXPECT_EQ(back.tmem.warp, 1);
  EXPECT_EQ(back.tmem.lane, 32);
  EXPECT_EQ(back.tmem.cp_shape, TmemCpShape::s32x128b_x4);
  // Switched back to ld/st after the restart: the accumulator's M and N are still there.
  back.tmem.mode = TmemMode::load_store;
  EXPECT_EQ(nlohmann::json::parse(settings_json(settings_of(back)))["tmem_accumulator"],
            "accumulator m=64 n=48 cta_group=1 cta=0");
  // An older file ("tmem" alone) still reads: its mode and choices, the other mode's defaults.
  p = parse_fields(R"x("tmem": "ld shape=16x64b num=2 warp=0")x");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  AppState old;
  apply_settings(p, old);
  EXPECT_EQ(old.tmem.shape, TmemShape::s16x64b);
  EXPECT_EQ(old.tmem.acc.m, TmemControls{}.acc.m);
}

// A mode's key that does not read, or names the other mode, is said and its default kept.
TEST(ParseSettings, TmemModeKeysAreChecked) {
  const std::string ld_default = tmem_mode_text(TmemControls{}, TmemMode::load_store);
  const std::string acc_default = tmem_mode_text(TmemControls{}, TmemMode::accumulator);
  for (const char* bad : {R"x("tmem_ld": "accumulator m=64")x", R"x("tmem_ld": "ld colour=red")x",
                          R"x("tmem_ld": "ld lane=-4")x", R"x("tmem_ld": 7)x"}) {
    const ParsedSettings p = parse_fields(bad);
    ASSERT_EQ(p.messages.size(), 1u) << bad << all(p);
    EXPECT_NE(all(p).find("tmem_ld"), std::string::npos) << all(p);
    EXPECT_EQ(p.settings.tmem_ld, ld_default) << bad;
  }
  const ParsedSettings p = parse_fields(R"x("tmem_accumulator": "ld shape=32x32b")x");
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_NE(all(p).find("not \"accumulator ...\""), std::string::npos) << all(p);
  EXPECT_EQ(p.settings.tmem_accumulator, acc_default);
  // A tcgen05.cp shape that is not one, or another mode's text, keeps the default and says why.
  const std::string cp_default = tmem_mode_text(TmemControls{}, TmemMode::copy);
  for (const char* bad : {R"x("tmem_cp": "cp shape=64x128b")x", R"x("tmem_cp": "ld shape=32x32b")x"}) {
    const ParsedSettings q = parse_fields(bad);
    ASSERT_EQ(q.messages.size(), 1u) << bad << all(q);
    EXPECT_NE(all(q).find("tmem_cp"), std::string::npos) << all(q);
    EXPECT_EQ(q.settings.tmem_cp, cp_default) << bad;
  }
}

// Issue 22: File > Export's format and palette outlive a restart (read, applied, written back); a
// name no format has is said and SVG kept.
TEST(ParseSettings, ExportFormatAndPaletteAreKept) {
  ParsedSettings p = parse_fields(R"x("export_format": "tikz", "export_palette": "dark")x");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  EXPECT_EQ(p.settings.export_format, scene::Format::tikz);
  EXPECT_TRUE(p.settings.export_dark);
  const nlohmann::json j = nlohmann::json::parse(settings_json(p.settings));
  EXPECT_EQ(j["export_format"], "tikz");
  EXPECT_EQ(j["export_palette"], "screen");  // "dark" read; written as the dialog names it
  AppState s;
  apply_settings(p, s);
  EXPECT_EQ(s.export_dialog.format, scene::Format::tikz);
  EXPECT_TRUE(s.export_dialog.dark);
  s.export_dialog.format = scene::Format::svg;
  s.export_dialog.dark = false;
  const Settings back = settings_of(s);
  EXPECT_EQ(back.export_format, scene::Format::svg);
  EXPECT_FALSE(back.export_dark);
  p = parse_fields(R"x("export_format": "jpeg", "export_palette": "grey")x");
  ASSERT_EQ(p.messages.size(), 2u) << all(p);
  EXPECT_NE(p.messages[0].find("\"jpeg\" is not one of svg, png, pdf, tikz"), std::string::npos) << all(p);
  EXPECT_EQ(p.settings.export_format, scene::Format::svg);
  EXPECT_TRUE(p.settings.export_dark);  // the default: the screen's palette
  // The document's palette is kept as chosen, by either of its names.
  p = parse_fields(R"x("export_palette": "light")x");
  EXPECT_FALSE(p.settings.export_dark);
  EXPECT_EQ(nlohmann::json::parse(settings_json(p.settings))["export_palette"], "light");
  EXPECT_FALSE(parse_fields(R"x("export_palette": "document")x").settings.export_dark);
  EXPECT_TRUE(parse_fields(R"x("export_palette": "screen")x").settings.export_dark);
}

// Issue 22: the CTA tile window's cell width outlived no restart. Read, applied, taken back from the
// window and written; outside the slider's 8 to 64 pixels the nearest end, said; not a number: said,
// the default kept.
TEST(ParseSettings, CtaTileCellWidthIsKept) {
  ParsedSettings p = parse_fields(R"x("cta_tile": {"cell": 20.5})x");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  EXPECT_FLOAT_EQ(p.settings.cta_tile.cell, 20.5f);
  AppState s;
  apply_settings(p, s);
  EXPECT_FLOAT_EQ(s.cta_tile.cell, 20.5f);
  s.cta_tile.cell = 12.f;
  EXPECT_EQ(nlohmann::json::parse(settings_json(settings_of(s)))["cta_tile"]["cell"], 12.0);
  EXPECT_FLOAT_EQ(parse_settings(settings_json(settings_of(s))).settings.cta_tile.cell, 12.f);
  p = parse_fields(R"x("cta_tile": {"cell": 1000})x");
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_NE(p.messages[0].find("cta_tile.cell 1000 is outside 8.0 to 64.0: using 64.0"), std::string::npos)
      << all(p);
  EXPECT_FLOAT_EQ(p.settings.cta_tile.cell, 64.f);
  p = parse_fields(R"x("cta_tile": {"cell": 2})x");
  EXPECT_FLOAT_EQ(p.settings.cta_tile.cell, 8.f);
  p = parse_fields(R"x("cta_tile": {"cell": "big"})x");
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_NE(p.messages[0].find("cta_tile.cell \"big\" is not a number: using 48.0"), std::string::npos)
      << all(p);
  EXPECT_FLOAT_EQ(p.settings.cta_tile.cell, 48.f);
}

// The CTA tile window's outlined thread: -1 (none) to 1023 kept; outside a CTA or not a whole
// number: said, and the window's default (thread 0) kept.
TEST(ParseSettings, CtaTileThreadIsKept) {
  ParsedSettings p = parse_fields(R"x("cta_tile": {"thread": 77})x");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  AppState s;
  apply_settings(p, s);
  EXPECT_EQ(s.cta_tile.thread, 77);
  s.cta_tile.thread = -1;
  EXPECT_EQ(parse_settings(settings_json(settings_of(s))).settings.cta_tile.thread, -1);
  for (const char* bad : {R"x("cta_tile": {"thread": 1024})x", R"x("cta_tile": {"thread": -2})x",
                          R"x("cta_tile": {"thread": 3.5})x", R"x("cta_tile": {"thread": null})x"}) {
    p = parse_fields(bad);
    EXPECT_EQ(p.messages.size(), 1u) << bad << "\n" << all(p);
    EXPECT_EQ(p.settings.cta_tile.thread, 0) << bad;
  }
}

// The warpgroup view's selected thread: 0 to 127 or -1 (none) kept; outside the warpgroup or not
// a whole number: said, and none selected.
TEST(ParseSettings, WarpgroupThreadIsKept) {
  ParsedSettings p = parse_fields(R"x("warpgroup_thread": 127)x");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  AppState s;
  apply_settings(p, s);
  EXPECT_EQ(s.hopper.selected_thread, 127);
  s.hopper.selected_thread = 5;
  EXPECT_EQ(nlohmann::json::parse(settings_json(settings_of(s)))["warpgroup_thread"], 5);
  EXPECT_EQ(parse_settings(settings_json(settings_of(s))).settings.warpgroup_thread, 5);
  p = parse_fields(R"x("warpgroup_thread": 128)x");
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_NE(p.messages[0].find("warpgroup_thread 128 is outside -1 to 127: using -1"), std::string::npos)
      << all(p);
  EXPECT_EQ(p.settings.warpgroup_thread, -1);
  p = parse_fields(R"x("warpgroup_thread": "7")x");
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_EQ(p.settings.warpgroup_thread, -1);
}

// Which selection the Lane inspector showed (issue 22, s25b: a restart showed the lane where the
// warpgroup thread was chosen last): kept, and the first frame shows it; another word is said.
TEST(ParseSettings, InspectorSubjectIsKept) {
  ParsedSettings p =
      parse_fields(R"x("inspector": "warpgroup_thread", "selected_lane": 4, "warpgroup_thread": 37)x");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  AppState s;
  apply_settings(p, s);
  s.inspector_subject.update(s.selected_lane, s.hopper.selected_thread);
  EXPECT_EQ(s.inspector_subject.kind(), InspectorSubject::Kind::warpgroup_thread);
  EXPECT_EQ(s.inspector_subject.thread(), 37);
  EXPECT_EQ(nlohmann::json::parse(settings_json(settings_of(s)))["inspector"], "warpgroup_thread");
  s.inspector_subject.update(6, 37);  // a lane chosen since
  EXPECT_EQ(nlohmann::json::parse(settings_json(settings_of(s)))["inspector"], "lane");
  p = parse_fields(R"x("inspector": "thread")x");
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_NE(p.messages[0].find("inspector \"thread\" is not one of lane, warpgroup_thread: using lane"),
            std::string::npos)
      << all(p);
  EXPECT_EQ(p.settings.inspector, InspectorSubject::Kind::lane);
}

// The Find fields of the fragments and warpgroup views (issue 22): kept as typed, even text that
// names nothing (the view says why); over kMaxFindChars: said, and the default (empty) kept.
TEST(ParseSettings, FindTextsAreKept) {
  ParsedSettings p = parse_fields(R"x("fragments_find": "A,9,3", "warpgroup_find": "no such")x");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  AppState s;
  apply_settings(p, s);
  EXPECT_EQ(s.fragments_find, "A,9,3");
  EXPECT_EQ(s.hopper.warpgroup_find, "no such");
  s.fragments_find = "lane 5";
  s.hopper.warpgroup_find = "T37";
  const ParsedSettings back = parse_settings(settings_json(settings_of(s)));
  EXPECT_EQ(back.settings.fragments_find, "lane 5");
  EXPECT_EQ(back.settings.warpgroup_find, "T37");
  p = parse_fields("\"fragments_find\": \"" + std::string(65, 'x') + "\"");
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_NE(p.messages[0].find("65 characters, more than 64"), std::string::npos) << all(p);
  EXPECT_EQ(p.settings.fragments_find, "");
  p = parse_fields(R"x("warpgroup_find": 5)x");
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_EQ(p.settings.warpgroup_find, "");
}

// File > Export's last folder: kept as written (whether it still exists is for the dialog to see);
// not a string, or longer than the text limit: said, and none kept.
TEST(ParseSettings, ExportFolderIsKept) {
  ParsedSettings p = parse_fields(R"x("export_folder": "/home/ana/figures")x");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  AppState s;
  apply_settings(p, s);
  EXPECT_EQ(s.export_dialog.last_folder, "/home/ana/figures");
  s.export_dialog.last_folder = "/tmp/x y";
  EXPECT_EQ(nlohmann::json::parse(settings_json(settings_of(s)))["export_folder"], "/tmp/x y");
  EXPECT_EQ(parse_settings(settings_json(settings_of(s))).settings.export_folder, "/tmp/x y");
  p = parse_fields(R"x("export_folder": 42)x");
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_EQ(p.settings.export_folder, "");
  p = parse_fields("\"export_folder\": \"" + std::string(kMaxLayoutTextChars + 1, 'a') + "\"");
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_EQ(p.settings.export_folder, "");
}

// Issue 22 ("nothing the user made is lost"): every value settings.json holds outlives a restart.
// Walks every key settings_json writes (the key table's, into each object), so a key added without
// a sample here fails. Each sample differs from the default; set alone in a file (with what it
// needs beside it), it is read without a message, put into the app (apply_settings) and saved back
// from it (settings_of) as written: a key the app never takes or never gives back is caught.
TEST(SettingsKeys, EveryKeyOutlivesARestart) {
  using nlohmann::json;
  // JSON pointer -> the file's members that set it (the pointer's value is the one checked).
  const std::map<std::string, json> samples = {
      {"/instruction", {{"instruction", "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"}}},
      {"/wgmma", {{"wgmma", "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16"}}},
      {"/ldmatrix_num", {{"ldmatrix_num", "x2"}}},
      {"/trans", {{"trans", true}}},
      {"/width_halves", {{"width_halves", 128}}},
      {"/pad_halves", {{"pad_halves", 0}}},
      {"/swizzle", {{"swizzle", "xor"}}},
      {"/selected_lane", {{"selected_lane", 5}}},
      {"/gate/n", {{"gate", {{"n", 4096}}}}},
      {"/gate/seed", {{"gate", {{"seed", 77}}}}},
      {"/gate/variant", {{"gate", {{"variant", "broken-swap-b"}}}}},
      {"/output_colour", {{"output_colour", "warp"}}},
      {"/export_format", {{"export_format", "tikz"}}},
      {"/export_palette", {{"export_palette", "light"}}},
      {"/export_folder", {{"export_folder", "/home/ana/figures"}}},
      {"/export_view", {{"export_view", "banks"}}},
      {"/export_scale", {{"export_scale", 3.5}}},
      {"/export_crop", {{"export_crop", "rows=4-11,cols=8-15"}}},
      {"/export_crop_on", {{"export_crop_on", true}}},
      {"/warpgroup_thread", {{"warpgroup_thread", 37}}},
      {"/inspector", {{"inspector", "warpgroup_thread"}}},
      {"/descriptor/arch", {{"descriptor", {{"arch", "sm_100"}}}}},
      {"/descriptor/operand", {{"descriptor", {{"operand", "A"}}}}},
      {"/descriptor/major", {{"descriptor", {{"major", "MN"}}}}},
      {"/descriptor/swizzle", {{"descriptor", {{"swizzle", "64B"}}}}},
      {"/descriptor/custom", {{"descriptor", {{"custom", true}}}}},
      {"/descriptor/lbo", {{"descriptor", {{"lbo", 256}}}}},
      {"/descriptor/sbo", {{"descriptor", {{"sbo", 2048}}}}},
      {"/descriptor/start", {{"descriptor", {{"start", 1024}}}}},
      {"/descriptor/smem", {{"descriptor", {{"smem", "0x4000404000010040"}}}}},
      {"/descriptor/kind", {{"descriptor", {{"kind", "i8"}}}}},
      {"/descriptor/idesc", {{"descriptor", {{"idesc", "0x08400011"}}}}},
      {"/moves/tab", {{"moves", {{"tab", "movmatrix"}}}}},
      {"/moves/num", {{"moves", {{"num", "x2"}}}}},
      {"/moves/trans", {{"moves", {{"trans", true}}}}},
      {"/moves/epilogue", {{"moves", {{"epilogue", "x2.trans"}}}}},
      {"/moves/b8", {{"moves", {{"b8", "stmatrix.sync.aligned.m16n8.x2.trans.shared.b8"}}}}},
      {"/moves/lane", {{"moves", {{"lane", 9}}}}},
      {"/zoom/fragments/for", {{"zoom", {{"fragments", {{"for", "mma.sync.x"}, {"zoom", 2.5}}}}}}},
      {"/zoom/fragments/zoom", {{"zoom", {{"fragments", {{"for", "mma.sync.x"}, {"zoom", 2.5}}}}}}},
      {"/zoom/banks/for", {{"zoom", {{"banks", {{"for", "explorer 16 16"}, {"zoom", 3}}}}}}},
      {"/zoom/banks/zoom", {{"zoom", {{"banks", {{"for", "explorer 16 16"}, {"zoom", 3}}}}}}},
      {"/zoom/warpgroup/for", {{"zoom", {{"warpgroup", {{"for", "wgmma.x"}, {"zoom", 4}}}}}}},
      {"/zoom/warpgroup/zoom", {{"zoom", {{"warpgroup", {{"for", "wgmma.x"}, {"zoom", 4}}}}}}},
      {"/zoom/tmem/for", {{"zoom", {{"tmem", {{"for", "ld"}, {"zoom", 1.5}}}}}}},
      {"/zoom/tmem/zoom", {{"zoom", {{"tmem", {{"for", "ld"}, {"zoom", 1.5}}}}}}},
      {"/algebra_step", {{"algebra_step", 0}}},
      {"/algebra_colour", {{"algebra_colour", "row"}}},
      {"/algebra_cell", {{"algebra_cell", 30}}},
      {"/wmma_kind", {{"wmma_kind", "wmma.m16n16k16.matrix_a.row.f16"}}},
      {"/ladder_sizes", {{"ladder_sizes", {1024, 8192}}}},
      {"/kernel/source", {{"kernel", {{"source", "/home/ana/k.cu"}}}}},
      {"/kernel/entry", {{"kernel", {{"entry", "my_gemm"}}}}},
      {"/kernel/block", {{"kernel", {{"block", "128,1,1"}}}}},
      {"/kernel/grid", {{"kernel", {{"grid", "n/64,n/64,1"}}}}},
      {"/kernel/smem_bytes", {{"kernel", {{"smem_bytes", 49152}}}}},
      {"/kernel/include", {{"kernel", {{"include", "/home/ana/inc:/opt/cutlass/include"}}}}},
      {"/kernel/cutlass", {{"kernel", {{"cutlass", true}}}}},
      {"/fragments_find", {{"fragments_find", "A,9,3"}}},
      {"/stacked_tab", {{"stacked_tab", "differences"}}},
      {"/warpgroup_find", {{"warpgroup_find", "thread 37"}}},
      {"/layout/enabled", {{"layout", {{"enabled", true}}}}},
      {"/layout/write", {{"layout", {{"write", "(16,64):(64,1)"}}}}},
      {"/layout/read", {{"layout", {{"read", "(16,64):(64,1)"}}}}},
      {"/layout/lanes", {{"layout", {{"lanes", "row"}}}}},
      {"/layout/op", {{"layout", {{"op", "lds128"}}}}},
      {"/layout/num", {{"layout", {{"num", "x1"}}}}},
      {"/layout/trans", {{"layout", {{"trans", true}}}}},
      {"/layout/element_type", {{"layout", {{"element_type", "b32"}}}}},
      {"/algebra", {{"algebra", "(8,8):(8,1)"}}},
      {"/cta_tile/preset", {{"cta_tile", {{"preset", "sm90-wgmma-128x128x64"}}}}},
      {"/cta_tile/mma", {{"cta_tile", {{"mma", "SM80_16x8x8_F32F16F16F32_TN"}}}}},
      {"/cta_tile/atoms", {{"cta_tile", {{"atoms", "(4,1,1)"}}}}},
      {"/cta_tile/permute", {{"cta_tile", {{"permute", "(64,16,16)"}}}}},
      {"/cta_tile/copy_a", {{"cta_tile", {{"copy_a", "SM75_U32x2_LDSM_N"}}}}},
      {"/cta_tile/copy_b", {{"cta_tile", {{"copy_b", "SM75_U32x2_LDSM_N"}}}}},
      {"/cta_tile/copy_c", {{"cta_tile", {{"copy_c", "SM90_U32x2_STSM_N"}}}}},
      {"/cta_tile/value_bits_a", {{"cta_tile", {{"value_bits_a", 8}}}}},
      {"/cta_tile/value_bits_b", {{"cta_tile", {{"value_bits_b", 8}}}}},
      {"/cta_tile/value_bits_c", {{"cta_tile", {{"value_bits_c", 32}}}}},
      {"/cta_tile/smem_a", {{"cta_tile", {{"smem_a", "(64,32):(32,1)"}}}}},
      {"/cta_tile/smem_b", {{"cta_tile", {{"smem_b", "(64,32):(32,1)"}}}}},
      {"/cta_tile/smem_c", {{"cta_tile", {{"smem_c", "(64,64):(64,1)"}}}}},
      {"/cta_tile/gmem_copy_a",
       {{"cta_tile", {{"gmem_copy_a", "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, (32,4), (1,8)"}}}}},
      {"/cta_tile/gmem_copy_b", {{"cta_tile", {{"gmem_copy_b", ""}}}}},
      {"/cta_tile/tile", {{"cta_tile", {{"tile", "(64,64,32)"}}}}},
      {"/cta_tile/k_block", {{"cta_tile", {{"k_block", 3}}}}},
      {"/cta_tile/reuse_c_as_a", {{"cta_tile", {{"reuse_c_as_a", true}}}}},
      {"/cta_tile/register_swap", {{"cta_tile", {{"register_swap", "A 0-7:8-15/16"}}}}},
      {"/cta_tile/cell", {{"cta_tile", {{"cell", 40}}}}},
      {"/cta_tile/thread", {{"cta_tile", {{"thread", 70}}}}},
      {"/tmem", {{"tmem", "accumulator m=128 n=64 cta_group=1 cta=0"}}},
      // "tmem" (the mode shown) is read last and the app writes it beside its mode's own key.
      {"/tmem_ld", {{"tmem_ld", "ld shape=32x32b num=4 warp=1"}, {"tmem", "ld shape=32x32b num=4 warp=1"}}},
      {"/tmem_accumulator", {{"tmem_accumulator", "accumulator m=64 n=128 cta_group=1 cta=0"}}},
      {"/tmem_cp", {{"tmem_cp", "cp shape=64x128b.warpx2::01_23"}}},
      {"/reports/probe", {{"reports", {{"probe", "/home/ana/runs/a.json"}}}}},
      {"/reports/gate", {{"reports", {{"gate", "/home/ana/runs/g.json"}}}}},
      {"/reports/compare", {{"reports", {{"compare", "/home/ana/runs/b.json"}}}}},
      {"/reports/bench", {{"reports", {{"bench", "/home/ana/runs/bench.csv"}}}}},
      {"/reports/recent", {{"reports", {{"recent", {"/home/ana/runs/b.json", "/home/ana/runs/a.json"}}}}}},
  };
  // The open reports come back through App::start opening their files (AppState::saved_reports,
  // tests/gui/test_report_pair.sh), not through apply_settings alone: checked in
  // ReportsOpenAtQuitAreReadForTheStart.
  const std::set<std::string> reopened_by_start = {"/reports/probe", "/reports/gate", "/reports/compare",
                                                   "/reports/bench"};
  const Settings default_settings;
  const json defaults = json::parse(settings_json(default_settings));
  std::vector<std::string> leaves;
  const std::function<void(const json&, const std::string&)> walk = [&](const json& o,
                                                                        const std::string& at) {
    for (const auto& [key, value] : o.items()) {
      if (value.is_object())
        walk(value, at + "/" + key);
      else
        leaves.push_back(at + "/" + key);
    }
  };
  walk(defaults, "");
  for (const std::string& leaf : leaves) {
    if (leaf == "/format" || leaf == "/version") continue;
    const json::json_pointer at(leaf);
    json file = {{"format", "fragviz-settings"}, {"version", 1}};
    // Each window: the other of its default (open or closed).
    if (leaf.rfind("/windows/", 0) == 0) file[at] = !defaults.at(at).get<bool>();
    const auto it = samples.find(leaf);
    if (it != samples.end())
      file.merge_patch(it->second);
    else if (leaf.rfind("/windows/", 0) != 0) {
      ADD_FAILURE() << leaf << ": a key with no sample here (give it one, unlike its default)";
      continue;
    }
    const json wanted = file.at(at);
    EXPECT_NE(wanted, defaults.at(at)) << leaf << ": the sample is the default, so it proves nothing";
    const ParsedSettings p = parse_settings(file.dump());
    EXPECT_TRUE(p.messages.empty()) << leaf << ": " << all(p);
    EXPECT_EQ(json::parse(settings_json(p.settings)).at(at), wanted) << leaf << " read";
    if (reopened_by_start.count(leaf)) continue;
    AppState s;
    apply_settings(p, s);
    EXPECT_EQ(json::parse(settings_json(settings_of(s))).at(at), wanted) << leaf << " through the app";
  }
}

// Issue 22 (round 19's left item): the reports open at quit and File > Recent reports are saved in
// "reports" and handed to the start (saved_reports, recent_reports).
TEST(ParseSettings, ReportsOpenAtQuitAreReadForTheStart) {
  ParsedSettings p = parse_fields(
      R"x("reports": {"probe": "/r/p.json", "gate": "/r/g.json", "compare": "/r/b.json",
                      "bench": "/r/bench.csv", "recent": ["/r/g.json", "/r/p.json"]})x");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  AppState s;
  apply_settings(p, s);
  EXPECT_EQ(s.saved_reports.probe, "/r/p.json");
  EXPECT_EQ(s.saved_reports.gate, "/r/g.json");
  EXPECT_EQ(s.saved_reports.compare, "/r/b.json");
  EXPECT_EQ(s.saved_reports.bench, "/r/bench.csv");
  EXPECT_EQ(s.recent_reports, (std::vector<std::string>{"/r/g.json", "/r/p.json"}));
}

// What a run with reports open saves: each shown file by absolute path (a relative one made
// absolute from the current folder), the gate file only when it is not the probe's, the comparison
// only against a report; none once closed.
// Newcomer round 28: the CTA tile's thread field took 5000 ("no thread 5000"), settings.json kept
// it, and every later start said "cta_tile.thread 5000 is outside -1 to 1023". Saved as none.
TEST(SettingsOf, AThreadPastAnyCtaIsSavedAsNone) {
  AppState s;
  s.cta_tile.thread = 5000;
  const std::string text = settings_json(settings_of(s));
  EXPECT_EQ(nlohmann::json::parse(text)["cta_tile"]["thread"], -1);
  EXPECT_TRUE(parse_settings(text).messages.empty());
  s.cta_tile.thread = 37;
  EXPECT_EQ(nlohmann::json::parse(settings_json(settings_of(s)))["cta_tile"]["thread"], 37);
}

// Newcomer round 29: Find's refused text and its red message came back after a restart.
TEST(SettingsOf, AFindTextTheFieldRefusedIsNotSaved) {
  AppState s;
  s.fragments_find = "A,9,3";
  EXPECT_EQ(settings_of(s).fragments_find, "A,9,3");
  s.fragments_find = "A,99,-3";
  s.frame.fragments_view.find_error = "row 99 is outside A (16 x 8)";
  EXPECT_EQ(settings_of(s).fragments_find, "");
}

// Newcomer round 30: the warpgroup view's Find kept its refused text, and a restart opened on its
// red message again; as the fragments view's, only a text that answered is saved.
TEST(SettingsOf, AWarpgroupFindTextTheFieldRefusedIsNotSaved) {
  AppState s;
  s.hopper.warpgroup_find = "D,17,2";
  EXPECT_EQ(settings_of(s).warpgroup_find, "D,17,2");
  s.hopper.warpgroup_find = "D,99,2";
  s.hopper.warpgroup_find_error = "row 99 is outside D (64 x 64)";
  EXPECT_EQ(settings_of(s).warpgroup_find, "");
}

TEST(SettingsOf, OpenReportsAndComparisonAreSavedByAbsolutePath) {
  AppState s;
  OpenedReport r;
  r.probe_path = "runs/p.json";
  r.has_probe = true;
  r.gate_path = "/r/g.json";
  r.has_gate = true;
  s.report = r;
  Comparison c;
  c.path = "/r/b.json";
  s.comparison = c;
  s.recent_reports = {"/r/g.json"};
  nlohmann::json j = nlohmann::json::parse(settings_json(settings_of(s)))["reports"];
  EXPECT_EQ(j["probe"], (fs::current_path() / "runs/p.json").string());
  EXPECT_EQ(j["gate"], "/r/g.json");
  EXPECT_EQ(j["compare"], "/r/b.json");
  EXPECT_EQ(j["recent"], nlohmann::json::array({"/r/g.json"}));
  s.report->gate_path = "runs/p.json";  // one file with both parts: saved once
  j = nlohmann::json::parse(settings_json(settings_of(s)))["reports"];
  EXPECT_EQ(j["gate"], "");
  s.report.reset();  // a comparison against live results does not outlive the session
  j = nlohmann::json::parse(settings_json(settings_of(s)))["reports"];
  EXPECT_EQ(j["probe"], "");
  EXPECT_EQ(j["compare"], "");
}

// A bad path in "reports" is bad input: said, never reopened, never crashing the parse.
TEST(ParseSettings, BadReportPathsAreSaid) {
  ParsedSettings p = parse_fields(R"x("reports": {"probe": "runs/p.json", "gate": 42, "compare": "/a\nb"})x");
  EXPECT_EQ(p.messages.size(), 3u) << all(p);
  EXPECT_TRUE(any_message_has(p, "reports.probe \"runs/p.json\"", "is not an absolute path: not reopened"))
      << all(p);
  EXPECT_TRUE(any_message_has(p, "reports.gate 42", "is not a string")) << all(p);
  EXPECT_TRUE(any_message_has(p, "reports.compare", "holds a control character: not reopened")) << all(p);
  EXPECT_EQ(p.settings.reports.probe, "");
  EXPECT_EQ(p.settings.reports.gate, "");
  EXPECT_EQ(p.settings.reports.compare, "");
  p = parse_fields("\"reports\": {\"probe\": \"/" + std::string(kMaxReportPathChars, 'a') + "\"}");
  ASSERT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_TRUE(any_message_has(p, "reports.probe", "characters, more than 4096")) << all(p);
  EXPECT_EQ(p.settings.reports.probe, "");
  // The recent list: bad entries left out, a repeated one kept once, at most five.
  p = parse_fields(R"x("reports": {"recent": ["/a", 7, "rel", "/a", "/b", "/c", "/d", "/e", "/f"]})x");
  EXPECT_EQ(p.settings.reports.recent, (std::vector<std::string>{"/a", "/b", "/c", "/d", "/e"}));
  EXPECT_EQ(p.messages.size(), 3u) << all(p);
  EXPECT_TRUE(any_message_has(p, "reports.recent holds 7, which is not a path: left out")) << all(p);
  EXPECT_TRUE(any_message_has(p, "reports.recent holds \"rel\", which is not an absolute path")) << all(p);
  EXPECT_TRUE(any_message_has(p, "reports.recent holds 6 paths: the first 5 kept")) << all(p);
  p = parse_fields(R"x("reports": {"recent": "/a"})x");
  EXPECT_TRUE(any_message_has(p, "reports.recent is \"/a\", not a list of paths")) << all(p);
  EXPECT_TRUE(p.settings.reports.recent.empty());
  p = parse_fields(R"x("reports": [1], "trans": true)x");
  EXPECT_TRUE(any_message_has(p, "reports is an array, not an object")) << all(p);
  EXPECT_TRUE(p.settings.controls.trans) << "the rest of the file is read";
  p = parse_fields(R"x("reports": {"probes": "/a"})x");
  EXPECT_TRUE(any_message_has(p, "unknown setting \"reports.probes\" ignored")) << all(p);
}

// The user's bad path is kept in the file as written when the app saves (not replaced by what it
// used instead), and a good one of a file the start did not reopen is saved as none.
TEST(SettingsFiles, ABadReportPathIsNotOverwritten) {
  TempDir t;
  t.write("settings.json",
          std::string(kHead) + R"("reports": {"probe": "runs/p.json", "gate": "/gone/g.json"}})");
  AppState s;
  const std::string dir =
      start_settings(ConfigDir{t.path.string(), t.path.parent_path().string(), "x"}, true, s);
  ASSERT_EQ(dir, t.path.string());
  EXPECT_TRUE(notices_have(s, "reports.probe", "not an absolute path")) << s.settings_notices.size();
  EXPECT_EQ(s.saved_reports.gate, "/gone/g.json");
  s.saved_reports = {};  // what App::start leaves: /gone/g.json did not open
  s.selected_lane = 3;   // a change, so the file is written
  const Settings now = settings_of(s);
  note_settings_touched(s.settings_loaded_json, now, s.settings_touched);
  ASSERT_EQ(save_settings(dir, now, s.settings_file_text, s.settings_loaded_json, s.settings_touched), "");
  const nlohmann::json saved = nlohmann::json::parse(t.read("settings.json"));
  EXPECT_EQ(saved["reports"]["probe"], "runs/p.json");
  EXPECT_EQ(saved["reports"]["gate"], "");
  EXPECT_EQ(saved["selected_lane"], 3);
}

TEST(RecentReports, TheLastOpenedComesFirstOnceAndFiveAreKept) {
  std::vector<std::string> r;
  for (const char* p : {"/a", "/b", "/c", "/d", "/e"}) r = with_recent_report(r, p);
  EXPECT_EQ(r, (std::vector<std::string>{"/e", "/d", "/c", "/b", "/a"}));
  r = with_recent_report(r, "/c");
  EXPECT_EQ(r, (std::vector<std::string>{"/c", "/e", "/d", "/b", "/a"}));
  r = with_recent_report(r, "/f");
  EXPECT_EQ(r, (std::vector<std::string>{"/f", "/c", "/e", "/d", "/b"}));
}

// Issue 22: File > Export's choices, the descriptor view's fields, the matrix-move view's tab and
// each view's zoom were lost at every restart. Set in one run, saved, read by the next.
TEST(SettingsFiles, DialogDescriptorMovesAndZoomAreSavedAndReadAtTheNextStart) {
  TempDir t;
  const ConfigDir dir{t.path.string(), t.path.parent_path().string(), "x"};
  AppState first;
  ASSERT_EQ(start_settings(dir, true, first), t.path.string());
  ExportDialog& d = first.export_dialog;
  d.view = scene::View::warpgroup;
  d.scale = 4.f;
  d.operand = "C";
  d.crop = true;
  d.first_row = 16;
  d.last_row = 31;
  d.first_col = 8;
  d.last_col = 15;
  first.hopper.descriptor.operand = Operand::A;
  first.hopper.descriptor.swizzle = SmemSwizzle::b64;
  first.hopper.descriptor.custom = true;
  first.hopper.descriptor.lbo = 128;
  first.hopper.descriptor.sbo = 512;
  first.hopper.descriptor.start = 2048;
  first.descriptor_sm100.arch = DescriptorArch::sm100;
  first.descriptor_sm100.idesc = "0x08400011";
  first.hopper.moves.view = MoveView::epilogue;
  // The fragments view zoomed off its first zoom (2, "labels") to 5; the bank view left at its own.
  first.fragments_view.key = "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32";
  first.fragments_view.start = 2.f;
  first.fragments_view.zoom = 5.f;
  first.banks_zoom.key = "explorer 16 16";
  first.banks_zoom.start = first.banks_zoom.zoom = 3.f;
  ASSERT_EQ(save_settings(t.path.string(), settings_of(first)), "");
  AppState next;
  ASSERT_EQ(start_settings(dir, true, next), t.path.string());
  EXPECT_TRUE(next.settings_notices.empty());
  EXPECT_EQ(next.export_dialog.view, scene::View::warpgroup);
  EXPECT_FLOAT_EQ(next.export_dialog.scale, 4.f);
  EXPECT_EQ(next.export_dialog.operand, "");  // not kept: each opening starts on the screen
  EXPECT_TRUE(next.export_dialog.crop);
  EXPECT_EQ(next.export_dialog.first_row, 16);
  EXPECT_EQ(next.export_dialog.last_row, 31);
  EXPECT_EQ(next.export_dialog.first_col, 8);
  EXPECT_EQ(next.export_dialog.last_col, 15);
  EXPECT_EQ(next.hopper.descriptor, first.hopper.descriptor);
  EXPECT_EQ(next.descriptor_sm100.arch, DescriptorArch::sm100);
  EXPECT_EQ(next.descriptor_sm100.idesc, "0x08400011");
  EXPECT_EQ(next.hopper.moves.view, MoveView::epilogue);
  // The zoom is kept for its instruction, off the first zoom (start 0 until the view works it out
  // again), so the view's first frame keeps it (zoom_grid.hpp's zoom_for, same subject).
  EXPECT_EQ(next.fragments_view.key, first.fragments_view.key);
  EXPECT_FLOAT_EQ(next.fragments_view.zoom, 5.f);
  EXPECT_NE(next.fragments_view.start, next.fragments_view.zoom);
  // At its own first zoom, a view works it out again (another window size gives another one).
  EXPECT_TRUE(next.banks_zoom.key.empty());
}

// Round 32: after a restart with the Warpgroup open the fragments grids came back at half their
// cells: the saved zoom was relative to a fit worked out again from the shorter view. The zoom's fit
// is saved beside it and restored with it, for its own instruction only.
TEST(SettingsFiles, FragmentsZoomKeepsTheFitItIsRelativeTo) {
  TempDir t;
  const ConfigDir dir{t.path.string(), t.path.parent_path().string(), "x"};
  const std::string m16n8k16 = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
  AppState first;
  ASSERT_EQ(start_settings(dir, true, first), t.path.string());
  first.fragments_view.key = m16n8k16;
  first.fragments_view.start = 0.f;  // kept off its first zoom (a view opened beside it)
  first.fragments_view.zoom = 1.03f;
  first.fragments_fit_memo = FragmentsFitMemo{m16n8k16, GridFit{774.f, 552.f, 28.5f, 13.5f, 2}};
  ASSERT_EQ(save_settings(t.path.string(), settings_of(first)), "");
  AppState next;
  ASSERT_EQ(start_settings(dir, true, next), t.path.string());
  EXPECT_TRUE(next.settings_notices.empty());
  EXPECT_FLOAT_EQ(next.fragments_view.zoom, 1.03f);
  EXPECT_EQ(next.fragments_fit_memo.key, m16n8k16);
  EXPECT_FLOAT_EQ(next.fragments_fit_memo.fit.view_w, 774.f);
  EXPECT_FLOAT_EQ(next.fragments_fit_memo.fit.view_h, 552.f);
  EXPECT_FLOAT_EQ(next.fragments_fit_memo.fit.cw, 28.5f);
  EXPECT_FLOAT_EQ(next.fragments_fit_memo.fit.ch, 13.5f);
  EXPECT_EQ(next.fragments_fit_memo.fit.per_row, 2);

  // A fit of another instruction than the zoom's (the memo follows the instruction shown) is not
  // saved; nor is one beside the view's own first zoom (the view works both out again).
  first.fragments_fit_memo.key = "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32";
  EXPECT_FALSE(settings_of(first).fragments_zoom.fit);
  first.fragments_fit_memo.key = m16n8k16;
  first.fragments_view.start = first.fragments_view.zoom;
  EXPECT_FALSE(settings_of(first).fragments_zoom.fit);
}

// A saved fit that is not whole or not sizes is said and left out (the view works its fit out
// again); sizes past their bounds take the nearest; only the fragments view's zoom has a fit.
TEST(ParseSettings, BadFragmentsZoomFitIsSaid) {
  ParsedSettings p = parse_fields(
      R"x("zoom": {"fragments": {"for": "x", "zoom": 2, "fit": {"view_w": 700, "cell_w": 20}}})x");
  EXPECT_TRUE(any_message_has(p, "zoom.fragments.fit lacks a size")) << all(p);
  EXPECT_EQ(p.messages.size(), 1u) << all(p);
  EXPECT_FALSE(p.settings.fragments_zoom.fit);
  EXPECT_FLOAT_EQ(p.settings.fragments_zoom.zoom, 2.f);
  p = parse_fields(R"x("zoom": {"fragments": {"for": "x", "zoom": 2, "fit": [700, 500, 20, 10, 1]}})x");
  EXPECT_TRUE(any_message_has(p, "zoom.fragments.fit is an array, not an object")) << all(p);
  EXPECT_FALSE(p.settings.fragments_zoom.fit);
  p = parse_fields(
      R"x("zoom": {"fragments": {"for": "x", "zoom": 2, "fit": {"view_w": 700, "view_h": 500, "cell_w": 1e9,
          "cell_h": -3, "blocks_per_row": 2, "pad": 1}}, "banks": {"for": "explorer 16 16", "zoom": 3, "fit": {}}})x");
  EXPECT_TRUE(any_message_has(p, "zoom.fragments.fit.cell_w 1000000000", "using 4096")) << all(p);
  EXPECT_TRUE(any_message_has(p, "zoom.fragments.fit.cell_h -3", "using 0.25")) << all(p);
  EXPECT_TRUE(any_message_has(p, "unknown setting \"zoom.fragments.fit.pad\"")) << all(p);
  EXPECT_TRUE(any_message_has(p, "unknown setting \"zoom.banks.fit\"")) << all(p);
  EXPECT_EQ(p.messages.size(), 4u) << all(p);
  ASSERT_TRUE(p.settings.fragments_zoom.fit);
  EXPECT_FLOAT_EQ(p.settings.fragments_zoom.fit->cw, 4096.f);
  EXPECT_FLOAT_EQ(p.settings.fragments_zoom.fit->ch, 0.25f);
  EXPECT_EQ(p.settings.fragments_zoom.fit->per_row, 2);
  EXPECT_FALSE(p.settings.banks_zoom.fit);
}

// Newcomer round 33: a restart showed the Warpgroup tab in front of the Differences chosen last. The
// stacked window in front is saved by its "windows" key; a tiled view's key or another word is said.
TEST(ParseSettings, StackedTabIsAStackedWindowsKey) {
  ParsedSettings p = parse_fields(R"x("stacked_tab": "differences")x");
  EXPECT_TRUE(p.messages.empty()) << all(p);
  AppState s;
  apply_settings(p, s);
  EXPECT_EQ(s.stacked_tab, kWinDifferences);
  s.stacked_tab = kWinCtaTile;
  EXPECT_EQ(settings_of(s).stacked_tab, "cta_tile");
  s.stacked_tab.clear();
  EXPECT_EQ(settings_of(s).stacked_tab, "");
  p = parse_fields(R"x("stacked_tab": "fragments")x");
  EXPECT_TRUE(any_message_has(p,
                              "stacked_tab \"fragments\" is not one of warpgroup, descriptor, moves, "
                              "algebra, cta_tile, tmem, differences"))
      << all(p);
  EXPECT_EQ(p.settings.stacked_tab, "");
  p = parse_fields(R"x("stacked_tab": 3)x");
  EXPECT_EQ(p.messages.size(), 1u) << all(p);
}

// A bad value of a new key is said with what is used instead, and the file is left as it is.
TEST(ParseSettings, BadDialogDescriptorMovesAndZoomValuesAreSaid) {
  const ParsedSettings p = parse_fields(
      R"x("export_view": "tiles", "export_scale": 99, "export_crop": "rows=0:8",
          "descriptor": {"swizzle": "16B", "lbo": -16, "arch": "sm_80"}, "moves": {"tab": "ldmatrix"},
          "zoom": {"fragments": {"for": "x", "zoom": 500}, "bank": 1}, "ladder_sizes": [2048, 3000])x");
  EXPECT_TRUE(any_message_has(p, "export_view \"tiles\"", "using fragments")) << all(p);
  EXPECT_TRUE(any_message_has(p, "export_scale 99 is outside 0.5 to 8.0", "using 8.0")) << all(p);
  EXPECT_TRUE(any_message_has(p, "export_crop \"rows=0:8\"", "rows=0-7")) << all(p);
  EXPECT_TRUE(any_message_has(p, "descriptor.swizzle \"16B\"")) << all(p);
  EXPECT_TRUE(any_message_has(p, "descriptor.lbo -16 is outside")) << all(p);
  EXPECT_TRUE(any_message_has(p, "descriptor.arch \"sm_80\"")) << all(p);
  EXPECT_TRUE(any_message_has(p, "moves.tab \"ldmatrix\"")) << all(p);
  EXPECT_TRUE(any_message_has(p, "zoom.fragments.zoom 500 is outside", "using 32")) << all(p);
  EXPECT_TRUE(any_message_has(p, "unknown setting \"zoom.bank\"")) << all(p);
  EXPECT_TRUE(any_message_has(p, "ladder_sizes holds 3000")) << all(p);
  EXPECT_EQ(p.messages.size(), 10u) << all(p);
  EXPECT_EQ(p.settings.export_view, scene::View::fragments);
  EXPECT_FLOAT_EQ(p.settings.export_scale, 8.f);
  EXPECT_EQ(p.settings.export_rows, (scene::IndexRange{0, 7}));
  EXPECT_EQ(p.settings.descriptor.lbo, 0u);
  EXPECT_EQ(p.settings.moves.view, MoveView::stmatrix);
  EXPECT_FLOAT_EQ(p.settings.fragments_zoom.zoom, 32.f);
  EXPECT_EQ(p.settings.ladder_sizes, (std::array<bool, 4>{false, true, false, false}));
  EXPECT_FALSE(p.keep_file);
}

// "moves": "lane", the lane the movmatrix, epilogue and 8-bit pages kept of their own, is retired:
// every page follows the app's selected lane (issue 22). A file from before that holds it (any
// value, a bad one too) loads silently with the rest of its moves settings, and it is not written.
TEST(ParseSettings, MovesLaneIsRetired) {
  for (const char* lane : {"12", "40", "\"x\""}) {
    const ParsedSettings p = parse_fields(
        std::string(R"("moves": {"tab": "epilogue", "epilogue": "x4-swapped", "lane": )") + lane + "}");
    EXPECT_TRUE(p.messages.empty()) << lane << ": " << all(p);
    EXPECT_FALSE(p.keep_file) << lane;
    EXPECT_EQ(p.settings.moves.view, MoveView::epilogue) << lane;
    EXPECT_EQ(p.settings.moves.epilogue, "x4-swapped") << lane;
    EXPECT_FALSE(nlohmann::json::parse(settings_json(p.settings))["moves"].contains("lane")) << lane;
  }
}

// The new keys through the files: saved by one run, read by the next, silently.
TEST(SettingsFiles, CtaWarpgroupAndExportChoicesAreSavedAndReadAtTheNextStart) {
  TempDir t;
  const ConfigDir dir{t.path.string(), t.path.parent_path().string(), "x"};
  AppState first;
  ASSERT_EQ(start_settings(dir, true, first), t.path.string());
  first.cta_tile.cell = 30.f;
  first.cta_tile.thread = 33;
  first.hopper.selected_thread = 64;
  first.export_dialog.last_folder = t.path.string();
  ASSERT_EQ(save_settings(t.path.string(), settings_of(first)), "");
  AppState next;
  ASSERT_EQ(start_settings(dir, true, next), t.path.string());
  EXPECT_TRUE(next.settings_notices.empty());
  EXPECT_FLOAT_EQ(next.cta_tile.cell, 30.f);
  EXPECT_EQ(next.cta_tile.thread, 33);
  EXPECT_EQ(next.hopper.selected_thread, 64);
  EXPECT_EQ(next.export_dialog.last_folder, t.path.string());
}

}  // namespace
}  // namespace fragviz::app
