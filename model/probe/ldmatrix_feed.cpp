#include "fragviz/probe/ldmatrix_feed.hpp"

#include "fragviz/util/words.hpp"

namespace fragviz {

namespace {

/// Writes the `bits` low bits of `value` at bit offset `bit` of `image` (little-endian bytes, as
/// shared memory holds them and a register receives them), ORed in; whole bytes at a time where
/// the field is byte-aligned.
void put_bits(std::vector<std::uint8_t>& image, std::size_t at, std::size_t bit, int bits,
              std::uint64_t value) {
  if (bit % 8 == 0 && bits % 8 == 0) {
    std::uint8_t* p = &image[at + bit / 8];
    for (int i = 0; i < bits / 8; ++i) p[i] |= static_cast<std::uint8_t>(value >> (8 * i));
    return;
  }
  for (int i = 0; i < bits; ++i) {
    const std::size_t b = bit + static_cast<std::size_t>(i);
    if ((value >> i) & 1u) image[at + b / 8] |= static_cast<std::uint8_t>(1u << (b % 8));
  }
}

/// Bit offset in a pass's image of element e of every lane ([lane * elements_per_lane + e]): where
/// the load's storage keeps the cell the catalogue places it in. The same for every pass.
std::vector<std::size_t> image_bit_offsets(const Instruction& in, Operand op, const FeedOperand& o) {
  std::vector<std::size_t> bit;
  const int epl = elements_per_lane(in, op);
  bit.reserve(static_cast<std::size_t>(kWarpSize * epl));
  for (int lane = 0; lane < kWarpSize; ++lane)
    for (int e = 0; e < epl; ++e) {
      const Coord s = stored_cell(*o.load, fragment_coord(in, op, lane, e));
      bit.push_back(static_cast<std::size_t>(s.row * o.stride_bytes) * 8 +
                    static_cast<std::size_t>(s.col) * static_cast<std::size_t>(o.load->element_bits));
    }
  return bit;
}

/// Every element's register slot of operand `op` (the same in every lane).
std::vector<RegisterSlot> element_slots(const Instruction& in, Operand op) {
  std::vector<RegisterSlot> slots(static_cast<std::size_t>(elements_per_lane(in, op)));
  for (std::size_t e = 0; e < slots.size(); ++e) slots[e] = register_slot(in, op, static_cast<int>(e));
  return slots;
}

/// The stored image of one pass of a loaded operand: each element of every lane's `words` (read
/// as element_bits_of reads them, through `slots` from element_slots()) written at its offset
/// from image_bit_offsets().
void append_image(std::vector<std::uint8_t>& images, const Instruction& in, Operand op, const FeedOperand& o,
                  const std::vector<std::size_t>& bit_offsets, const std::vector<RegisterSlot>& slots,
                  const std::uint32_t* words) {
  const std::size_t at = images.size();
  images.resize(at + static_cast<std::size_t>(o.image_bytes), 0);
  const int wpl = words_per_lane(in, op), bits = o.load->element_bits, epl = elements_per_lane(in, op);
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const std::uint32_t* lw = words + lane * wpl;
    for (int e = 0; e < epl; ++e) {
      const RegisterSlot& slot = slots[static_cast<std::size_t>(e)];
      std::uint64_t value = 0;
      if (slot.bits == 64) {
        value = static_cast<std::uint64_t>(lw[2 * slot.reg]) |
                (static_cast<std::uint64_t>(lw[2 * slot.reg + 1]) << 32);
      } else {
        const std::uint64_t mask = slot.bits == 32 ? 0xFFFFFFFFull : (1ull << slot.bits) - 1;
        value = (static_cast<std::uint64_t>(lw[slot.reg]) >> slot.bit) & mask;
      }
      if (value == 0) continue;  // the image starts zero and put_bits only sets bits
      // A value narrower than its container (.e2m1 in bits 2-5 of a byte) keeps its place in it.
      put_bits(
          images, at,
          bit_offsets[static_cast<std::size_t>(lane * epl + e)] + static_cast<std::size_t>(slot.bit % bits),
          slot.bits, value);
    }
  }
}

void append_label_image(std::vector<std::uint8_t>& images, const FeedOperand& o, int pass) {
  for (int i = 0; i < o.image_bytes; ++i)
    images.push_back(static_cast<std::uint8_t>(pass == 0 ? i & 0xFF : (i >> 8) & 0xFF));
}

/// Element checks of one loaded operand from the two byte passes' registers.
void check_bytes(const LdmatrixFeedPlan& plan, Operand op, const std::vector<std::uint32_t>& got,
                 std::vector<ElementCheck>& out) {
  const Instruction& in = *plan.instr;
  const FeedOperand& o = plan.operand(op);
  const int wpl = words_per_lane(in, op);
  for (int lane = 0; lane < kWarpSize; ++lane)
    for (int e = 0; e < elements_per_lane(in, op); ++e) {
      const RegisterSlot slot = register_slot(in, op, e);
      auto byte_of = [&](int pass) {
        const std::size_t w = static_cast<std::size_t>((pass * kWarpSize + lane) * wpl + slot.reg);
        return w < got.size() ? (got[w] >> (slot.bit / 8 * 8)) & 0xFFu : 0u;
      };
      ElementCheck c;
      c.operand = op;
      c.lane = lane;
      c.element = e;
      c.expected = fragment_coord(in, op, lane, e);
      c.raw = byte_of(0) | (byte_of(1) << 8);
      c.measured = decode_feed_label(o, c.raw, slot.bit);
      out.push_back(c);
    }
}

}  // namespace

std::string feed_problem(const Instruction& in) {
  if (fragment_load(in, Operand::A) || fragment_load(in, Operand::B)) return {};
  return "neither A nor B has an ldmatrix form (A: " + ldmatrix_problem(in, Operand::A) + ")";
}

FeedOperand feed_operand(const Instruction& in, Operand op) {
  FeedOperand o;
  o.load = fragment_load(in, op);
  if (!o.load) return o;
  o.stride_bytes = o.load->row_bytes() + 16;
  o.image_bytes = o.load->stored_rows * o.stride_bytes;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const Coord a = address_byte(*o.load, lane);
    o.lane_offsets[static_cast<std::size_t>(lane)] =
        static_cast<std::uint32_t>(a.row * o.stride_bytes + a.col);
  }
  return o;
}

LdmatrixFeedPlan plan_ldmatrix_feed(const Instruction& in) {
  LdmatrixFeedPlan plan;
  plan.instr = &in;
  plan.a = feed_operand(in, Operand::A);
  plan.b = feed_operand(in, Operand::B);
  plan.mma = plan_mma_probe(in);
  plan.passes = kFeedBytePasses + plan.mma.passes;
  const std::size_t wa = static_cast<std::size_t>(kWarpSize * words_per_lane(in, Operand::A));
  const std::size_t wb = static_cast<std::size_t>(kWarpSize * words_per_lane(in, Operand::B));
  const std::size_t wc = static_cast<std::size_t>(kWarpSize * words_per_lane(in, Operand::C));
  for (int p = 0; p < kFeedBytePasses; ++p) {
    if (plan.a.load) append_label_image(plan.a_images, plan.a, p);
    if (plan.b.load) append_label_image(plan.b_images, plan.b, p);
  }
  plan.a_words.assign(wa * kFeedBytePasses, 0);
  plan.b_words.assign(wb * kFeedBytePasses, 0);
  plan.c_words.assign(wc * kFeedBytePasses, 0);
  plan.a_words.insert(plan.a_words.end(), plan.mma.a.begin(), plan.mma.a.end());
  plan.b_words.insert(plan.b_words.end(), plan.mma.b.begin(), plan.mma.b.end());
  plan.c_words.insert(plan.c_words.end(), plan.mma.c.begin(), plan.mma.c.end());
  const std::vector<std::size_t> a_bits =
      plan.a.load ? image_bit_offsets(in, Operand::A, plan.a) : std::vector<std::size_t>();
  const std::vector<std::size_t> b_bits =
      plan.b.load ? image_bit_offsets(in, Operand::B, plan.b) : std::vector<std::size_t>();
  plan.a_images.reserve(plan.a_images.size() + static_cast<std::size_t>(plan.mma.passes) *
                                                   static_cast<std::size_t>(plan.a.image_bytes));
  plan.b_images.reserve(plan.b_images.size() + static_cast<std::size_t>(plan.mma.passes) *
                                                   static_cast<std::size_t>(plan.b.image_bytes));
  const std::vector<RegisterSlot> a_slots = element_slots(in, Operand::A);
  const std::vector<RegisterSlot> b_slots = element_slots(in, Operand::B);
  for (int p = 0; p < plan.mma.passes; ++p) {
    const std::size_t pass = static_cast<std::size_t>(p);
    if (plan.a.load)
      append_image(plan.a_images, in, Operand::A, plan.a, a_bits, a_slots, &plan.mma.a[pass * wa]);
    if (plan.b.load)
      append_image(plan.b_images, in, Operand::B, plan.b, b_bits, b_slots, &plan.mma.b[pass * wb]);
  }
  return plan;
}

std::optional<Coord> decode_feed_label(const FeedOperand& o, std::uint32_t label, int bit) {
  if (!o.load || label >= static_cast<std::uint32_t>(o.image_bytes)) return std::nullopt;
  const int row = static_cast<int>(label) / o.stride_bytes, byte = static_cast<int>(label) % o.stride_bytes;
  if (byte >= o.load->row_bytes()) return std::nullopt;  // a pad byte
  return operand_cell(*o.load, Coord{row, (byte * 8 + bit % 8) / o.load->element_bits});
}

LdmatrixFedProbe judge_ldmatrix_feed(const LdmatrixFeedPlan& plan, const std::vector<std::uint32_t>& d,
                                     const std::vector<std::uint32_t>& a_got,
                                     const std::vector<std::uint32_t>& b_got,
                                     const std::array<std::uint32_t, kWarpSize>& a_offsets,
                                     const std::array<std::uint32_t, kWarpSize>& b_offsets) {
  const Instruction& in = *plan.instr;
  LdmatrixFedProbe out;
  out.mnemonic = in.mnemonic;
  out.ran = true;
  out.a_addresses = a_offsets;
  out.b_addresses = b_offsets;
  if (plan.a.load) check_bytes(plan, Operand::A, a_got, out.bytes);
  if (plan.b.load) check_bytes(plan, Operand::B, b_got, out.bytes);
  const std::size_t skip =
      static_cast<std::size_t>(kFeedBytePasses * kWarpSize * words_per_lane(in, Operand::C));
  const std::vector<std::uint32_t> mma_d(d.begin() + static_cast<std::ptrdiff_t>(std::min(skip, d.size())),
                                         d.end());
  out.mma = judge_mma_probe(plan.mma, mma_d);
  if (!out.mma.ran) {
    out.ran = false;
    out.skipped = out.mma.skipped;
    out.bytes.clear();
  }
  return out;
}

std::string describe_fed_probe(const LdmatrixFedProbe& p) {
  std::string s = p.mnemonic + ": through ldmatrix";
  if (const Instruction* in = find_instruction(p.mnemonic)) {
    std::string loads;
    for (Operand op : {Operand::A, Operand::B})
      if (const auto l = fragment_load(*in, op))
        loads += std::string(loads.empty() ? "" : ", ") + std::string(to_string(op)) + " " +
                 ldmatrix_mnemonic(l->config);
    if (!loads.empty()) s += " (" + loads + ")";
  }
  if (!p.ran) return s + ": " + (p.skipped.empty() ? "not run" : p.skipped);
  int bad = 0;
  const ElementCheck* first = nullptr;
  for (const ElementCheck& e : p.bytes)
    if (!e.match() && bad++ == 0) first = &e;
  const int total = static_cast<int>(p.bytes.size());
  if (bad == 0) {
    s += ": all " + plural(total, "element") + " received from the stored bytes the PTX tables place";
  } else {
    s += ": " + std::to_string(bad) + " of " + plural(total, "element") +
         " received from other bytes; first: " + std::string(to_string(first->operand)) + " lane " +
         std::to_string(first->lane) + " element " + std::to_string(first->element) + ": expected (" +
         std::to_string(first->expected.row) + "," + std::to_string(first->expected.col) + "), received " +
         (first->measured
              ? "(" + std::to_string(first->measured->row) + "," + std::to_string(first->measured->col) + ")"
              : std::string("(none)")) +
         " from stored byte " + std::to_string(first->raw);
  }
  // describe_instruction_probe starts with the mnemonic: the mma part follows it.
  const std::string mma = describe_instruction_probe(p.mma);
  return s + "; mma" + mma.substr(std::min(mma.size(), p.mnemonic.size()));
}

}  // namespace fragviz
