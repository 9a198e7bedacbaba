#include "fragviz/viewmodel/fragments_measured.hpp"

#include "fragviz/isa/fragment.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz::app {

std::string measured_label(const DeviceInfo& d) {
  // The name is the file's text: clipped (echo_text), since every view repeats this label.
  const std::string name = echo_text(d.name), sm = d.sm() > 0 ? "sm_" + std::to_string(d.sm()) : "";
  const std::string device = name.empty() ? sm : sm.empty() ? name : name + ", " + sm;
  return "measured on " + (device.empty() ? std::string("an unnamed GPU") : device);
}

std::string probe_report_label(const ProbeReport& p) {
  return p.device.present || !p.device.name.empty() ? measured_label(p.device) : "recorded probe report";
}

FragmentsMeasured fragments_measured(const Instruction& in, const ProbeReport* report) {
  FragmentsMeasured m;
  std::array<std::vector<Owner>, 3> owners;
  std::array<int, 3> per_lane{};
  for (Operand op : {Operand::A, Operand::B, Operand::C}) {
    const auto i = static_cast<std::size_t>(op);
    owners[i] = owner_table(in, op);
    per_lane[i] = elements_per_lane(in, op);
    m.ip_slot[i].assign(static_cast<std::size_t>(kWarpSize * per_lane[i]), -1);
    m.fp_slot[i].assign(static_cast<std::size_t>(kWarpSize * per_lane[i]), -1);
    m.fd_slot[i].assign(static_cast<std::size_t>(kWarpSize * per_lane[i]), -1);
    m.cell_state[i].assign(owners[i].size(), 0);
  }
  if (!report) return m;
  const ProbeReport& r = *report;
  const std::string& mnemonic = in.mnemonic;
  for (const InstructionProbe& p : r.instructions) {
    if (p.mnemonic != mnemonic) continue;
    m.named = true;
    if (p.ran) {
      m.instruction = &p;
      m.not_run.clear();
    } else {
      m.not_run = p.skipped.empty() ? "not run" : p.skipped;
    }
  }
  for (const FragmentProbe& f : r.fragments)
    if (f.mnemonic == mnemonic && f.ran) m.fragment = &f;
  for (const LdmatrixFedProbe& f : r.through_ldmatrix)
    if (f.mnemonic == mnemonic && f.ran) m.fed = &f;
  auto index = [&](const std::vector<ElementCheck>& el, std::array<std::vector<int>, 3>& idx) {
    for (std::size_t i = 0; i < el.size(); ++i) {
      const ElementCheck& e = el[i];
      const int pl = per_lane[static_cast<std::size_t>(e.operand)];
      if (e.lane < 0 || e.lane >= kWarpSize || e.element < 0 || e.element >= pl) continue;
      idx[static_cast<std::size_t>(e.operand)][static_cast<std::size_t>(e.lane * pl + e.element)] =
          static_cast<int>(i);
    }
  };
  if (m.instruction) index(m.instruction->elements, m.ip_slot);
  if (m.fragment) index(m.fragment->elements, m.fp_slot);
  if (m.fed) index(m.fed->bytes, m.fd_slot);
  for (Operand op : {Operand::A, Operand::B, Operand::C}) {
    const auto o = static_cast<std::size_t>(op);
    for (std::size_t cell = 0; cell < owners[o].size(); ++cell) {
      const Owner ow = owners[o][cell];
      if (ow.lane < 0) continue;
      const int slot = ow.lane * per_lane[o] + ow.element;
      std::uint8_t state = 0;
      const ElementCheck* ip = m.ip_check(op, slot);
      const ElementCheck* fp = m.fp_check(op, slot);
      const ElementCheck* fd = m.fd_check(op, slot);
      if (ip) {
        ++m.ip_checked;
        m.ip_differing += ip->match() ? 0 : 1;
      }
      if (fp) {
        ++m.fp_checked;
        m.fp_differing += fp->match() ? 0 : 1;
      }
      if (fd) {
        ++m.fd_checked;
        m.fd_differing += fd->match() ? 0 : 1;
      }
      for (const ElementCheck* e : {ip, fp, fd})
        if (e) state = !e->match() ? 2 : state == 0 ? 1 : state;
      m.cell_state[o][cell] = state;
    }
  }
  return m;
}

MeasuredLine fragments_measured_line(const std::string& label, const FragmentsMeasured& ms, bool has_report) {
  if (ms.any()) {
    std::string text = label + ":";
    auto part = [&](const char* via, int checked, int differing) {
      text += std::string(text.back() == ':' ? " " : "; ") + via + " " +
              (differing ? std::to_string(differing) + " of " + std::to_string(checked) + " elements differ"
                         : "all " + std::to_string(checked) + " elements match");
    };
    if (ms.instruction) part("tensor core", ms.ip_checked, ms.ip_differing);
    if (ms.fragment) part("through ldmatrix", ms.fp_checked, ms.fp_differing);
    if (ms.fed) {
      part("ldmatrix bytes", ms.fd_checked, ms.fd_differing);
      const int mma_bad = ms.fed->mma.mismatches();
      text += mma_bad ? "; the tensor core fed by ldmatrix: " + std::to_string(mma_bad) + " elements differ"
                      : "; the tensor core fed by ldmatrix: all match";
      if (!ms.fed->mma.tile_exact) text += ", its tile NOT exact";
    }
    if (ms.instruction && !ms.instruction->tile_exact) text += "; the tile is NOT exact";
    if (ms.differing()) text += " (marked with a red X)";
    const bool fed_bad = ms.fed && (ms.fed->mma.mismatches() || !ms.fed->mma.tile_exact);
    const bool bad = ms.differing() || fed_bad || (ms.instruction && !ms.instruction->tile_exact);
    return MeasuredLine{text, bad ? Tone::bad : Tone::good};
  }
  if (!has_report) return {};
  if (!ms.not_run.empty()) return MeasuredLine{label + ": " + ms.not_run, Tone::warn};
  return MeasuredLine{label + ": this instruction is not in the report. PTX ISA prediction.", Tone::dim};
}

}  // namespace fragviz::app
