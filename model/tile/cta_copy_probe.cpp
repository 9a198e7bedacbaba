// The CTA copy probe's plan and judge (cta_copy_probe.hpp).
#include "fragviz/tile/cta_copy_probe.hpp"

#include <algorithm>
#include <unordered_map>

#include "fragviz/tile/copy_atoms.hpp"

namespace fragviz::tile {

namespace {

constexpr std::uint8_t kPad = 0xFF;  // 0xFFFF / 0xFFFFFFFF: above every label the plan allows

std::size_t index_of(Operand op) { return op == Operand::A ? 0 : op == Operand::B ? 1 : 2; }

Result<CtaCopyProbePlan> refuse(const std::string& why) {
  return Result<CtaCopyProbePlan>::fail(Refusal::bad_input, why);
}

std::string hex(std::uint32_t v, int bytes) {
  static const char* digits = "0123456789abcdef";
  std::string s = "0x";
  for (int i = bytes * 2 - 1; i >= 0; --i) s += digits[(v >> (4 * i)) & 0xF];
  return s;
}

/// The `bytes` bytes at `data`, little endian.
std::uint32_t read_le(const std::uint8_t* data, int bytes) {
  std::uint32_t v = 0;
  for (int b = bytes - 1; b >= 0; --b) v = (v << 8) | data[b];
  return v;
}

/// Which lanes' addresses ldmatrix .num reads (PTX ISA: threads 0-7 for .x1, 0-15 for .x2).
bool address_used(const CtaCopyProbePlan& p, std::int64_t thread) {
  return p.load != CopyProbeLoad::ldmatrix || thread % 32 < 8 * p.matrices;
}

/// The cell label `raw` names, or nullopt (pad, or no label of a rows * cols tile: `labels`).
std::optional<Cell> cell_of(std::uint32_t raw, std::int64_t labels, std::int64_t cols) {
  if (raw < 1 || raw > labels) return std::nullopt;
  return Cell{(raw - 1) / cols, (raw - 1) % cols};
}

/// Counts (thread, V) `v` into `join` with `moved` as the hardware's cell, its cell into `tally`.
void add_measured(CtaJoin& join, CtaCellTally& tally, const CopyProbeValue& v,
                  const std::optional<Cell>& moved) {
  CtaJoinCell c;
  c.thread = v.thread;
  c.reg = v.reg;
  c.k_block = v.k_block;
  c.expected = v.expected;
  c.moved = moved;
  c.byte = v.model_byte;
  c.instruction = v.instruction;
  c.register_byte = v.register_byte;
  ++join.cells;
  tally.add(c);
  if (!c.match()) {
    ++join.mismatches;
    if (!join.first) join.first = c;
  }
}

/// A store's verdict: `words` is the shared image after every thread's stores (checked plan).
CtaCopyProbeVerdict judge_store(const CtaCopyProbePlan& p, const std::vector<std::uint32_t>& words) {
  CtaCopyProbeVerdict out;
  out.operand = p.operand;
  out.store = true;
  out.threads = p.threads;
  out.measured.operand = p.operand;
  out.measured.store = true;
  const int eb = p.element_bytes;
  const std::int64_t labels = p.rows * p.cols;
  CtaCellTally tally;  // the distinct cells of the measured join
  std::vector<std::uint8_t> found(words.size() * 4);
  for (std::size_t w = 0; w < words.size(); ++w)
    for (int b = 0; b < 4; ++b)
      found[4 * w + static_cast<std::size_t>(b)] = static_cast<std::uint8_t>(words[w] >> (8 * b));
  const auto label_of = [&](const Cell& c) { return static_cast<std::uint32_t>(c.row * p.cols + c.col + 1); };
  // Two values the model stores to the same byte race: either label there agrees with the model.
  std::unordered_map<std::int64_t, std::vector<std::uint32_t>> stored_at;
  for (const CopyProbeValue& v : p.values) stored_at[v.model_byte].push_back(label_of(v.expected));
  // Where each label landed (its first element-aligned place), for a value not where the model says.
  std::unordered_map<std::uint32_t, std::int64_t> landed;
  for (std::size_t b = 0; b + static_cast<std::size_t>(eb) <= found.size();
       b += static_cast<std::size_t>(eb)) {
    const std::uint32_t raw = read_le(found.data() + b, eb);
    if (raw >= 1 && raw <= labels) landed.emplace(raw, static_cast<std::int64_t>(b));
  }
  const auto layout_cell = [&](std::int64_t byte) -> std::optional<Cell> {
    const std::int64_t cell = p.layout_cells[static_cast<std::size_t>(byte)];
    if (cell < 0) return std::nullopt;
    return Cell{cell / p.cols, cell % p.cols};
  };
  for (const CopyProbeValue& v : p.values) {
    const std::uint32_t label = label_of(v.expected);
    const bool inside = v.model_byte >= 0 && v.model_byte + eb <= static_cast<std::int64_t>(found.size());
    const std::uint32_t raw =
        inside ? read_le(found.data() + v.model_byte, eb) : (eb == 2 ? 0xFFFFu : 0xFFFFFFFFu);
    const std::vector<std::uint32_t>& allowed = stored_at[v.model_byte];
    const bool agrees = inside && std::find(allowed.begin(), allowed.end(), raw) != allowed.end();
    ++out.cells;
    if (!agrees) {
      ++out.model_disagreements;
      if (!out.first) out.first = CopyProbeDisagreement{v, cell_of(raw, labels, p.cols), raw, label};
    }
    // The hardware's `moved`: the layout's cell where this value's label is.
    std::optional<Cell> moved;
    if (raw == label) {
      moved = v.moved;
    } else if (const auto it = landed.find(label); it != landed.end()) {
      moved = layout_cell(it->second);
    }
    add_measured(out.measured, tally, v, moved);
  }
  tally.into(out.measured);
  return out;
}

}  // namespace

Result<CtaCopyProbePlan> plan_cta_copy_probe(const CtaTile& tile, Operand op) {
  const std::string name(to_string(op));
  const std::size_t i = index_of(op);
  const bool descriptor = (op == Operand::A && tile.mma.atom.a_source == OperandSource::descriptor) ||
                          (op == Operand::B && tile.mma.atom.b_source == OperandSource::descriptor);
  if (descriptor)
    return refuse(tile.mma.atom.name + " reads " + name + " through a descriptor: no copy to probe");
  if (!tile.copy[i]) return refuse("no copy for " + name);
  if (!tile.smem[i]) return refuse("no shared layout for " + name);
  const TiledCopy& copy = *tile.copy[i];
  const SmemLayout& layout = *tile.smem[i];

  CtaCopyProbePlan p;
  p.operand = op;
  p.store = op == Operand::C;
  p.copy = copy.atom.name;
  const int bits = copy.values.value_bits;
  const CopyKind matrix = p.store ? CopyKind::stmatrix : CopyKind::ldmatrix;
  if (copy.atom.kind == matrix) {
    p.load = CopyProbeLoad::ldmatrix;
    p.matrices = copy.atom.matrices;
    p.trans = copy.atom.trans;
    p.registers = p.matrices;
    p.access_bytes = 16;
    p.instruction = copy.atom.instruction;
  } else if (copy.atom.kind == CopyKind::universal && copy.atom.instruction.empty()) {
    const std::int64_t vector_bits = (p.store ? copy.values.num_val_dst : copy.values.num_val_src) * bits;
    const std::string verb = p.store ? "st" : "ld";
    if (vector_bits != 32 && vector_bits != 64 && vector_bits != 128)
      return refuse(p.copy + " moves " + std::to_string(vector_bits) +
                    "-bit vectors: the probe issues 32-, 64- and 128-bit shared " +
                    (p.store ? "stores" : "loads"));
    p.load = vector_bits == 32   ? CopyProbeLoad::lds32
             : vector_bits == 64 ? CopyProbeLoad::lds64
                                 : CopyProbeLoad::lds128;
    p.registers = static_cast<int>(vector_bits / 32);
    p.access_bytes = static_cast<int>(vector_bits / 8);
    p.instruction = verb + (vector_bits == 32   ? ".shared.b32"
                            : vector_bits == 64 ? ".shared.v2.b32"
                                                : ".shared.v4.b32");
  } else if (p.store) {
    return refuse(p.copy + " for C is no store from registers into shared memory (" +
                  (copy.atom.kind == CopyKind::ldmatrix ? "ldmatrix loads" : "cp.async reads global memory") +
                  "): not probed");
  } else {
    return refuse(
        p.copy + " for " + name + " is no load from shared memory into registers (" +
        (copy.atom.kind == CopyKind::stmatrix ? "stmatrix stores" : "cp.async writes shared memory") +
        "): not probed yet");
  }
  if (bits == 8) return refuse(name + ": 8-bit elements are not probed yet (a label does not fit one byte)");
  if (bits != 16 && bits != 32)
    return refuse(name + ": " + std::to_string(bits) +
                  "-bit elements: the probe labels 16- and 32-bit elements");
  p.element_bytes = bits / 8;
  const auto extent = tile.extent(op);
  p.rows = extent[0];
  p.cols = extent[1];
  const std::int64_t max_label = bits == 16 ? 0xFFFE : 0xFFFFFFFEll;
  if (p.rows * p.cols > max_label)
    return refuse(name + ": " + std::to_string(p.rows) + " x " + std::to_string(p.cols) + " = " +
                  std::to_string(p.rows * p.cols) + " elements; a " + std::to_string(bits) +
                  "-bit label row * cols + col + 1 holds at most " + std::to_string(max_label));
  const std::int64_t threads = copy.threads();
  if (threads > 1024) return refuse(std::to_string(threads) + " threads: a CTA has at most 1024");
  if (p.load == CopyProbeLoad::ldmatrix && threads % 32 != 0)
    return refuse(std::to_string(threads) + " threads: " + (p.store ? "stmatrix" : "ldmatrix") +
                  " is warp-wide and needs whole warps");
  p.threads = static_cast<int>(threads);

  // The model's join over this operand alone: every (thread, V) with its instruction and bytes.
  CtaTile alone = tile;
  for (std::size_t j = 0; j < 3; ++j)
    if (j != i) {
      alone.copy[j].reset();
      alone.smem[j].reset();
    }
  alone.spec.reuse_c_as_a = false;
  // The probe measures the copy itself: a register swap after it (CtaTile::swap) is not its work.
  alone.spec.register_swap.clear();
  alone.swap.reset();
  CtaOptions options;
  options.suggest = false;
  options.keep_cells = true;
  const auto report = analyze_cta_tile(alone, options);
  if (!report) return refuse(report.message);
  const auto& join = report->operands[i].join;
  if (!join) return refuse(report->operands[i].skipped);

  // Every thread's addresses: cta_copy_addresses lists them tile1, tile0, thread, call.
  const std::vector<CopyAddress> all = cta_copy_addresses(tile, op);
  if (all.empty() || all.size() % static_cast<std::size_t>(threads) != 0)
    return refuse(name + ": the copy gives no address per thread");
  const std::int64_t per_thread = static_cast<std::int64_t>(all.size()) / threads;
  const std::int64_t calls = all.back().call + 1;
  p.instructions = static_cast<int>(per_thread);
  p.addresses.assign(all.size(), 0);
  std::int64_t reach = 0;
  for (std::size_t n = 0; n < all.size(); ++n) {
    const CopyAddress& a = all[n];
    const std::int64_t instruction = n / static_cast<std::size_t>(threads * calls) * calls + a.call;
    const bool bad = a.byte < 0 || a.byte % p.access_bytes != 0 || a.byte > 0x7FFFFFFF;
    if (bad && address_used(p, a.thread))
      return refuse(name + ": thread " + std::to_string(a.thread) + " instruction " +
                    std::to_string(instruction) + " (k-block " + std::to_string(a.k_block) + ", cell " +
                    to_string(a.cell) + ") gives byte " + std::to_string(a.byte) + ", not " +
                    (a.byte < 0 ? "inside the tile" : "a multiple of " + std::to_string(p.access_bytes)) +
                    ": " + p.instruction + " would fault (misaligned address)");
    if (bad) continue;  // an address the instruction ignores: 0 stands in
    p.addresses[static_cast<std::size_t>(a.thread * per_thread + instruction)] =
        static_cast<std::uint32_t>(a.byte);
    reach = std::max(reach, a.byte + p.access_bytes);
  }

  // The image: a load's holds tile_byte_owners' labels (overlaps keep the later write, as the model
  // does); a store's starts as pad everywhere and keeps where each element begins, for the judge.
  const std::vector<ByteOwner> owners = tile_byte_owners(layout);
  const std::int64_t size = std::max<std::int64_t>(reach, static_cast<std::int64_t>(owners.size()));
  p.image.assign(static_cast<std::size_t>((size + 15) / 16 * 16), kPad);
  if (p.store) p.layout_cells.assign(p.image.size(), -1);
  for (std::size_t b = 0; b < owners.size(); ++b) {
    if (owners[b].cell < 0) continue;
    if (p.store) {
      if (owners[b].byte == 0) p.layout_cells[b] = owners[b].cell;
      continue;
    }
    const std::uint32_t label = static_cast<std::uint32_t>(owners[b].cell) + 1;
    p.image[b] = static_cast<std::uint8_t>(label >> (8 * owners[b].byte));
  }

  p.values.reserve(join->all.size());
  for (const CtaJoinCell& c : join->all) {
    CopyProbeValue v;
    v.thread = c.thread;
    v.reg = c.reg;
    v.k_block = c.k_block;
    v.instruction = c.instruction;
    v.register_byte = c.register_byte;
    v.model_byte = c.byte;
    v.expected = c.expected;
    v.moved = c.moved;
    p.values.push_back(v);
  }
  if (p.store) {  // each value's register bytes hold its MMA cell's label; the others pad
    p.sources.assign(static_cast<std::size_t>(std::int64_t{p.threads} * p.instructions * p.registers),
                     0xFFFFFFFFu);
    for (const CopyProbeValue& v : p.values) {
      const std::uint32_t label = static_cast<std::uint32_t>(v.expected.row * p.cols + v.expected.col + 1);
      const std::size_t word = static_cast<std::size_t>(
          (v.thread * p.instructions + v.instruction) * p.registers + v.register_byte / 4);
      if (v.register_byte < 0 || word >= p.sources.size()) continue;  // copy_probe_launch_problem names it
      for (int b = 0; b < p.element_bytes; ++b) {
        const int shift = 8 * static_cast<int>((v.register_byte + b) % 4);
        p.sources[word] = (p.sources[word] & ~(0xFFu << shift)) | (((label >> (8 * b)) & 0xFFu) << shift);
      }
    }
  }
  return Result<CtaCopyProbePlan>::ok(std::move(p));
}

std::string copy_probe_launch_problem(const CtaCopyProbePlan& p, std::int64_t shared_limit) {
  if (p.threads < 1 || p.threads > 1024) return std::to_string(p.threads) + " threads: 1 to 1024";
  const bool ldm = p.load == CopyProbeLoad::ldmatrix;
  if (ldm && p.threads % 32 != 0) return "ldmatrix needs whole warps";
  const int registers = ldm                              ? p.matrices
                        : p.load == CopyProbeLoad::lds32 ? 1
                        : p.load == CopyProbeLoad::lds64 ? 2
                                                         : 4;
  const int access = ldm ? 16 : 4 * registers;
  if (ldm && registers != 1 && registers != 2 && registers != 4) return "ldmatrix .num is 1, 2 or 4";
  if (p.registers != registers || p.access_bytes != access)
    return "the plan's registers or access do not fit " + p.instruction;
  if (p.instructions < 1) return "no instruction to issue";
  const std::int64_t bytes = static_cast<std::int64_t>(p.image.size());
  if (bytes == 0 || bytes % 16 != 0) return "the image is not a non-empty multiple of 16 bytes";
  if (bytes > shared_limit)
    return "the image needs " + std::to_string(bytes) +
           " bytes of shared memory; the device gives a block at most " + std::to_string(shared_limit);
  if (static_cast<std::int64_t>(p.addresses.size()) != std::int64_t{p.threads} * p.instructions)
    return "the plan has " + std::to_string(p.addresses.size()) + " addresses, not threads x instructions";
  for (std::size_t n = 0; n < p.addresses.size(); ++n) {
    const std::uint32_t a = p.addresses[n];
    if (a % static_cast<std::uint32_t>(access) != 0 || std::int64_t{a} + access > bytes)
      return "thread " + std::to_string(n / static_cast<std::size_t>(p.instructions)) + " instruction " +
             std::to_string(n % static_cast<std::size_t>(p.instructions)) + ": byte " + std::to_string(a) +
             (a % static_cast<std::uint32_t>(access)
                  ? " is not a multiple of " + std::to_string(access)
                  : " reads past the image's " + std::to_string(bytes) + " bytes");
  }
  for (const CopyProbeValue& v : p.values)
    if (v.thread < 0 || v.thread >= p.threads || v.instruction < 0 || v.instruction >= p.instructions ||
        v.register_byte < 0 || v.register_byte + p.element_bytes > 4 * p.registers)
      return "thread " + std::to_string(v.thread) + " V" + std::to_string(v.reg) + " points at no register";
  if (p.store &&
      static_cast<std::int64_t>(p.sources.size()) != std::int64_t{p.threads} * p.instructions * p.registers)
    return "the store has " + std::to_string(p.sources.size()) +
           " source registers, not threads x instructions x registers";
  if (p.store && p.layout_cells.size() != p.image.size())
    return "the store's layout cells do not cover the image";
  if (p.element_bytes != 2 && p.element_bytes != 4) return "elements of 2 or 4 bytes only";
  return "";
}

Result<CtaCopyProbeVerdict> judge_cta_copy_probe(const CtaCopyProbePlan& p,
                                                 const std::vector<std::uint32_t>& words) {
  using R = Result<CtaCopyProbeVerdict>;
  if (!p.run_copies)
    return R::fail(Refusal::bad_input, "the plan's copies were off (a baseline): nothing to judge");
  if (static_cast<std::int64_t>(words.size()) != p.words())
    return R::fail(Refusal::bad_input, "the device returned " + std::to_string(words.size()) +
                                           " words, the plan " + std::to_string(p.words()));
  if (const std::string problem = copy_probe_launch_problem(p, static_cast<std::int64_t>(p.image.size()));
      !problem.empty())
    return R::fail(Refusal::bad_input, "the plan: " + problem);
  if (p.store) return R::ok(judge_store(p, words));
  CtaCopyProbeVerdict out;
  out.operand = p.operand;
  out.threads = p.threads;
  out.measured.operand = p.operand;
  out.measured.store = false;
  const int eb = p.element_bytes;
  const std::int64_t labels = p.rows * p.cols;
  CtaCellTally tally;  // the distinct cells of the measured join
  std::vector<std::uint8_t> result(static_cast<std::size_t>(4 * p.registers));
  for (const CopyProbeValue& v : p.values) {
    const std::size_t first =
        static_cast<std::size_t>((v.thread * p.instructions + v.instruction) * p.registers);
    for (int r = 0; r < p.registers; ++r)
      for (int b = 0; b < 4; ++b)
        result[static_cast<std::size_t>(4 * r + b)] =
            static_cast<std::uint8_t>(words[first + static_cast<std::size_t>(r)] >> (8 * b));
    const std::uint32_t raw = read_le(result.data() + v.register_byte, eb);
    std::uint32_t predicted = eb == 2 ? 0xFFFFu : 0xFFFFFFFFu;
    if (v.model_byte >= 0 && v.model_byte + eb <= static_cast<std::int64_t>(p.image.size()))
      predicted = read_le(p.image.data() + v.model_byte, eb);
    // The model's bytes exactly: its reading of them (a pad or an element's middle is no cell).
    std::optional<Cell> delivered = v.moved;
    if (raw != predicted) delivered = cell_of(raw, labels, p.cols);
    ++out.cells;
    if (raw != predicted) {
      ++out.model_disagreements;
      if (!out.first) out.first = CopyProbeDisagreement{v, delivered, raw, predicted};
    }
    add_measured(out.measured, tally, v, delivered);
  }
  tally.into(out.measured);
  return R::ok(std::move(out));
}

std::string CtaCopyProbeVerdict::model_verdict() const {
  if (!first) return "all " + std::to_string(cells) + " match the model";
  const CopyProbeValue& v = first->value;
  const auto cell = [](const std::optional<Cell>& c, std::uint32_t raw) {
    return c ? to_string(*c) : "no element (" + hex(raw, 4) + ")";
  };
  if (store)
    return "thread " + std::to_string(v.thread) + " V" + std::to_string(v.reg) + " (instruction " +
           std::to_string(v.instruction) + ", register " + std::to_string(v.register_byte / 4) + ", byte " +
           std::to_string(v.register_byte % 4) + ") to byte " + std::to_string(v.model_byte) +
           ": the GPU's shared memory holds " + cell(first->delivered, first->raw) +
           ", the model predicted " + to_string(v.expected) + " (" + std::to_string(model_disagreements) +
           " of " + std::to_string(cells) + " differ)";
  return "thread " + std::to_string(v.thread) + " V" + std::to_string(v.reg) + " (instruction " +
         std::to_string(v.instruction) + ", register " + std::to_string(v.register_byte / 4) + ", byte " +
         std::to_string(v.register_byte % 4) + "): the GPU delivered " + cell(first->delivered, first->raw) +
         ", the model predicted " + cell(v.moved, first->predicted) + " from byte " +
         std::to_string(v.model_byte) + " (" + std::to_string(model_disagreements) + " of " +
         std::to_string(cells) + " differ)";
}

}  // namespace fragviz::tile
