// `fragviz-cli probe --layout L [--read-layout L2] --lanes P --load OP`: the user's own tile layout
// and lane addresses through the real instruction on device 0 (fragviz/probe/layout_probe.hpp), beside
// the model; `--ncu` reruns the load under Nsight Compute and prints its two shared-memory
// counters beside the model's (when `ncu` is on PATH); `--ncu-child` is that rerun (one load, no
// timing, nothing on standard output).
#include "probe_layout.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "fragviz/device/layout_probe_run.hpp"
#include "fragviz/smem/lane_pattern.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz::cli {
namespace {

constexpr int kMaxListed = 16;

std::string coord_text(const std::optional<Coord>& c) {
  return c ? "(" + std::to_string(c->row) + "," + std::to_string(c->col) + ")" : std::string("nothing (pad)");
}

std::string slot_name(SharedOp op, int slot, int element_bytes) {
  if (is_matrix_op(op)) return "r" + std::to_string(slot / 2) + (slot % 2 ? ".hi" : ".lo");
  return "element " + std::to_string(slot) + " (bytes " + std::to_string(slot * element_bytes) + "-" +
         std::to_string(slot * element_bytes + element_bytes - 1) + ")";
}

/// A refusal on standard error with a caret under the column a parse error names.
int refuse(const std::string& text, const Error& e, int column) {
  std::cerr << "probe refused: " << e.message << "\n";
  if (column > 0) print_caret(text, column);
  return finish_output(exit_code_for(e.kind));
}

/// The `banks` command line that prints the model's prediction of this request (every option
/// it takes in banks' spelling: ldmatrix is --num/--trans, an LDS load --load).
std::string banks_command_for(const LayoutProbeRequest& r) {
  std::string cmd = "fragviz-cli banks ";
  cmd += r.read_layout.empty() ? "--layout " + shell_quote(r.write_layout)
                               : "--write-layout " + shell_quote(r.write_layout) + " --read-layout " +
                                     shell_quote(r.read_layout);
  cmd += " --lanes " + shell_quote(r.lanes);
  if (r.op == SharedOp::ldmatrix)
    cmd += " --num " + std::string(to_string(r.ldmatrix.num)) + (r.ldmatrix.trans ? " --trans" : "");
  else
    cmd += " --load " + std::string(to_string(r.op));
  if (r.element_type != "b16") cmd += " --elem " + shell_quote(r.element_type);
  return cmd;
}

/// Reruns this program's layout probe under ncu and parses its CSV.
Outcome<std::map<std::string, double>> run_under_ncu(const std::string& ncu, const LayoutProbeOptions& o) {
  using O = Outcome<std::map<std::string, double>>;
  const std::string self = self_path();
  if (self.empty()) return O::fail(ErrorKind::io, "cannot find this program's path (/proc/self/exe)");
  std::string metrics;
  for (const std::string& m : ncu_metrics(o.request.op)) metrics += (metrics.empty() ? "" : ",") + m;
  std::string cmd = shell_quote(ncu) + " --metrics " + metrics +
                    " --csv --kernel-name regex:layout_probe_kernel " + shell_quote(self) +
                    " probe --ncu-child --layout " + shell_quote(o.request.write_layout);
  if (!o.request.read_layout.empty()) cmd += " --read-layout " + shell_quote(o.request.read_layout);
  cmd += " --lanes " + shell_quote(o.request.lanes) + " --load " + std::string(to_string(o.request.op)) +
         " --num " + std::string(to_string(o.request.ldmatrix.num)) +
         (o.request.ldmatrix.trans ? " --trans" : "") + " --elem " + shell_quote(o.request.element_type) +
         " 2>&1";
  int status = 0;
  const std::string text = run_capture(cmd, status, 1u << 20);
  if (status == -1 && text.empty()) return O::fail(ErrorKind::io, "cannot start " + ncu);
  auto parsed = parse_ncu_csv(text);
  if (!parsed) {
    const std::string tail = text.size() > 600 ? text.substr(text.size() - 600) : text;
    return O::fail(ErrorKind::cuda,
                   "ncu gave no metrics (exit status " + std::to_string(status) + "): " + tail);
  }
  return parsed;
}

}  // namespace

std::string self_path() {
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  return n <= 0 ? std::string() : std::string(self, static_cast<std::size_t>(n));
}

std::string run_capture(const std::string& cmd, int& status, std::size_t max_bytes) {
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) {
    status = -1;
    return {};
  }
  std::string text;
  char buf[4096];
  std::size_t got = 0;
  while ((got = std::fread(buf, 1, sizeof buf, p)) > 0)
    if (text.size() < max_bytes) text.append(buf, got);  // read on, so the child never blocks
  const int s = pclose(p);
  status = WIFEXITED(s) ? WEXITSTATUS(s) : -1;
  return text;
}

std::string find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (!path) return {};
  std::stringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const std::string f = (dir.empty() ? "." : dir) + "/" + name;
    if (access(f.c_str(), X_OK) == 0) return f;
  }
  return {};
}

void add_layout_probe_options(CLI::App& cmd, LayoutProbeOptions& o) {
  cmd.add_option("--layout", o.request.write_layout,
                 "the tile's layout in CuTe notation, e.g. 'Swizzle<3,3,3> o (16,64):(64,1)': probe this "
                 "layout with --lanes and --load instead of the catalogue (the write side)");
  cmd.add_option("--read-layout", o.request.read_layout,
                 "the layout the addresses go through (default: --layout)");
  cmd.add_option(
         "--lanes", o.request.lanes,
         "lane pattern: a preset (" + lane_preset_names() + "), 'row=EXPR, col=EXPR' in lane, or a table")
      ->check(kNonEmpty);
  cmd.add_option("--load", o.load, "ldmatrix, lds32, lds64 or lds128 (with --layout)")
      ->check(
          CLI::IsMember({"ldmatrix", "lds32", "lds64", "lds128", "stmatrix", "sts32", "sts64", "sts128"}));
  cmd.add_option("--elem", o.request.element_type, "element type of the layout's units (b16 default)")
      ->check(kNonEmpty);
  cmd.add_flag("--ncu", o.ncu,
               "also rerun the load under Nsight Compute (ncu on PATH) and print its counters");
  cmd.add_flag("--ncu-child", o.ncu_child, "internal: the load --ncu reruns under ncu");
}

int run_layout_probe_command(LayoutProbeOptions o, LdmatrixConfig config) {
  o.request.op = *parse_shared_op(o.load);
  o.request.ldmatrix = config;
  if (o.ncu_child) o.request.iterations = 0;  // ncu counts every load: exactly one
  // Judged before anything runs, GPU or not (run_layout_probe judges again for the device's SM).
  const auto plan = plan_layout_probe(o.request);
  if (!plan) {
    const std::string& m = plan.error.message;
    const std::string text = m.rfind("--read-layout", 0) == 0 ? o.request.read_layout
                             : m.rfind("--lanes", 0) == 0     ? o.request.lanes
                                                              : o.request.write_layout;
    return refuse(text, plan.error, plan.column);
  }
  const LayoutProbeRun run = run_layout_probe(o.request);
  if (o.ncu_child) return finish_output(exit_code_for(run.error.kind));
  if (run.error.kind == ErrorKind::refused) return refuse("", run.error, 0);
  if (!run.device.present) {
    std::cerr << "no usable GPU: " << run.device.error.message << "\n"
              << "the model's prediction: `" << banks_command_for(o.request) << "`\n";
    return finish_output(exit_code_for(ErrorKind::no_device));
  }
  if (run.error.kind != ErrorKind::none) {
    std::cerr << "CUDA error: " << run.error.message << "\n";
    return finish_output(exit_code_for(run.error.kind));
  }
  LayoutProbe p = run.probe;
  const LayoutProbePlan& pl = *plan;
  std::cout << "device: " << run.device.name << ", sm_" << run.device.sm() << "\n";
  std::cout << "layout probe: " << p.mnemonic << " over " << pl.read.notation;
  if (!o.request.read_layout.empty()) std::cout << " (written through " << pl.write.notation << ")";
  std::cout << ", lanes " << (pl.lanes.preset.empty() ? pl.lanes.notation : pl.lanes.preset) << "\n";
  const int bad_addr = p.address_mismatches();
  if (bad_addr == 0) {
    std::cout << "  addresses: every lane at the model's byte offset\n";
  } else {
    std::cout << "  addresses: " << bad_addr << " of 32 lanes NOT at the model's byte offset\n";
    int shown = 0;
    for (int l = 0; l < 32; ++l)
      if (p.model_addresses[l] >= 0 && p.model_addresses[l] != p.addresses[l] && shown++ < kMaxListed)
        std::cout << "    lane " << l << ": model " << p.model_addresses[l] << ", measured " << p.addresses[l]
                  << "\n";
  }
  const int bad = p.mismatches();
  if (bad == 0) {
    std::cout << "  received: all " << plural(p.slots.size(), "slot") << " hold the predicted elements\n";
  } else {
    std::cout << "  received: " << bad << " of " << plural(p.slots.size(), "slot") << " NOT as predicted\n";
    int shown = 0;
    for (const LayoutSlotCheck& c : p.slots)
      if (!c.match() && shown++ < kMaxListed)
        std::cout << "    lane " << c.lane << " " << slot_name(p.op, c.slot, p.element_bytes) << ": expected "
                  << coord_text(c.expected) << ", received " << coord_text(c.measured) << " (label " << c.raw
                  << ")\n";
    if (bad > kMaxListed) std::cout << "    ... and " << bad - kMaxListed << " more\n";
  }
  if (pl.trip && !pl.trip->agree())
    std::cout << "  round trip: " << pl.trip->mismatches << " of " << plural(pl.trip->elements, "element")
              << " read back wrong (the model's; the received labels above show it on the GPU)\n";
  std::ostringstream cy;
  cy << std::fixed << std::setprecision(1) << p.cycles_per_instruction;
  std::cout << "  model: " << plural(p.model_wavefronts, "wavefront") << " (ideal " << p.ideal_wavefronts
            << ", bank conflicts " << p.model_wavefronts - p.ideal_wavefronts << "); measured " << cy.str()
            << " cycles per load\n";
  int code = bad == 0 && bad_addr == 0 ? kExitOk : kExitMismatch;
  if (o.ncu) {
    const std::string ncu = find_on_path("ncu");
    if (ncu.empty()) {
      std::cout << "  ncu: not on PATH; Nsight Compute's counters not measured\n";
    } else {
      const auto m = run_under_ncu(ncu, o);
      if (!m) {
        std::cout << "  ncu: " << m.error.message << "\n";
      } else {
        p.ncu = *m.value;
        const std::vector<std::string> names = ncu_metrics(p.op);
        const int model_values[2] = {p.model_wavefronts, p.model_wavefronts - p.ideal_wavefronts};
        for (int i = 0; i < 2; ++i) {
          const auto it = p.ncu.find(names[static_cast<std::size_t>(i)]);
          std::cout << "  ncu: " << names[static_cast<std::size_t>(i)] << " "
                    << (it == p.ncu.end() ? std::string("absent")
                                          : std::to_string(static_cast<long long>(it->second)))
                    << " (model " << model_values[i] << ")\n";
        }
      }
    }
  }
  ReportFile file;
  ProbeReport r;
  r.device = run.device;
  r.layout = std::make_shared<const LayoutProbe>(p);
  file.probe = r;
  write_report_if_asked(file, o.json, code);
  return finish_output(code);
}

}  // namespace fragviz::cli
