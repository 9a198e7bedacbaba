// The cp.async fill probe's plan and judge (cta_fill_probe.hpp).
#include "fragviz/tile/cta_fill_probe.hpp"

#include <algorithm>
#include <unordered_map>

namespace fragviz::tile {

namespace {

constexpr std::uint8_t kPad = 0xFF;   // 0xFFFF / 0xFFFFFFFF: above every label the plan allows
constexpr std::int64_t kAccess = 16;  // cp.async's 16 bytes: both addresses aligned to them

Result<CtaFillProbePlan> refuse(const std::string& why) {
  return Result<CtaFillProbePlan>::fail(Refusal::bad_input, why);
}

/// The `bytes` bytes at `data`, little endian.
std::uint32_t read_le(const std::uint8_t* data, int bytes) {
  std::uint32_t v = 0;
  for (int b = bytes - 1; b >= 0; --b) v = (v << 8) | data[b];
  return v;
}

std::string hex(std::uint32_t v, int bytes) {
  static const char* digits = "0123456789abcdef";
  std::string s = "0x";
  for (int i = bytes * 2 - 1; i >= 0; --i) s += digits[(v >> (4 * i)) & 0xF];
  return s;
}

}  // namespace

Result<CtaFillProbePlan> plan_cta_fill_probe(const CtaTile& tile, Operand op) {
  const std::string name(to_string(op));
  if (op == Operand::C) return refuse("C has no global -> shared copy (the epilogue stores it)");
  const std::size_t i = op == Operand::A ? 0 : 1;
  if (!tile.gmem_copy[i]) return refuse("no global -> shared copy for " + name);
  if (!tile.smem[i]) return refuse("no shared layout for " + name);
  const GmemCopy& g = *tile.gmem_copy[i];
  const SmemLayout& layout = *tile.smem[i];

  CtaFillProbePlan p;
  p.operand = op;
  p.copy = g.text;
  p.atom = g.copy.atom.name;
  p.instruction = g.copy.atom.instruction;
  p.cache_global = p.instruction.rfind("cp.async.cg", 0) == 0;
  const int bits = g.copy.values.value_bits;
  if (bits == 8) return refuse(name + ": 8-bit elements are not probed yet (a label does not fit one byte)");
  if (bits != 16 && bits != 32)
    return refuse(name + ": " + std::to_string(bits) +
                  "-bit elements: the probe labels 16- and 32-bit elements");
  p.element_bytes = bits / 8;
  p.rows = g.extent[0];
  p.cols = g.extent[1];
  const std::int64_t max_label = bits == 16 ? 0xFFFE : 0xFFFFFFFEll;
  if (p.rows * p.cols > max_label)
    return refuse(name + ": " + std::to_string(p.rows) + " x " + std::to_string(p.cols) + " = " +
                  std::to_string(p.rows * p.cols) + " elements; a " + std::to_string(bits) +
                  "-bit label row * cols + col + 1 holds at most " + std::to_string(max_label));
  // The global image is compact: bounded like the shared one (a block's shared memory is far less).
  if (p.rows * p.cols * p.element_bytes > (std::int64_t{1} << 24))
    return refuse(name + ": " + std::to_string(p.rows * p.cols * p.element_bytes) +
                  " bytes of global tile; the probe copies at most 16 MiB");
  const std::int64_t threads = g.copy.threads();
  if (threads > 1024) return refuse(std::to_string(threads) + " threads: a CTA has at most 1024");
  p.threads = static_cast<int>(threads);
  p.instructions = static_cast<int>(g.instructions());
  p.vector = static_cast<int>(g.vector);

  p.copies = gmem_copy_addresses(g, layout);
  std::int64_t reach = 0;
  for (const GmemCopyAddress& a : p.copies) {
    if (a.src % kAccess != 0 || a.dst % kAccess != 0 || a.dst < 0 || a.dst > 0x7FFFFFFF)
      return refuse(name + ": thread " + std::to_string(a.thread) + " cp.async " +
                    std::to_string(a.instruction) + " (cell " + to_string(a.cell) + ") copies global byte " +
                    std::to_string(a.src) + " to shared byte " + std::to_string(a.dst) +
                    ", not both multiples of 16: " + p.instruction + " would fault (misaligned address)");
    p.sources.push_back(static_cast<std::uint32_t>(a.src));
    p.destinations.push_back(static_cast<std::uint32_t>(a.dst));
    reach = std::max(reach, a.dst + kAccess);
  }

  const std::int64_t global_bytes = p.rows * p.cols * p.element_bytes;
  p.global.assign(static_cast<std::size_t>((global_bytes + 15) / 16 * 16), kPad);
  for (std::int64_t r = 0; r < p.rows; ++r)
    for (std::int64_t c = 0; c < p.cols; ++c) {
      const std::uint32_t label = static_cast<std::uint32_t>(r * p.cols + c + 1);
      const std::int64_t at = g.global_byte(Cell{r, c});
      for (int b = 0; b < p.element_bytes; ++b)
        p.global[static_cast<std::size_t>(at + b)] = static_cast<std::uint8_t>(label >> (8 * b));
    }
  const std::vector<ByteOwner> owners = tile_byte_owners(layout);
  const std::int64_t size = std::max<std::int64_t>(reach, static_cast<std::int64_t>(owners.size()));
  p.shared_bytes = static_cast<std::uint32_t>((size + 15) / 16 * 16);
  p.layout_cells.assign(p.shared_bytes, -1);
  for (std::size_t b = 0; b < owners.size(); ++b)
    if (owners[b].cell >= 0 && owners[b].byte == 0) p.layout_cells[b] = owners[b].cell;
  return Result<CtaFillProbePlan>::ok(std::move(p));
}

std::string fill_probe_launch_problem(const CtaFillProbePlan& p, std::int64_t shared_limit) {
  if (p.threads < 1 || p.threads > 1024) return std::to_string(p.threads) + " threads: 1 to 1024";
  if (p.instructions < 1) return "no cp.async to issue";
  const std::int64_t shared = p.shared_bytes, global = static_cast<std::int64_t>(p.global.size());
  if (shared == 0 || shared % 16 != 0) return "the shared image is not a non-empty multiple of 16 bytes";
  if (shared > shared_limit)
    return "the shared image needs " + std::to_string(shared) +
           " bytes of shared memory; the device gives a block at most " + std::to_string(shared_limit);
  if (global == 0 || global % 16 != 0) return "the global image is not a non-empty multiple of 16 bytes";
  const std::size_t n = static_cast<std::size_t>(std::int64_t{p.threads} * p.instructions);
  if (p.sources.size() != n || p.destinations.size() != n)
    return "the plan has " + std::to_string(p.sources.size()) + " sources and " +
           std::to_string(p.destinations.size()) + " destinations, not threads x cp.async";
  for (std::size_t k = 0; k < n; ++k) {
    const std::string who = "thread " + std::to_string(k / static_cast<std::size_t>(p.instructions)) +
                            " cp.async " + std::to_string(k % static_cast<std::size_t>(p.instructions));
    const std::uint32_t s = p.sources[k], d = p.destinations[k];
    if (s % kAccess != 0 || std::int64_t{s} + kAccess > global)
      return who + ": global byte " + std::to_string(s) +
             (s % kAccess ? " is not a multiple of 16"
                          : " reads past the global image's " + std::to_string(global) + " bytes");
    if (d % kAccess != 0 || std::int64_t{d} + kAccess > shared)
      return who + ": shared byte " + std::to_string(d) +
             (d % kAccess ? " is not a multiple of 16"
                          : " writes past the shared image's " + std::to_string(shared) + " bytes");
  }
  if (p.layout_cells.size() != p.shared_bytes) return "the layout cells do not cover the shared image";
  if (p.element_bytes != 2 && p.element_bytes != 4) return "elements of 2 or 4 bytes only";
  if (p.vector * p.element_bytes != kAccess) return "a cp.async moves 16 bytes: the plan's vector does not";
  return "";
}

Result<CtaFillProbeVerdict> judge_cta_fill_probe(const CtaFillProbePlan& p,
                                                 const std::vector<std::uint32_t>& words) {
  using R = Result<CtaFillProbeVerdict>;
  if (!p.run_copies)
    return R::fail(Refusal::bad_input, "the plan's copies were off (a baseline): nothing to judge");
  if (static_cast<std::int64_t>(words.size()) != p.words())
    return R::fail(Refusal::bad_input, "the device returned " + std::to_string(words.size()) +
                                           " words, the plan " + std::to_string(p.words()));
  if (const std::string problem = fill_probe_launch_problem(p, p.shared_bytes); !problem.empty())
    return R::fail(Refusal::bad_input, "the plan: " + problem);
  const int eb = p.element_bytes;
  const std::int64_t labels = p.rows * p.cols;
  std::vector<std::uint8_t> image(words.size() * 4);
  for (std::size_t w = 0; w < words.size(); ++w)
    for (int b = 0; b < 4; ++b)
      image[4 * w + static_cast<std::size_t>(b)] = static_cast<std::uint8_t>(words[w] >> (8 * b));
  const std::uint32_t pad = eb == 2 ? 0xFFFFu : 0xFFFFFFFFu;
  const auto cell_of = [&](std::uint32_t raw) -> std::optional<Cell> {
    if (raw < 1 || raw > labels) return std::nullopt;
    return Cell{(raw - 1) / p.cols, (raw - 1) % p.cols};
  };
  const auto layout_cell = [&](std::int64_t byte) -> std::optional<Cell> {
    const std::int64_t c = p.layout_cells[static_cast<std::size_t>(byte)];
    if (c < 0) return std::nullopt;
    return Cell{c / p.cols, c % p.cols};
  };
  // The model: every value's global bytes land at its shared byte; two cp.async writing the same
  // bytes race, and either's bytes there agree with it.
  std::unordered_map<std::int64_t, std::vector<std::uint32_t>> predicted;
  for (std::size_t k = 0; k < p.sources.size(); ++k)
    for (int v = 0; v < p.vector; ++v)
      predicted[std::int64_t{p.destinations[k]} + v * eb].push_back(
          read_le(p.global.data() + p.sources[k] + v * eb, eb));

  CtaFillProbeVerdict out;
  out.operand = p.operand;
  out.element_bytes = eb;
  CtaFill& f = out.measured;
  f.operand = p.operand;
  f.threads = p.threads;
  f.instructions = p.instructions;
  f.vector = p.vector;
  const auto judge = [&](const CtaFillCell& where, const std::vector<std::uint32_t>& allowed) {
    CtaFillCell c = where;
    const std::uint32_t raw = read_le(image.data() + c.byte, eb);
    c.landed = cell_of(raw);
    c.expected = layout_cell(c.byte);
    f.add(c);
    if (std::find(allowed.begin(), allowed.end(), raw) != allowed.end()) return;
    ++out.model_disagreements;
    if (!out.first) out.first = FillProbeDisagreement{c, raw, allowed.front(), cell_of(allowed.front())};
  };
  for (std::size_t k = 0; k < p.copies.size(); ++k)
    for (int v = 0; v < p.vector; ++v) {
      CtaFillCell c;
      c.thread = p.copies[k].thread;
      c.instruction = p.copies[k].instruction;
      c.value = v;
      c.byte = std::int64_t{p.destinations[k]} + v * eb;
      judge(c, predicted[c.byte]);
    }
  // The layout's elements no cp.async writes: the model leaves them 0xFF.
  for (std::size_t b = 0; b < p.layout_cells.size(); ++b) {
    if (p.layout_cells[b] < 0 || predicted.count(static_cast<std::int64_t>(b))) continue;
    CtaFillCell c;
    c.byte = static_cast<std::int64_t>(b);
    judge(c, {pad});
  }
  return R::ok(std::move(out));
}

std::string CtaFillProbeVerdict::model_verdict() const {
  if (!first) return "all " + std::to_string(measured.cells) + " match the model";
  const CtaFillCell& c = first->cell;
  const auto cell = [&](std::uint32_t raw, const std::optional<Cell>& at) {
    return at ? to_string(*at) : "no element (" + hex(raw, element_bytes) + ")";
  };
  const std::string where = c.thread < 0 ? "byte " + std::to_string(c.byte) + " (no cp.async writes it)"
                                         : "thread " + std::to_string(c.thread) + " cp.async " +
                                               std::to_string(c.instruction) + " value " +
                                               std::to_string(c.value) + " to byte " + std::to_string(c.byte);
  return where + ": the GPU's shared memory holds " + cell(first->raw, c.landed) + ", the model predicted " +
         cell(first->predicted, first->predicted_cell) + " (" + std::to_string(model_disagreements) + " of " +
         std::to_string(measured.cells) + " differ)";
}

}  // namespace fragviz::tile
