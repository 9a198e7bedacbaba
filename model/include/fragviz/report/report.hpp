// Plain data types for what the probes and the gate return: predicted and measured side by side,
// serialisable to JSON (report_json.hpp) so a report recorded on a GPU box opens anywhere.
// No CUDA, no GL, no JSON types in here.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/isa/wmma.hpp"
#include "fragviz/probe/hopper_results.hpp"
#include "fragviz/probe/layout_probe.hpp"
#include "fragviz/report/report_fields.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/util/error.hpp"

namespace fragviz {

/// The CUDA device the probes ran on (or why there is none).
struct DeviceInfo {
  bool present = false;
  /// Why no device: "built without CUDA", "no CUDA device", a driver error. Kind no_device, cuda (a
  /// device query that failed) or internal; a report stores the message alone (read back as
  /// unrecorded).
  Error error;
  std::string name;
  int cc_major = 0, cc_minor = 0;
  int driver_version = 0;      ///< cudaDriverGetVersion, e.g. 13000
  int runtime_version = 0;     ///< cudaRuntimeGetVersion
  std::string driver_release;  ///< e.g. "580.159.04" when known (nvidia-smi / NVML), else empty
  int sm_count = 0;
  std::uint64_t global_mem_bytes = 0;
  int clock_khz = 0;
  /// Compute capability as major*10+minor (90 on the H200).
  int sm() const { return cc_major * 10 + cc_minor; }
};
/// DeviceInfo's fields in report order (report_fields.hpp).
template <class F>
void field_list(FieldsOf<DeviceInfo>, F&& f) {
  f(Field::named("present"), &DeviceInfo::present);
  f(Field::named("error"), in_part(&DeviceInfo::error, &Error::message));
  f(Field::named("name"), &DeviceInfo::name);
  f(Field::named("cc_major"), &DeviceInfo::cc_major);
  f(Field::named("cc_minor"), &DeviceInfo::cc_minor);
  f(Field::named("driver_version"), &DeviceInfo::driver_version);
  f(Field::named("runtime_version"), &DeviceInfo::runtime_version);
  f(Field::named("driver_release"), &DeviceInfo::driver_release);
  f(Field::named("sm_count"), &DeviceInfo::sm_count);
  f(Field::named("global_mem_bytes"), &DeviceInfo::global_mem_bytes);
  f(Field::named("clock_khz"), &DeviceInfo::clock_khz);
}

/// What the user asked the probes to run: the explorer's ldmatrix over its tile, and the
/// catalogue instructions whose fragments the tensor core is asked about.
struct ProbeRequest {
  LdmatrixConfig ldmatrix{};
  TileGeometry tile{};
  bool cycles_table = true;  ///< also time the standard strides (64, 72, 80, 96, 40 halves, swizzled)
  /// Probe catalogue instructions through the tensor core at all.
  bool instruction_probes = true;
  /// Mnemonics to probe: mma.sync and wgmma catalogue entries, stmatrix forms, "movmatrix" and
  /// "epilogue" (every epilogue preset), WMMA fragment kinds (wmma.hpp) and "wmma" (every kind);
  /// empty = all of them (the Hopper ones if hopper_probes, the WMMA ones if wmma_probes).
  std::vector<std::string> instructions;
  /// With an empty list: also the wgmma entries, stmatrix, movmatrix and the epilogues.
  bool hopper_probes = true;
  /// With an empty list: also every WMMA fragment kind.
  bool wmma_probes = true;
};
/// ProbeRequest's fields in report order (report_fields.hpp); hopper_probes and wmma_probes say
/// what an empty list means at run time and are not in the file.
template <class F>
void field_list(FieldsOf<ProbeRequest>, F&& f) {
  f(Field::named("ldmatrix"), &ProbeRequest::ldmatrix);
  f(Field::named("tile"), &ProbeRequest::tile);
  f(Field::named("cycles_table"), &ProbeRequest::cycles_table);
  // Version 1 asked for no instruction probes: it reads as the defaults.
  f(Field::named("instruction_probes").in_version(2), &ProbeRequest::instruction_probes);
  f(Field::named("instructions").in_version(2), &ProbeRequest::instructions);
}

// [SECTION] field lists of the probe results declared beside their probes -----------------------

/// ElementCheck's fields in report order: also the order of a row ([operand, lane, element,
/// expected, measured, raw]) where a list of them is written as rows.
template <class F>
void field_list(FieldsOf<ElementCheck>, F&& f) {
  f(Field::named("operand"), &ElementCheck::operand);
  f(Field::named("lane"), &ElementCheck::lane);
  f(Field::named("element"), &ElementCheck::element);
  f(Field::named("expected"), &ElementCheck::expected);
  f(Field::named("measured"), &ElementCheck::measured);
  f(Field::named("raw"), &ElementCheck::raw);
}

/// DescriptorProbe's fields in report order; `expected` is the model's (never in the file).
template <class F>
void field_list(FieldsOf<DescriptorProbe>, F&& f) {
  f(Field::named("operand"), &DescriptorProbe::operand);
  f(Field::named("type"), in_part(&DescriptorProbe::layout, &SmemOperandLayout::type));
  f(Field::named("major"), in_part(&DescriptorProbe::layout, &SmemOperandLayout::major));
  f(Field::named("swizzle"), in_part(&DescriptorProbe::layout, &SmemOperandLayout::swizzle));
  f(Field::named("lbo"), in_part(&DescriptorProbe::layout, &SmemOperandLayout::lbo));
  f(Field::named("sbo"), in_part(&DescriptorProbe::layout, &SmemOperandLayout::sbo));
  f(Field::named("mn"), in_part(&DescriptorProbe::layout, &SmemOperandLayout::mn));
  f(Field::named("k"), in_part(&DescriptorProbe::layout, &SmemOperandLayout::k));
  f(Field::named("start"), &DescriptorProbe::start);
  f(Field::named("descriptor"), &DescriptorProbe::descriptor);
  f(Field::named("measured"), &DescriptorProbe::measured);
}

/// WgmmaProbe's fields in report order (the measured D and A cells under their file keys).
template <class F>
void field_list(FieldsOf<WgmmaProbe>, F&& f) {
  f(Field::named("mnemonic"), &WgmmaProbe::mnemonic);
  f(Field::named("ran"), &WgmmaProbe::ran);
  f(Field::named("skipped"), &WgmmaProbe::skipped);
  f(Field::named("passes"), &WgmmaProbe::passes);
  f(Field::named("d_measured"), &WgmmaProbe::d);
  f(Field::named("a_measured"), &WgmmaProbe::a);
  f(Field::named("descriptors"), &WgmmaProbe::descriptors);
  f(Field::named("tile_exact"), &WgmmaProbe::tile_exact);
  f(Field::named("tile_detail"), &WgmmaProbe::tile_detail);
}

/// MatrixMoveProbe's fields in report order (the measured cells under the file key "measured").
template <class F>
void field_list(FieldsOf<MatrixMoveProbe>, F&& f) {
  f(Field::named("mnemonic"), &MatrixMoveProbe::mnemonic);
  f(Field::named("kind"), &MatrixMoveProbe::kind);
  f(Field::named("detail"), &MatrixMoveProbe::detail);
  f(Field::named("ran"), &MatrixMoveProbe::ran);
  f(Field::named("skipped"), &MatrixMoveProbe::skipped);
  f(Field::named("stray_writes"), &MatrixMoveProbe::stray_writes);
  f(Field::named("measured"), &MatrixMoveProbe::cells);
}

/// WmmaProbe's fields in report order (the decoded map under the file key "cells").
template <class F>
void field_list(FieldsOf<WmmaProbe>, F&& f) {
  f(Field::named("name"), &WmmaProbe::name);
  f(Field::named("ran"), &WmmaProbe::ran);
  f(Field::named("skipped"), &WmmaProbe::skipped);
  f(Field::named("raw"), &WmmaProbe::raw);
  f(Field::named("cells"), &WmmaProbe::map);
}

/// LayoutProbe's fields in report order; the rest (mnemonic, the model's addresses, slots,
/// wavefronts, cycles per instruction) is judged again from these on load, never read.
template <class F>
void field_list(FieldsOf<LayoutProbe>, F&& f) {
  f(Field::named("write"), &LayoutProbe::write);
  f(Field::named("read"), &LayoutProbe::read);
  f(Field::named("lanes"), &LayoutProbe::lanes);
  f(Field::named("op"), &LayoutProbe::op);
  f(Field::named("num"), in_part(&LayoutProbe::ldmatrix, &LdmatrixConfig::num));
  f(Field::named("trans"), in_part(&LayoutProbe::ldmatrix, &LdmatrixConfig::trans));
  f(Field::named("element_bytes"), &LayoutProbe::element_bytes);
  f(Field::named("ran"), &LayoutProbe::ran);
  f(Field::named("skipped"), &LayoutProbe::skipped);
  f(Field::named("words"), &LayoutProbe::words);
  f(Field::named("addresses"), &LayoutProbe::addresses);
  f(Field::named("cycles"), &LayoutProbe::cycles);
  f(Field::named("iterations"), &LayoutProbe::iterations);
  f(Field::named("ncu"), &LayoutProbe::ncu);
}

/// Fragment ownership of one instruction with 16-bit A and B (the seed's m16n8k8 / m16n8k16
/// .f16), measured through memory: A and B loaded with the seed's ldmatrix (fragment_load), C/D
/// decoded from the values of one mma whose D elements are all distinct.
struct FragmentProbe {
  std::string mnemonic;  ///< catalogue entry
  bool ran = false;
  std::string skipped;                 ///< e.g. "skipped: needs sm_80 or newer (device is sm_75)"
  std::vector<ElementCheck> elements;  ///< A, then B, then C: 192 (k8) or 384 (k16) entries
  std::array<std::uint32_t, kWarpSize> a_addresses{};  ///< shared-space addresses lanes passed
  std::array<std::uint32_t, kWarpSize> b_addresses{};
  bool tile_exact = false;  ///< one tile's D == double-precision reference, every element
  std::string tile_detail;  ///< when ran && !tile_exact: "D(r,c): got x, want y" (first mismatch)
  int mismatches() const;
};
/// FragmentProbe's fields in report order (its elements written as objects; a version 1 file
/// names the instruction by "shape").
template <class F>
void field_list(FieldsOf<FragmentProbe>, F&& f) {
  f(Field::named("mnemonic"), &FragmentProbe::mnemonic);
  f(Field::named("ran"), &FragmentProbe::ran);
  f(Field::named("skipped"), &FragmentProbe::skipped);
  f(Field::named("elements"), &FragmentProbe::elements);
  f(Field::named("a_addresses"), &FragmentProbe::a_addresses);
  f(Field::named("b_addresses"), &FragmentProbe::b_addresses);
  f(Field::named("tile_exact"), &FragmentProbe::tile_exact);
  f(Field::named("tile_detail"), &FragmentProbe::tile_detail);
}

/// One catalogue instruction probed through the tensor core (model/probe/mma_probe.cpp): every A
/// and B element named by the value the mma returned for it, every C/D element by one-hot
/// passes, and one tile of random exact inputs against a double-precision reference.
struct InstructionProbe {
  std::string mnemonic;
  bool ran = false;
  std::string skipped;                 ///< why not run: "needs sm_120a (device is sm_90)", no device
  std::vector<ElementCheck> elements;  ///< A, then B, then C, lane-major within each
  int passes = 0;                      ///< mma instructions issued
  bool tile_exact = false;             ///< random tile: every D element == reference
  std::string tile_detail;             ///< first tile mismatch when !tile_exact
  int mismatches() const;
  /// Elements of `op` checked and matched.
  int checked(Operand op) const;
  int matched(Operand op) const;
};
/// InstructionProbe's fields in report order.
template <class F>
void field_list(FieldsOf<InstructionProbe>, F&& f) {
  f(Field::named("mnemonic"), &InstructionProbe::mnemonic);
  f(Field::named("ran"), &InstructionProbe::ran);
  f(Field::named("skipped"), &InstructionProbe::skipped);
  f(Field::named("passes"), &InstructionProbe::passes);
  f(Field::named("elements").as_rows(), &InstructionProbe::elements);
  f(Field::named("tile_exact"), &InstructionProbe::tile_exact);
  f(Field::named("tile_detail"), &InstructionProbe::tile_detail);
}

/// One catalogue instruction probed with A and B loaded through the real ldmatrix (the
/// "through ldmatrix" probe, fragviz/probe/ldmatrix_feed.hpp): each operand with an ldmatrix form
/// (fragment_load) stored in shared memory as that load assumes and loaded with its lane
/// addresses, the other one fed from registers.
struct LdmatrixFedProbe {
  std::string mnemonic;
  bool ran = false;
  std::string skipped;  ///< why not run: no form, the device's SM, this build
  /// Byte offsets from each stored operand's base that the lanes passed (0 for an operand fed
  /// from registers).
  std::array<std::uint32_t, kWarpSize> a_addresses{};
  std::array<std::uint32_t, kWarpSize> b_addresses{};
  /// A, then B (each loaded operand), lane-major: the stored element each register field
  /// received, named by the byte-labelled tile; raw = index of the stored byte it came from.
  std::vector<ElementCheck> bytes;
  /// The tensor-core probe's passes (mma_probe.hpp) with A and B through ldmatrix, judged by
  /// judge_mma_probe: every element named through D, and the exact tile.
  InstructionProbe mma;
  int mismatches() const;
};
/// LdmatrixFedProbe's fields in report order: the tensor-core half's among its own (its mnemonic
/// and ran are the probe's).
template <class F>
void field_list(FieldsOf<LdmatrixFedProbe>, F&& f) {
  f(Field::named("mnemonic"), &LdmatrixFedProbe::mnemonic);
  f(Field::named("ran"), &LdmatrixFedProbe::ran);
  f(Field::named("skipped"), &LdmatrixFedProbe::skipped);
  f(Field::named("a_addresses"), &LdmatrixFedProbe::a_addresses);
  f(Field::named("b_addresses"), &LdmatrixFedProbe::b_addresses);
  f(Field::named("bytes").as_rows(), &LdmatrixFedProbe::bytes);
  f(Field::named("passes"), in_part(&LdmatrixFedProbe::mma, &InstructionProbe::passes));
  f(Field::named("tile_exact"), in_part(&LdmatrixFedProbe::mma, &InstructionProbe::tile_exact));
  f(Field::named("tile_detail"), in_part(&LdmatrixFedProbe::mma, &InstructionProbe::tile_detail));
  f(Field::named("elements").as_rows(), in_part(&LdmatrixFedProbe::mma, &InstructionProbe::elements));
}

/// One element the explorer's ldmatrix delivered.
struct LdmatrixCheck {
  int lane = 0, reg = 0, half = 0;
  Coord expected{};               ///< logical tile (row, col) the model predicts
  std::optional<Coord> measured;  ///< tile cell the 16-bit value names
  bool match() const { return measured && *measured == expected; }
};
/// LdmatrixCheck's fields in report order.
template <class F>
void field_list(FieldsOf<LdmatrixCheck>, F&& f) {
  f(Field::named("lane"), &LdmatrixCheck::lane);
  f(Field::named("reg"), &LdmatrixCheck::reg);
  f(Field::named("half"), &LdmatrixCheck::half);
  f(Field::named("expected"), &LdmatrixCheck::expected);
  f(Field::named("measured"), &LdmatrixCheck::measured);
}

/// The explorer's ldmatrix run on the device.
struct LdmatrixProbe {
  LdmatrixConfig config{};
  TileGeometry tile{};
  bool ran = false;
  std::string skipped;  ///< refusal reason (illegal geometry, no device) when !ran
  std::array<std::array<std::uint32_t, 4>, kWarpSize> registers{};  ///< raw destination registers
  std::array<std::uint32_t, kWarpSize> addresses{};                 ///< measured shared addresses
  std::vector<LdmatrixCheck> elements;                              ///< 32 lanes x .num registers x 2 halves
  double cycles_per_instruction = 0;  ///< clock64() over repeated ldmatrix, one warp
  int mismatches() const;
};
/// LdmatrixProbe's fields in report order.
template <class F>
void field_list(FieldsOf<LdmatrixProbe>, F&& f) {
  f(Field::named("config"), &LdmatrixProbe::config);
  f(Field::named("tile"), &LdmatrixProbe::tile);
  f(Field::named("ran"), &LdmatrixProbe::ran);
  f(Field::named("skipped"), &LdmatrixProbe::skipped);
  f(Field::named("registers"), &LdmatrixProbe::registers);
  f(Field::named("addresses"), &LdmatrixProbe::addresses);
  f(Field::named("elements"), &LdmatrixProbe::elements);
  f(Field::time("cycles_per_instruction"), &LdmatrixProbe::cycles_per_instruction);
}

/// One row of the cycles table: measured cycles per ldmatrix beside predicted wavefronts.
struct CyclesRow {
  LdmatrixConfig config{};
  TileGeometry tile{};
  int predicted_wavefronts = 0;  ///< analyze_ldmatrix(config, tile).wavefronts (checked on load)
  int measured_wavefronts = 0;   ///< analyze_addresses(config, *addresses).wavefronts (checked on load)
  double cycles_per_instruction = 0;
  /// The shared-space byte offsets the lanes passed, as measured. nullopt only for a row read from
  /// a version 1 report, which did not store them (except for the explorer's row, whose addresses
  /// are ldmatrix.addresses): its measured_wavefronts cannot be recomputed (see measured_words).
  std::optional<std::array<std::uint32_t, kWarpSize>> addresses;
  /// True when measured_wavefronts was recomputed from stored addresses (always, for a fresh run).
  bool recomputable() const { return addresses.has_value(); }
};
/// CyclesRow's fields in report order (its ldmatrix under the key "ldmatrix").
template <class F>
void field_list(FieldsOf<CyclesRow>, F&& f) {
  f(Field::named("ldmatrix"), &CyclesRow::config);
  f(Field::named("tile"), &CyclesRow::tile);
  f(Field::named("predicted_wavefronts"), &CyclesRow::predicted_wavefronts);
  f(Field::named("measured_wavefronts"), &CyclesRow::measured_wavefronts);
  // Null only in a row first read from a version 1 file, which had none.
  f(Field::named("addresses").in_version(2), &CyclesRow::addresses);
  f(Field::time("cycles_per_instruction"), &CyclesRow::cycles_per_instruction);
}
/// "4" or, for a row whose addresses were never stored, "4 (not recomputable: recorded without
/// addresses)": how every view must print a row's measured wavefronts.
std::string measured_wavefronts_words(const CyclesRow& row);
/// "72 (64 + pad 8)": a row's stride in halves, then its width and pad, so that two rows of one
/// stride (width 72 unpadded, width 64 padded by 8) can be told apart; how every view prints it.
std::string cycles_stride_words(const CyclesRow& row);

/// Everything one probe run produced.
struct ProbeReport {
  std::string created_utc;  ///< ISO 8601
  DeviceInfo device;
  ProbeRequest request;
  LdmatrixProbe ldmatrix;
  std::vector<FragmentProbe> fragments;        ///< ldmatrix-loaded: the seed's m16n8k8, m16n8k16
  std::vector<InstructionProbe> instructions;  ///< tensor-core probes, catalogue order
  /// The same instructions with A and B loaded through ldmatrix, catalogue order (absent from
  /// reports written before it existed: none).
  std::vector<LdmatrixFedProbe> through_ldmatrix;
  std::vector<CyclesRow> cycles;
  std::vector<WgmmaProbe> wgmma;       ///< wgmma entries, catalogue order (sm_90a)
  std::vector<MatrixMoveProbe> moves;  ///< stmatrix forms, movmatrix, epilogue presets
  double hopper_ms = 0;                ///< of probe_ms: the wgmma and matrix-move probes
  /// WMMA fragment kinds loaded on the device, table order (wmma_table.hpp), then unknown names.
  /// Measurements with nothing to compare against: WMMA publishes no map.
  std::vector<WmmaProbe> wmma;
  /// `fragviz-cli probe --layout`: the user's own layout and lanes, when that ran (else null).
  std::shared_ptr<const LayoutProbe> layout;
  double cuda_init_ms = 0;  ///< context creation, measured separately
  double probe_ms = 0;      ///< request to finished report, after start-up
  /// What stopped the run (no device, a CUDA error), if anything: kind none exactly when the
  /// message is empty.
  Error error;
};
/// ProbeReport's fields in report order, which is also the order report_diff lists them in.
template <class F>
void field_list(FieldsOf<ProbeReport>, F&& f) {
  f(Field::time("created_utc"), &ProbeReport::created_utc);
  f(Field::named("device"), &ProbeReport::device);
  f(Field::named("request"), &ProbeReport::request);
  f(Field::named("ldmatrix"), &ProbeReport::ldmatrix);
  // Only in a `probe --layout` report.
  f(Field::added_later("layout").in_version(3), &ProbeReport::layout);
  f(Field::named("fragments"), &ProbeReport::fragments);
  f(Field::named("instructions").in_version(2), &ProbeReport::instructions);
  // Added with the through-ldmatrix probe (same report version): absent in older files, meaning none.
  f(Field::added_later("through_ldmatrix"), &ProbeReport::through_ldmatrix);
  f(Field::named("wgmma").in_version(3), &ProbeReport::wgmma);
  f(Field::named("moves").in_version(3), &ProbeReport::moves);
  f(Field::added_later("wmma").in_version(3), &ProbeReport::wmma);
  f(Field::named("cycles"), &ProbeReport::cycles);
  f(Field::time("cuda_init_ms"), &ProbeReport::cuda_init_ms);
  f(Field::time("hopper_ms").in_version(3), &ProbeReport::hopper_ms);
  f(Field::time("probe_ms"), &ProbeReport::probe_ms);
  f(Field::named("error"), in_part(&ProbeReport::error, &Error::message));
  // Version 1 recorded no kinds: read as unrecorded where there was an error.
  f(Field::named("error_kind"), in_part(&ProbeReport::error, &Error::kind));
}

/// Matmul kernels the gate can run.
enum class GateVariant {
  ldmatrix_k8,    ///< seed's kernel: ldmatrix.x2 A, ldmatrix.x4.trans B, m16n8k8
  scalar_b_k8,    ///< seed's exercise: B fragments from plain per-lane shared loads
  ldmatrix_k16,   ///< same design with m16n8k16 (sm_80+)
  broken_swap_b,  ///< DELIBERATELY WRONG: two B registers swapped, for the gate to catch
  // The ladder (issue 10), each one step on the one before; gate_ladder.hpp describes them.
  cp_async_db,     ///< rung 2: cp.async into two shared buffers
  multistage,      ///< rung 3: four cp.async stages
  tile_128,        ///< rung 4: 128x128 blocks, 64x64 warp tiles
  swizzle_xor,     ///< rung 5: XOR-swizzled shared tiles instead of padding
  reg_db,          ///< rung 6: fragments double-buffered in registers, L2-grouped block order
  reg_db_128x256,  ///< rung 6 with 128x256 blocks of 8 warps (the tuned best)
  stream_k,        ///< rung 7: reg-db's mainloop in persistent blocks, stream-K last wave (sm_90)
  // sm_90a only (gpu/cuda/hopper/gate_wgmma.cu; wgmma_gate.hpp describes them): TMA, mbarriers, wgmma.
  wgmma_tma,         ///< rung 8: one warpgroup, TMA into 128B-swizzled stages, wgmma m64n128k16
  wgmma_ws,          ///< rung 9: producer + two consumer warpgroups, 128x256 tiles
  wgmma_persistent,  ///< rung 10: wgmma-ws with one block per SM walking L2-grouped tiles
  wgmma_cluster,     ///< rung 11: wgmma-persistent in 2-block clusters sharing B by TMA multicast
  wgmma_pingpong,    ///< rung 12: wgmma-cluster with each consumer warpgroup on its own tile, in turns
  wgmma_tma_store,   ///< rung 13: wgmma-cluster with C stored through shared memory by TMA
  wgmma_stream_k,    ///< rung 14: wgmma-tma-store with the last partial wave split by k (stream-K)
  mma_tma_cluster,   ///< rung 15: mma.sync warp tiles fed by TMA multicast in 2-block clusters
  user_kernel,       ///< the user's own source (GateRequest::kernel), compiled with NVRTC, run in a child
};
std::string_view to_string(GateVariant v);
std::optional<GateVariant> parse_variant(std::string_view text);
/// Minimum compute capability (major*10+minor) a variant needs.
int min_sm(GateVariant v);

/// A launch's block or grid extent (CUDA's dim3).
struct Dim3 {
  int x = 1, y = 1, z = 1;
  std::uint64_t count() const {
    return static_cast<std::uint64_t>(x) * static_cast<std::uint64_t>(y) * static_cast<std::uint64_t>(z);
  }
};

/// A user's kernel for the gate (docs/user-kernels.md): a CUDA source file whose `entry` is
/// `extern "C" __global__ void entry(const __half* A, const __half* B, float* C, int n)`.
struct UserKernel {
  std::string source_path;  ///< as the user gave it; compile messages name it
  std::string entry;
  std::string block_text = "128";       ///< "X[,Y[,Z]]", expressions of n (user_kernel.hpp)
  std::string grid_text = "n/64,n/64";  ///< the same form
  int dynamic_smem_bytes = 0;           ///< launch's dynamic shared memory
  Dim3 block, grid;                     ///< block_text and grid_text evaluated at the request's n
  std::string arch;  ///< what NVRTC compiled for, e.g. "sm_90a"; set by the runner once it compiled
  /// Folders searched for the source's #include <...> (-I, and --cutlass's CUTLASS include
  /// folder), in order, before the CUDA Toolkit's.
  std::vector<std::string> include_dirs;
};
/// UserKernel's fields in report order (report_fields.hpp).
template <class F>
void field_list(FieldsOf<UserKernel>, F&& f) {
  f(Field::named("source_path"), &UserKernel::source_path);
  f(Field::named("entry"), &UserKernel::entry);
  f(Field::named("block_text"), &UserKernel::block_text);
  f(Field::named("grid_text"), &UserKernel::grid_text);
  f(Field::named("dynamic_smem_bytes"), &UserKernel::dynamic_smem_bytes);
  f(Field::named("block"), &UserKernel::block);
  f(Field::named("grid"), &UserKernel::grid);
  f(Field::named("arch"), &UserKernel::arch);
  f(Field::added_later("include_dirs"), &UserKernel::include_dirs);
}

/// A gate run request. n must be a multiple of the variant's n_multiple (gate_ladder.hpp; 64 for a
/// user kernel) in [256, what fits].
struct GateRequest {
  int n = 2048;
  GateVariant variant = GateVariant::ldmatrix_k8;
  std::uint64_t seed = 1;
  int timed_runs = 20;  ///< median of these, after warm-up
  bool with_cublas = true;
  /// Set exactly when variant is user_kernel.
  std::optional<UserKernel> kernel;
};
/// GateRequest's fields in report order (report_fields.hpp).
template <class F>
void field_list(FieldsOf<GateRequest>, F&& f) {
  f(Field::named("n"), &GateRequest::n);
  f(Field::named("variant"), &GateRequest::variant);
  f(Field::named("seed"), &GateRequest::seed);
  f(Field::named("timed_runs"), &GateRequest::timed_runs);
  f(Field::named("with_cublas"), &GateRequest::with_cublas);
  // Only a user kernel's request has one: left out of the file otherwise.
  f(Field::added_later("kernel"), &GateRequest::kernel);
}

/// First or sampled output element that differs from the reference.
struct Mismatch {
  int row = 0, col = 0;
  float got = 0, want = 0;
};
/// Mismatch's fields in report order (report_fields.hpp).
template <class F>
void field_list(FieldsOf<Mismatch>, F&& f) {
  f(Field::named("row"), &Mismatch::row);
  f(Field::named("col"), &Mismatch::col);
  f(Field::named("got"), &Mismatch::got);
  f(Field::named("want"), &Mismatch::want);
}

/// Per-kernel resources (cudaFuncGetAttributes) plus the ptxas -v line captured at build time.
struct KernelResources {
  int registers = 0;
  int static_shared_bytes = 0;
  int dynamic_shared_bytes = 0;  ///< requested at launch (the ladder's kernels); 0 in older reports
  int local_bytes = 0;           ///< spill/stack bytes per thread
  std::string ptxas;             ///< "Used 62 registers, ..." as ptxas printed it, if captured
};
/// KernelResources' fields in report order (report_fields.hpp).
template <class F>
void field_list(FieldsOf<KernelResources>, F&& f) {
  f(Field::named("registers"), &KernelResources::registers);
  f(Field::named("static_shared_bytes"), &KernelResources::static_shared_bytes);
  // Added with the ladder's kernels (same report version): absent in older files, meaning none.
  f(Field::added_later("dynamic_shared_bytes"), &KernelResources::dynamic_shared_bytes);
  f(Field::named("local_bytes"), &KernelResources::local_bytes);
  f(Field::named("ptxas"), &KernelResources::ptxas);
}

/// The gate's verdict and figures.
struct GateReport {
  std::string created_utc;
  DeviceInfo device;
  GateRequest request;
  bool ran = false;
  /// Refusal or CUDA error: set when !ran (and for a skipped cuBLAS when ran); kind none exactly when
  /// the message is empty.
  Error error;
  bool cancelled = false;
  bool exact = false;                ///< every element equal to the reference
  std::uint64_t mismatch_count = 0;  ///< over all n*n elements
  std::optional<Mismatch> first;     ///< first in row-major order
  std::vector<Mismatch> mismatches;  ///< up to kMaxRecordedMismatches, row-major order
  static constexpr std::size_t kMaxRecordedMismatches = 65536;
  /// Largest n whose list is exactly the first min(mismatch_count, kMaxRecordedMismatches)
  /// mismatches (the output is compared again on the host); beyond it, with more mismatches than the
  /// list holds, the list is a row-major sorted sample of the device's records, which may start
  /// after `first`. Must equal kMaxCopiedN in gpu/cuda/gate_run.cu.
  static constexpr int kMaxInOrderListN = 8192;
  int spot_checks = 0;  ///< reference elements re-checked in double on the CPU
  int spot_check_failures = 0;
  double kernel_ms = 0;  ///< median over timed_runs
  double gflops = 0;     ///< 2 n^3 / kernel time
  double cublas_ms = 0, cublas_gflops = 0;
  double ratio_to_cublas = 0;  ///< cublas_ms / kernel_ms (1.0 = as fast as cuBLAS)
  KernelResources resources;
  double verdict_ms = 0;  ///< inputs + kernel + reference + compare + spot check, wall time
  /// Not serialised: the full output and reference (n*n, row-major), for the output view.
  std::vector<float> output, reference;
};
/// GateReport's fields in report order (report_fields.hpp); output and reference are not in the file.
template <class F>
void field_list(FieldsOf<GateReport>, F&& f) {
  f(Field::time("created_utc"), &GateReport::created_utc);
  f(Field::named("device"), &GateReport::device);
  f(Field::named("request"), &GateReport::request);
  f(Field::named("ran"), &GateReport::ran);
  f(Field::named("error"), in_part(&GateReport::error, &Error::message));
  f(Field::named("error_kind"), in_part(&GateReport::error, &Error::kind));
  f(Field::named("cancelled"), &GateReport::cancelled);
  f(Field::named("exact"), &GateReport::exact);
  f(Field::named("mismatch_count"), &GateReport::mismatch_count);
  f(Field::named("first"), &GateReport::first);
  f(Field::named("mismatches"), &GateReport::mismatches);
  f(Field::named("spot_checks"), &GateReport::spot_checks);
  f(Field::named("spot_check_failures"), &GateReport::spot_check_failures);
  f(Field::time("kernel_ms"), &GateReport::kernel_ms);
  f(Field::time("gflops"), &GateReport::gflops);
  f(Field::time("cublas_ms"), &GateReport::cublas_ms);
  f(Field::time("cublas_gflops"), &GateReport::cublas_gflops);
  f(Field::time("ratio_to_cublas"), &GateReport::ratio_to_cublas);
  f(Field::named("resources"), &GateReport::resources);
  f(Field::time("verdict_ms"), &GateReport::verdict_ms);
}

/// The file a report is saved in: either part may be absent.
struct ReportFile {
  /// 2: keyed by mnemonic, with tensor-core instruction probes, each cycles row's addresses and
  /// each error's kind. 3: with the wgmma, stmatrix, movmatrix and epilogue probes. Versions 1
  /// and 2 still open.
  static constexpr int kVersion = 3;
  /// The format version the file was written in (kVersion for results made in this process). A
  /// field this version does not have is "missing from an older report format version" when compared with
  /// a newer file, never a disagreement (report_diff.hpp).
  int version = kVersion;
  std::optional<ProbeReport> probe;
  std::optional<GateReport> gate;
};

}  // namespace fragviz
