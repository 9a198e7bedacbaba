// `fragviz-cli tiled` in CTA mode (tiled_cta.hpp): the TiledMMA, each operand's copy and shared
// layout, the join through the layout (first wrong value named), and the bank table per warp and
// k-block in Nsight Compute's terms, with a swizzle suggested where an operand conflicts.
#include <iomanip>
#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "fragviz/report/tiled_report.hpp"
#include "fragviz/tile/copy_text.hpp"
#include "fragviz/tile/cta_presets.hpp"
#include "fragviz/util/whole_file.hpp"
#include "probe_layout.hpp"
#include "tiled_cta.hpp"
#include "tiled_cta_device.hpp"
#include "tiled_cta_ncu.hpp"

namespace fragviz::cli {
namespace {

const Operand kOperands[] = {Operand::A, Operand::B, Operand::C};

const char* coordinates(Operand op) {
  return op == Operand::A ? "(m,k)" : op == Operand::B ? "(n,k)" : "(m,n)";
}
const char* extent_words(Operand op) {
  return op == Operand::A ? "M x K" : op == Operand::B ? "N x K" : "M x N";
}

std::string k_block_text(int k) { return k < 0 ? "epilogue" : std::to_string(k); }

std::string q(const std::string& s) { return json_string(s); }

std::string cell_json(const tile::Cell& c) {
  return "[" + std::to_string(c.row) + "," + std::to_string(c.col) + "]";
}

std::string bank_row_json(const tile::WarpBanks& r) {
  std::ostringstream s;
  s << "{\"warp\":" << r.warp << ",\"k_block\":" << r.k_block << ",\"instructions\":" << r.instructions
    << ",\"wavefronts\":" << r.wavefronts << ",\"ideal_wavefronts\":" << r.ideal
    << ",\"bank_conflicts\":" << r.conflicts << ",\"misaligned\":" << r.misaligned << "}";
  return s.str();
}

/// A bank table's JSON object (an operand's "banks", a .ca fill's "fill_banks").
std::string banks_json(const tile::CtaBanks& b) {
  std::ostringstream s;
  s << "{\"instruction\": " << q(b.instruction) << ", \"note\": " << q(b.note)
    << ", \"instructions\": " << b.instructions << ", \"wavefronts\": " << b.wavefronts
    << ", \"ideal_wavefronts\": " << b.ideal << ", \"bank_conflicts\": " << b.conflicts
    << ", \"misaligned\": " << b.misaligned;
  if (b.whole_k) s << ", \"whole_k\": true";
  s << ",\n       \"per_k_block\": [";
  for (std::size_t k = 0; k < b.per_k_block.size(); ++k)
    s << (k ? "," : "") << bank_row_json(b.per_k_block[k]);
  s << "],\n       \"per_warp\": [";
  for (std::size_t k = 0; k < b.rows.size(); ++k)
    s << (k ? ",\n         " : "\n         ") << bank_row_json(b.rows[k]);
  s << "]}";
  return s.str();
}

/// `object` (a JSON object's text) with `"ncu": <the copy's object>` added where --ncu measured `copy`.
std::string with_ncu(std::string object, const std::vector<tile::CtaNcuCopy>& ncu, const std::string& copy) {
  for (const tile::CtaNcuCopy& c : ncu)
    if (c.copy == copy && !object.empty() && object.back() == '}') {
      object.pop_back();
      return object + ", \"ncu\": " + ncu_json(c) + "}";
    }
  return object;
}

std::string report_json(const CtaCliOptions& o, const tile::CtaTile& t, const tile::CtaReport& r,
                        const std::optional<CtaDeviceResult>& measured,
                        const std::vector<tile::CtaNcuCopy>& ncu) {
  std::ostringstream s;
  s << "{\n  \"format\": " << q(kTiledReportFormat) << ",\n  \"version\": " << kTiledReportVersion
    << ",\n  \"preset\": " << q(o.preset) << ",\n  \"mma\": " << q(t.mma.atom.name)
    << ",\n  \"instruction\": " << q(t.mma.atom.mnemonic)
    << ",\n  \"atoms\": " << q(algebra::to_string(t.mma.atom_layout_mnk))
    << ",\n  \"permutation\": " << q(tile::permutation_text(t.mma.permutation))
    << ",\n  \"threads\": " << t.mma.threads() << ",\n  \"mma_tile\": [" << t.mma.tile_mnk[0] << ","
    << t.mma.tile_mnk[1] << "," << t.mma.tile_mnk[2] << "],\n  \"cta_tile\": [" << t.tile_mnk[0] << ","
    << t.tile_mnk[1] << "," << t.tile_mnk[2] << "],\n  \"k_block\": " << t.k_block
    << ",\n  \"register_swap\": " << q(t.swap ? t.swap->text() : "") << ",\n  \"operands\": [";
  for (std::size_t i = 0; i < 3; ++i) {
    const tile::CtaOperandReport& op = r.operands[i];
    s << (i ? "," : "") << "\n    {\"operand\": " << q(std::string(to_string(op.operand)));
    // The copy as typed where it is the user's make_tiled_copy (the atom alone would hide THR, VAL).
    s << ", \"copy\": "
      << q(!t.copy[i]                                 ? ""
           : tile::is_make_tiled_copy(t.spec.copy[i]) ? t.spec.copy[i]
                                                      : t.copy[i]->atom.name);
    s << ", \"layout\": " << q(t.smem[i] ? t.smem[i]->notation : "");
    if (i < 2) s << ", \"gmem_copy\": " << q(t.gmem_copy[i] ? t.gmem_copy[i]->text : "");
    // The MMA's (thread, value) -> index of the operand, and the copy's TiledLayout_TV.
    s << ",\n     \"layout_tv\": " << q(algebra::to_string(tile::layout_tv(t.mma, op.operand)))
      << ", \"copy_layout_tv\": " << q(t.copy[i] ? algebra::to_string(t.copy[i]->layout_tv) : "");
    if (!op.skipped.empty()) s << ", \"skipped\": " << q(op.skipped);
    if (op.join) {
      const tile::CtaJoin& j = *op.join;
      s << ",\n     \"join\": {\"cells\": " << j.cells << ", \"mismatches\": " << j.mismatches
        << ", \"verdict\": " << q(j.verdict(t.mma.threads()));
      if (j.first)
        s << ", \"first_mismatch\": {\"thread\": " << j.first->thread << ", \"value\": " << j.first->reg
          << ", \"k_block\": " << j.first->k_block << ", \"byte\": " << j.first->byte
          << ", \"moved\": " << (j.first->moved ? cell_json(*j.first->moved) : "null")
          << ", \"read\": " << (j.first->read() ? cell_json(*j.first->read()) : "null")
          << ", \"expected\": " << cell_json(j.first->expected) << "}";
      s << "}";
    }
    const std::string name(to_string(op.operand));
    if (measured)
      s << ",\n     \"device\": "
        << with_ncu(measured_json(*measured, i, t.mma.threads()), ncu, name + (i == 2 ? " store" : " load"));
    if (op.fill) s << ",\n     \"fill\": " << fill_json(*op.fill);
    if (measured && i < 2 && measured->fills[i].attempted)
      s << ",\n     \"fill_device\": " << with_ncu(fill_device_json(*measured, i), ncu, name + " fill");
    if (op.fill_banks) s << ",\n     \"fill_banks\": " << banks_json(*op.fill_banks);
    if (!op.fill_no_banks.empty()) s << ",\n     \"fill_no_banks\": " << q(op.fill_no_banks);
    if (op.banks) s << ",\n     \"banks\": " << banks_json(*op.banks);
    if (op.suggestion)
      s << ",\n     \"suggestion\": {\"layout\": " << q(op.suggestion->notation)
        << ", \"wavefronts\": " << op.suggestion->wavefronts
        << ", \"ideal_wavefronts\": " << op.suggestion->ideal
        << ", \"bank_conflicts\": " << op.suggestion->conflicts << "}";
    if (op.descriptors) {
      s << ",\n     \"descriptors\": {\"verdict\": " << q(op.descriptors->verdict) << ", \"slices\": [";
      for (std::size_t k = 0; k < op.descriptors->slices.size(); ++k) {
        const tile::DescriptorSlice& d = op.descriptors->slices[k];
        s << (k ? "," : "") << "{\"slice\": " << d.slice << ", \"k_block\": " << d.k_block
          << ", \"start\": " << d.descriptor.start_address
          << ", \"lbo\": " << d.descriptor.leading_byte_offset
          << ", \"sbo\": " << d.descriptor.stride_byte_offset
          << ", \"swizzle\": " << q(std::string(to_string(d.descriptor.swizzle)))
          << ", \"mismatches\": " << d.mismatches << "}";
      }
      s << "]}";
    }
    s << "}";
  }
  s << "\n  ]";
  if (measured) s << ",\n  \"tiled_mma\": " << mma_json(*measured);
  if (measured) s << ",\n  \"device\": " << device_json(measured->device);
  if (r.reuse)
    s << ",\n  \"reuse_c_as_a\": {\"conversion\": " << q(r.reuse->conversion)
      << ", \"cells\": " << r.reuse->cells << ", \"mismatches\": " << r.reuse->mismatches
      << ", \"verdict\": " << q(r.reuse->verdict(t.mma.threads())) << "}";
  s << "\n}\n";
  return s.str();
}

/// `b` as a table under the operand: `label` ("banks", "fill banks") and the instruction, then a row
/// per warp and k-block ("all" for a fill counted over the whole K), per k-block and in total.
void print_bank_table(const tile::CtaBanks& b, const char* label = "banks") {
  std::cout << "  " << label << ": " << b.instruction << "\n";
  if (!b.note.empty()) std::cout << "    (" << b.note << ")\n";
  std::cout << "    Nsight Compute: " << wavefronts_metric(b.op) << ", " << bank_conflicts_metric(b.op)
            << "\n";
  std::cout << "    warp  k-block   instructions  wavefronts  ideal  bank conflicts"
            << (b.misaligned ? "  misaligned" : "") << "\n";
  const auto line = [&](const std::string& warp, const std::string& k, const tile::WarpBanks& r) {
    std::cout << "    " << std::setw(4) << warp << "  " << std::setw(8) << k << "  " << std::setw(13)
              << r.instructions << "  " << std::setw(10) << tile::bank_count_cell(r, r.wavefronts) << "  "
              << std::setw(5) << tile::bank_count_cell(r, r.ideal) << "  " << std::setw(14)
              << tile::bank_count_cell(r, r.conflicts);
    if (b.misaligned) std::cout << "  " << std::setw(10) << r.misaligned;
    std::cout << "\n";
  };
  for (const tile::WarpBanks& r : b.rows)
    line(std::to_string(r.warp), b.whole_k ? "all" : k_block_text(r.k_block), r);
  if (b.per_k_block.size() > 1)
    for (const tile::WarpBanks& r : b.per_k_block) line("all", k_block_text(r.k_block), r);
  tile::WarpBanks total;
  total.instructions = b.instructions;
  total.wavefronts = b.wavefronts;
  total.ideal = b.ideal;
  total.conflicts = b.conflicts;
  total.misaligned = b.misaligned;
  line("all", "all", total);
  if (b.misaligned) std::cout << "    " << tile::kMisalignedNote << "\n";
}

int print_csv(const CtaCliOptions& o, const tile::CtaReport& r) {
  if (o.thread >= 0) {
    // read_row/read_col: what the MMA reads from the register, moved_* unless a register swap fed it.
    std::cout << "operand,thread,value,k_block,row,col,moved_row,moved_col,byte,match,read_row,read_col\n";
    for (const tile::CtaOperandReport& op : r.operands) {
      if (!op.join) continue;
      for (const tile::CtaJoinCell& c : op.join->all) {
        if (c.thread != o.thread) continue;
        std::cout << to_string(op.operand) << "," << c.thread << "," << c.reg << "," << c.k_block << ","
                  << c.expected.row << "," << c.expected.col << ",";
        if (c.moved)
          std::cout << c.moved->row << "," << c.moved->col;
        else
          std::cout << ",";
        std::cout << "," << c.byte << "," << (c.match() ? "yes" : "no") << ",";
        if (c.read())
          std::cout << c.read()->row << "," << c.read()->col;
        else
          std::cout << ",";
        std::cout << "\n";
      }
    }
  } else {
    std::cout << "operand,warp,k_block,instructions,wavefronts,ideal_wavefronts,bank_conflicts,misaligned\n";
    for (const tile::CtaOperandReport& op : r.operands) {
      if (!op.banks) continue;
      for (const tile::WarpBanks& b : op.banks->rows)
        std::cout << to_string(op.operand) << "," << b.warp << "," << b.k_block << "," << b.instructions
                  << "," << b.wavefronts << "," << b.ideal << "," << b.conflicts << "," << b.misaligned
                  << "\n";
    }
    // A .ca fill's rows after the loads' and the store's, operand "A fill" / "B fill".
    for (const tile::CtaOperandReport& op : r.operands) {
      if (!op.fill_banks) continue;
      for (const tile::WarpBanks& b : op.fill_banks->rows)
        std::cout << to_string(op.operand) << " fill," << b.warp << "," << b.k_block << "," << b.instructions
                  << "," << b.wavefronts << "," << b.ideal << "," << b.conflicts << "," << b.misaligned
                  << "\n";
    }
  }
  return finish_output(r.joins_ok() ? kExitOk : kExitMismatch);
}

}  // namespace

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
      continue;
    }
    out += c;
  }
  return out + "\"";
}

int print_cta_presets(bool csv) {
  if (csv) std::cout << "name,source\n";
  for (const tile::CtaPreset& p : tile::cta_presets()) {
    if (csv)
      std::cout << p.name << "," << q(p.source) << "\n";
    else
      std::cout << p.name << "\n    " << p.source << "\n";
  }
  return finish_output(kExitOk);
}

int run_tiled_cta(const CtaCliOptions& o) {
  const auto made = tile::make_cta_tile(o.spec);
  if (!made) {
    std::cerr << "fragviz-cli tiled: " << made.message << "\n";
    return finish_output(made.refusal == algebra::Refusal::bad_input ? kExitUsage : kExitRefused);
  }
  const tile::CtaTile& t = *made.value;
  if (o.ncu_child) return run_ncu_child(t);
  if (o.thread >= t.mma.threads()) {
    // A whole number the tiled MMA refuses (its thread count follows the atom and layout): exit 3.
    std::cerr << "fragviz-cli tiled: refused: --thread " << o.thread << ": the tiled MMA has threads 0.."
              << t.mma.threads() - 1 << "\n";
    return finish_output(kExitRefused);
  }
  tile::CtaOptions options;
  options.suggest = o.suggest;
  options.keep_cells = o.thread >= 0;
  const auto analysed = tile::analyze_cta_tile(t, options);
  if (!analysed) {
    std::cerr << "fragviz-cli tiled: " << analysed.message << "\n";
    return finish_output(kExitRefused);
  }
  const tile::CtaReport& r = *analysed.value;
  int code = r.joins_ok() ? kExitOk : kExitMismatch;
  std::optional<CtaDeviceResult> measured;
  if (o.device) {
    measured = measure_cta_copies(t);
    const int m = cta_device_exit_code(*measured);
    if (m == kExitNoDevice)
      std::cerr << "fragviz-cli tiled: --device: " << app::cta_no_device_text(measured->device)
                << " (the model's joins are printed; nothing was measured)\n";
    else if (m == kExitRefused)
      std::cerr
          << "fragviz-cli tiled: --device: refused: no operand of this tile has a load from or store to "
             "shared memory the probe runs (ldmatrix, stmatrix, ld/st.shared.b32/v2/v4 or cp.async of 16- or "
             "32-bit elements)\n";
    if (m != kExitOk && (m != kExitMismatch || code == kExitOk)) code = m;
  }
  std::vector<tile::CtaNcuCopy> ncu;
  if (o.ncu) {
    const std::string path = find_on_path("ncu");
    if (path.empty())
      std::cerr << "fragviz-cli tiled: --ncu: ncu (Nsight Compute) is not on PATH; the copies' shared-memory "
                   "counters were not measured (the rest of the report is printed)\n";
    if (measured->device.present) ncu = measure_under_ncu(path, o.flag_args, t, r, *measured);
    bool differs = false, failed = false;
    for (const tile::CtaNcuCopy& c : ncu) {
      differs = differs || c.differs();
      failed = failed || !c.error.empty();
    }
    const int n = path.empty() ? kExitNoDevice : failed ? kExitCudaError : differs ? kExitMismatch : kExitOk;
    if (code == kExitOk || (code == kExitMismatch && n != kExitOk && n != kExitMismatch)) code = n;
  }
  if (!o.json.empty()) {
    const std::string text = report_json(o, t, r, measured, ncu);
    if (o.json == "-") {
      std::cout << text;
      return finish_output(code);
    }
    if (const auto problem = write_whole_file(o.json, text)) {
      std::cerr << "fragviz-cli tiled: --json " << o.json << ": " << problem->why << "\n";
      return finish_output(kExitJson);
    }
  }
  if (o.csv) return print_csv(o, r);

  if (!o.preset.empty()) std::cout << tile::cta_tile_source(o.preset, t) << "\n";
  std::cout << "TiledMMA " << t.mma.atom.name << "  (" << t.mma.atom.mnemonic << ")\n"
            << "  atom layout " << algebra::to_string(t.mma.atom_layout_mnk) << ", permutation "
            << tile::permutation_text(t.mma.permutation) << ", " << t.mma.threads() << " threads\n"
            << "  MMA tile M " << t.mma.tile_mnk[0] << " x N " << t.mma.tile_mnk[1] << " x K "
            << t.mma.tile_mnk[2] << "; CTA tile M " << t.tile_mnk[0] << " x N " << t.tile_mnk[1] << " x K "
            << t.tile_mnk[2] << ", k-block " << t.k_block << " (" << t.k_blocks() << " k-block"
            << (t.k_blocks() == 1 ? "" : "s") << ")\n";
  if (t.swap)
    std::cout << "  register swap after the copy: " << t.swap->text() << " (" << to_string(t.swap->operand)
              << " rows " << t.swap->first << "-" << t.swap->first + t.swap->width - 1 << " and "
              << t.swap->second << "-" << t.swap->second + t.swap->width - 1 << " of every " << t.swap->period
              << " exchange registers before the MMA)\n";
  for (std::size_t i = 0; i < 3; ++i) {
    const tile::CtaOperandReport& op = r.operands[i];
    std::cout << "\n"
              << to_string(op.operand) << " (" << extent_words(op.operand) << " " << t.extent(op.operand)[0]
              << " x " << t.extent(op.operand)[1] << ")";
    if (t.copy[i])
      std::cout << ": " << (tile::is_make_tiled_copy(t.spec.copy[i]) ? t.spec.copy[i] : t.copy[i]->atom.name)
                << ", " << t.copy[i]->values.value_bits << "-bit values";
    std::cout << "\n";
    if (t.smem[i]) std::cout << "  shared layout " << t.smem[i]->notation << "\n";
    if (!op.skipped.empty()) std::cout << "  " << op.skipped << "\n";
    if (op.descriptors) {
      std::cout << "  descriptors: " << op.descriptors->verdict << "\n";
      for (const tile::DescriptorSlice& d : op.descriptors->slices)
        std::cout << "    slice " << d.slice << " k-block " << d.k_block << ": start "
                  << d.descriptor.start_address << ", LBO " << d.descriptor.leading_byte_offset << ", SBO "
                  << d.descriptor.stride_byte_offset << ", swizzle " << to_string(d.descriptor.swizzle)
                  << (d.mismatches ? ", " + std::to_string(d.mismatches) + " elements elsewhere" : "")
                  << "\n";
    }
    if (op.fill) {
      const tile::GmemCopy& g = *t.gmem_copy[i];
      std::cout << "  filled by " << g.text << " (" << g.copy.atom.instruction << ", " << g.instructions()
                << " per thread)\n"
                << "  fill: " << op.fill->verdict() << "\n";
      if (measured) std::cout << "  " << app::fill_measured_line(*measured, i) << "\n";
      if (op.fill_banks) print_bank_table(*op.fill_banks, "fill banks");
      if (!op.fill_no_banks.empty()) std::cout << "  fill banks: " << op.fill_no_banks << "\n";
    }
    if (op.join)
      std::cout << "  join " << coordinates(op.operand) << ": " << op.join->verdict(t.mma.threads()) << "\n";
    if (measured && (op.join || op.descriptors))
      std::cout << "  " << measured_line(*measured, i, t.mma.threads()) << "\n";
    if (op.banks) print_bank_table(*op.banks);
    if (op.suggestion)
      std::cout << "  suggested: " << op.suggestion->notation << ": " << op.suggestion->wavefronts
                << " wavefronts (ideal " << op.suggestion->ideal << ", bank conflicts "
                << op.suggestion->conflicts << ") instead of " << op.banks->wavefronts << "\n";
    else if (op.banks && op.banks->conflicts > 0 && o.suggest)
      std::cout << "  no Swizzle<B,M,S> (B 1-3, S up to 7) over this layout removes a conflict and keeps the "
                   "join\n";
  }
  print_ncu_section(ncu);
  if (measured) std::cout << "\n" << app::mma_measured_line(*measured) << "\n";
  if (r.reuse)
    std::cout << "\nC reused as the next A (convert_layout_acc_Aregs " << r.reuse->conversion
              << "): " << r.reuse->verdict(t.mma.threads()) << "\n";
  if (o.thread >= 0) {
    std::cout << "\nthread " << o.thread << " (warp " << o.thread / kWarpSize << " lane "
              << o.thread % kWarpSize << ")\n";
    for (const tile::CtaOperandReport& op : r.operands) {
      if (!op.join) continue;
      std::cout << "  " << to_string(op.operand) << " " << coordinates(op.operand) << ":";
      for (const tile::CtaJoinCell& c : op.join->all)
        if (c.thread == o.thread)
          std::cout << " V" << c.reg << " " << tile::to_string(c.expected)
                    << (c.match() ? ""
                                  : " (got " + (c.read() ? tile::to_string(*c.read()) : std::string("none")) +
                                        (c.swapped ? " after the swap" : "") + ")");
      std::cout << "\n";
    }
  }
  return finish_output(code);
}

}  // namespace fragviz::cli
