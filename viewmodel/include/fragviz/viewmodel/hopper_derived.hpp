// Derived data of the Hopper views: every table the warpgroup, descriptor and matrix-move views
// draw, computed by the pure model (fragviz/isa/wgmma.hpp, smem_descriptor.hpp, matrix_move.hpp) from
// HopperState and the probe report, so a frame only reads arrays. No ImGui, no GL: the unit tests
// (tests/app/test_hopper_derived.cpp) check these tables against the PTX formulas by hand.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/matrix_move.hpp"
#include "fragviz/isa/smem_descriptor.hpp"
#include "fragviz/isa/wgmma.hpp"
#include "fragviz/report/report.hpp"
#include "fragviz/viewmodel/assets.hpp"
#include "fragviz/viewmodel/hopper_state.hpp"
#include "fragviz/viewmodel/status_tone.hpp"

namespace fragviz::app {

// [SECTION] the wgmma picker

/// The wgmma catalogue as the picker lists it: groups ("f16", "bf16", "tf32", "fp8", "s8/u8") in
/// catalogue order, inside each the type triples (".f32.bf16.bf16") in catalogue order, each
/// triple's entries by N.
struct WgmmaPickerOrder {
  struct Types {
    std::string name;          ///< "f32 += bf16 x bf16"
    std::vector<int> entries;  ///< indices into wgmma_catalogue(), by N
  };
  struct Group {
    std::string name;
    std::vector<Types> types;
  };
  std::vector<Group> groups;
};
const WgmmaPickerOrder& wgmma_picker_order();

/// The entry `mnemonic` names, or kDefaultWgmma's when it names none. Never null.
const WgmmaInstruction& wgmma_or_default(const std::string& mnemonic);

/// The wgmma entry for the mma.sync form the main views show, while the user has picked none.
struct FollowedWgmma {
  std::string mnemonic;  ///< wgmma_for_mma's entry, else kDefaultWgmma
  std::string note;      ///< "" when it has the form's types, else why not, as the view says it
};
/// FollowedWgmma for mma.sync form `instruction` (a catalogue name): wgmma_missing_types and what is
/// shown instead ("no wgmma form for .f64: showing m64n64k16.f32.bf16.bf16") where wgmma_for_mma
/// finds none.
FollowedWgmma wgmma_following(const std::string& instruction);
/// The mnemonic without "wgmma.mma_async.sync.aligned.".
std::string short_wgmma(const WgmmaInstruction& in);

// [SECTION] warpgroup view

/// One element of a register: bits [bit, bit + bits) hold element `element` at `coord`.
struct WgmmaField {
  int element = 0;
  int bit = 0, bits = 32;
  Coord coord{};  ///< (row, col) of D, or (row, k) of A
};
/// One 32-bit register of a thread, named by its elements (fragment_names.hpp): "{d5}" (an f32 D),
/// "{a4,a5}" (A from registers, .bf16).
struct WgmmaRegister {
  Operand operand = Operand::C;  ///< C stands for D
  int index = 0;
  std::string name;
  std::vector<WgmmaField> fields;
};

/// D (64 x N) or A (64 x K) of a wgmma entry: who owns each cell, and each thread's cells.
struct WgmmaGrid {
  Operand operand = Operand::C;
  ElemType type = ElemType::f32;
  int rows = 64, cols = 0;
  int per_thread = 0;                            ///< elements each thread holds
  int registers = 0;                             ///< 32-bit registers each thread holds
  std::vector<Owner> owner;                      ///< row-major (owner_table); lane = thread 0-127
  std::vector<std::vector<Coord>> thread_cells;  ///< [128][per_thread]
  const Owner& at(int row, int col) const {
    return owner[static_cast<std::size_t>(cell_index(rows, cols, Coord{row, col, 0}))];
  }
};

/// Both grids of one wgmma entry.
struct WarpgroupTable {
  const WgmmaInstruction* instr = nullptr;
  WgmmaGrid d, a;
};
WarpgroupTable make_warpgroup_table(const WgmmaInstruction& in);

/// The registers of warpgroup thread `thread`: D's (N/2 of them for a 32-bit D, N/4 packed f16x2
/// for an .f16 D), then A's four when A comes from registers: per register, which elements sit in
/// which bits and at which (row, col) / (row, k).
std::vector<WgmmaRegister> thread_registers(const WgmmaInstruction& in, int thread);

/// The colour of warpgroup thread `thread` (0-127): its warp's hue (palette.warps), lighter for
/// higher groupID (lane / 4) and tinted toward white by lane % 4, so neighbours differ.
Rgb warpgroup_thread_rgb(const Palette& p, int thread);

/// What a report measured of the warpgroup view's entry.
struct WarpgroupMeasured {
  bool report = false;                ///< a probe report is open
  bool hopper_in_report = false;      ///< it holds wgmma results at all (version 3)
  const WgmmaProbe* probe = nullptr;  ///< this entry's, when the report has it
  std::vector<std::uint8_t> d_state;  ///< per D cell (row-major): 0 not measured, 1 matches, 2 differs
  std::vector<std::uint8_t> a_state;  ///< per A cell
  std::vector<const ElementCheck*> d_check, a_check;  ///< by thread * per_thread + element
  int d_checked = 0, d_matched = 0, a_checked = 0, a_matched = 0;
  int descriptor_layouts = 0, descriptor_elements = 0, descriptor_matching = 0;
  /// The entry ran on the device (its cells carry marks).
  bool ran() const { return probe && probe->ran; }
  /// The mark of D (`d`) or A cell `cell` (row-major), as a CellMark's value: 0 none, 1 matches,
  /// 2 differs.
  std::uint8_t mark(bool d, std::size_t cell) const {
    const auto& v = d ? d_state : a_state;
    return cell < v.size() ? v[cell] : 0;
  }
};
WarpgroupMeasured measure_warpgroup(const WarpgroupTable& t, const ProbeReport* report);

// [SECTION] descriptor view

/// The layout the descriptor view shows: canonical_layout for the entry's operand, major-ness and
/// swizzle, with the user's LBO and SBO when `c.custom`.
SmemOperandLayout descriptor_layout(const WgmmaInstruction& in, const DescriptorControls& c);
/// Same type, major-ness, swizzle, LBO, SBO and extents.
bool same_layout(const SmemOperandLayout& a, const SmemOperandLayout& b);

/// One element of the operand in shared memory.
struct SmemElement {
  std::uint32_t address = 0;  ///< shared-window byte address (descriptor start + swizzled offset)
  CoreMatrixPlace place;
  int bank = 0;  ///< (address / 4) % 32
};

/// One 16-byte chunk (a core-matrix row) of the drawn rows.
struct SmemChunk {
  int elements = 0;  ///< operand elements stored in it (0: unused bytes)
  int core_mn = -1, core_k = -1, core_row = -1;
  int mn0 = 0, mn1 = 0, k0 = 0, k1 = 0;  ///< the (mn, k) range it holds, inclusive
};

/// The operand tile of the descriptor view: every element's address, and the 128-byte rows of
/// shared memory it occupies as 8 chunks each.
struct DescriptorTable {
  const WgmmaInstruction* instr = nullptr;
  DescriptorControls controls;
  SmemOperandLayout layout;
  std::uint32_t start = 0;
  std::optional<std::string> refusal;  ///< validate_layout's text; nothing else is filled then
  std::uint64_t bits = 0;              ///< the 64-bit descriptor
  std::vector<std::string> described;  ///< describe_descriptor(bits)
  std::vector<SmemElement> elements;   ///< index mn * k + k
  std::uint32_t base = 0;              ///< address of the first drawn row (start rounded down to 128)
  int rows = 0;                        ///< 128-byte rows drawn
  std::vector<SmemChunk> chunks;       ///< rows * 8
  std::vector<int> byte_element;       ///< rows * 128: element index at each byte, or -1
  int cores_mn = 0, cores_k = 0;       ///< core matrices along M/N and K
  const SmemElement& at(int mn, int k) const { return elements[static_cast<std::size_t>(mn * layout.k + k)]; }

  // Measured, from the report's DescriptorProbe of the same operand and layout whose start lies at
  // the same place in the swizzle pattern (start % 1024 equal): null when none.
  const DescriptorProbe* probe = nullptr;
  std::vector<std::int64_t> measured_offset;  ///< per element: measured byte - probe start; -1 none
  std::vector<std::uint8_t> state;            ///< per element: 0 not measured, 1 matches, 2 differs
  int checked = 0, matching = 0;
  /// Every layout the report probed for this entry and operand (to say which exist).
  std::vector<const DescriptorProbe*> probed;
};
DescriptorTable make_descriptor_table(const WgmmaInstruction& in, const DescriptorControls& c);
/// Fills the measured part of `t` from `report` (null: none).
void measure_descriptor(DescriptorTable& t, const ProbeReport* report);

/// "K-major 128B" and the like; "B K-major 128B" with the operand.
std::string layout_name(const SmemOperandLayout& l);

// [SECTION] matrix-move view

/// stmatrix over the tile the probes use: every tile cell with the (lane, register, half) stmatrix
/// stores there and the lane that supplies its row's address. Matrix j at rows 8(j%2), cols
/// 8(j/2), as the ldmatrix explorer draws it.
struct StmatrixTable {
  LdmatrixConfig config{};
  std::string mnemonic;
  int rows = 0, cols = 0;
  struct Cell {
    int lane = -1, reg = 0, half = 0;
    int address_lane = -1;
    std::uint8_t measured = 0;  ///< 0 not measured, 1 matches, 2 differs
    const MoveCheck* check = nullptr;
  };
  std::vector<Cell> cells;  ///< row-major
  const MatrixMoveProbe* probe = nullptr;
  int checked = 0, matching = 0;
  const Cell& at(int row, int col) const { return cells[static_cast<std::size_t>(row * cols + col)]; }
};
StmatrixTable make_stmatrix_table(LdmatrixConfig c, const ProbeReport* report);

/// What a stmatrix cell says, on screen and in its export alike (export/view_matrix_moves.cpp): the
/// lane that stores it ("T5") and the register half it comes from ("r2.hi"); the export wrote "T5 V5"
/// (an mma fragment's element index) where the screen said "r2.hi" (issue 22).
std::string stmatrix_lane_word(const StmatrixTable::Cell& c);
std::string stmatrix_register_word(const StmatrixTable::Cell& c);
/// Both words, as one line: "T5 r2.hi".
std::string stmatrix_cell_label(const StmatrixTable::Cell& c);
/// The cell at which the row address of `lane` (below address_lanes(num)) starts: matrix
/// lane / 8's row lane % 8, its first column. The view marks it with a bar in the lane's colour.
Coord stmatrix_row_start(int lane);

/// movmatrix: per destination (lane, half), the source (lane, half) it receives; positions are of
/// the 8x8 matrix M the source registers hold, in the fragment layout ldmatrix_element(false, ...).
struct MovmatrixTable {
  struct Half {
    LaneHalf source;  ///< movmatrix_source(lane, half)
    Coord before{};   ///< M's element this (lane, half) holds before: ldmatrix_element(false, lane, half)
    Coord after{};    ///< M's element it holds after: the source's, M^T's at `before`
    std::uint8_t measured = 0;
    const MoveCheck* check = nullptr;
  };
  std::array<std::array<Half, 2>, kWarpSize> lanes{};
  const MatrixMoveProbe* probe = nullptr;
  int checked = 0, matching = 0;
};
MovmatrixTable make_movmatrix_table(const ProbeReport* report);

/// One cell (row, col) of movmatrix's 8x8 before or after grid, as the view draws it and its export
/// writes it (export/view_matrix_moves.cpp): the register half whose place in the fragment layout
/// the cell is (the (lane, half) whose `before` is (row, col)), the lane whose colour it takes (its
/// own before; after, the source lane whose value it received), and its two words: the register
/// half ("T1.lo") and, before, M's element it holds ("M0,2"), after, where that came from ("<T8.lo").
/// The export wrote "T<lane> V<half>" where the screen said "T<lane>.<half>" (issue 22).
struct MovmatrixCell {
  int lane = 0, half = 0;
  int colour_lane = 0;
  std::string word, detail;
};
MovmatrixCell movmatrix_cell(const MovmatrixTable& t, bool after, int row, int col);
/// "T1.lo": lane `lane`'s register half `half` as the movmatrix page names it.
std::string movmatrix_half_word(int lane, int half);
/// Both words, as one line: "T1.lo <T8.lo", "T1.lo M0,2".
std::string movmatrix_cell_label(const MovmatrixCell& c);

/// One epilogue preset over its output tile (16 x 8*tiles, row-major): what stmatrix writes at
/// each cell and where that accumulator element belongs.
struct EpilogueTable {
  EpilogueStore store;
  const Instruction* mma = nullptr;
  int rows = 16, cols = 8;
  struct Cell {
    int lane = -1, reg = 0, half = 0;  ///< stmatrix register `reg`, half, of `lane`
    Coord fragment{};                  ///< where the accumulator element stored here belongs
    bool moved = false;                ///< fragment != this cell: the order puts it elsewhere
    std::uint8_t measured = 0;
    const MoveCheck* check = nullptr;
  };
  std::vector<Cell> cells;  ///< row-major by the stored position
  int order_differences = 0;
  const MatrixMoveProbe* probe = nullptr;
  int checked = 0, matching = 0;
  const Cell& at(int row, int col) const { return cells[static_cast<std::size_t>(row * cols + col)]; }
};
/// Null store name: the first preset.
EpilogueTable make_epilogue_table(const std::string& preset, const ProbeReport* report);

// [SECTION] what the views say about measurement

/// The warpgroup view's line, e.g. "measured on NVIDIA H200, sm_90: 4096 of 4096 D elements, 1024 of
/// 1024 A, descriptor B K-major 128B: 1024 of 1024 elements"; "model only: ..." where the report has
/// no measurement of the entry (or none is open). `shown` is the descriptor view's table, if open.
std::string warpgroup_measured_text(const std::string& label, const WarpgroupTable& t,
                                    const WarpgroupMeasured& m, const DescriptorTable* shown);
/// That line's tone, on the screen and in File > Export: bad where an element differs or the
/// random tile is not exact, good where the entry ran, dim otherwise (model only).
Tone warpgroup_measured_tone(const WarpgroupMeasured& m);
/// The descriptor view's line, e.g. "measured on NVIDIA H200, sm_90: B K-major 128B at start 0x2800:
/// 1024 of 1024 element addresses match"; "model only: ..." otherwise.
std::string descriptor_measured_text(const std::string& label, const DescriptorTable& t, bool report,
                                     bool hopper_in_report);
/// The matrix-move view's line for a probe (null: model only).
std::string move_measured_text(const std::string& label, const MatrixMoveProbe* p, int checked, int matching,
                               bool report, bool hopper_in_report, const std::string& what);

/// True when `r` holds Hopper results (a version 3 report has the arrays, even if empty, but a
/// report written without the Hopper probes has none).
bool report_has_hopper(const ProbeReport* r);

}  // namespace fragviz::app
