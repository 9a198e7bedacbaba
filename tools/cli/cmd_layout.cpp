// `fragviz-cli layout`: the catalogue's fragment tables, one line per (operand, lane, element),
// and `--list`, every catalogue instruction with its minimum SM.
#include <iostream>
#include <string>

#include "commands.hpp"
#include "fragviz/layout.hpp"

namespace fragviz::cli {
namespace {

/// "sm_80", "sm_120a".
std::string target_name(const Instruction& in) {
  return "sm_" + std::to_string(in.min_sm) + (in.arch_specific ? "a" : "");
}

void print_list() {
  for (const Instruction& in : catalogue()) std::cout << in.mnemonic << "  " << target_name(in) << "\n";
}

void print_table(const Instruction& in, bool csv) {
  const bool products = in.products > 1;
  if (csv) {
    std::cout << "operand,lane,element,row,col" << (products ? ",product" : "") << "\n";
  } else {
    std::cout << in.mnemonic << "  (" << target_name(in) << ", PTX ISA " << in.ptx_major << "."
              << in.ptx_minor << ", \"" << in.ptx_section << "\")\n"
              << "groupID = lane >> 2, threadID_in_group = lane % 4";
    if (*in.note) std::cout << "\n" << in.note;
    std::cout << "\n";
  }
  for (Operand op : {Operand::A, Operand::B, Operand::C}) {
    const int per_lane = elements_per_lane(in, op);
    if (!csv) {
      std::cout << "\n"
                << (op == Operand::C ? "C/D" : std::string(to_string(op))) << " (" << operand_rows(in, op)
                << "x" << operand_cols(in, op) << (products ? " per quad pair" : "") << ", ."
                << to_string(operand_spec(in, op).type) << ", " << per_lane
                << (per_lane == 1 ? " element" : " elements") << " in " << registers_per_lane(in, op)
                << (registers_per_lane(in, op) == 1 ? " register" : " registers") << " per lane)\n";
    }
    for (int lane = 0; lane < in.threads; ++lane) {
      if (!csv) std::cout << "  lane " << (lane < 10 ? " " : "") << lane << ":";
      for (int e = 0; e < per_lane; ++e) {
        const Coord c = fragment_coord(in, op, lane, e);
        if (csv) {
          std::cout << to_string(op) << ',' << lane << ',' << e << ',' << c.row << ',' << c.col;
          if (products) std::cout << ',' << c.product;
          std::cout << '\n';
        } else {
          std::cout << "  " << static_cast<char>(std::tolower(to_string(op)[0])) << e << "=(" << c.row << ","
                    << c.col;
          if (products) std::cout << ",q" << c.product;
          std::cout << ")";
        }
      }
      if (!csv) std::cout << "\n";
    }
  }
}

}  // namespace

void add_layout_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::string shape;
    std::string instr;
    bool csv = false;
    bool list = false;
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd =
      app.add_subcommand("layout", "Print each fragment element's (row, col) for operands A, B and C/D");
  cmd->add_flag("--list", opts->list,
                "Every catalogue instruction's PTX mnemonic and minimum SM, one per line");
  auto* instr = cmd->add_option("--instr", opts->instr, "Full PTX mnemonic (see --list)");
  cmd->add_option("--shape", opts->shape,
                  "m16n8k8 or m16n8k16: shorthand for mma.sync.aligned.<shape>.row.col.f32.f16.f16.f32")
      ->check(CLI::IsMember({"m16n8k8", "m16n8k16"}))
      ->excludes(instr);
  cmd->add_flag("--csv", opts->csv, "CSV: operand,lane,element,row,col (and product for m8n8k4 .f16)");
  cmd->callback([opts, &exit_code] {
    if (opts->list) {
      print_list();
      exit_code = finish_output(kExitOk);
      return;
    }
    const std::string name = !opts->instr.empty() ? opts->instr
                             : !opts->shape.empty()
                                 ? "mma.sync.aligned." + opts->shape + ".row.col.f32.f16.f16.f32"
                                 : std::string("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32");
    const Instruction* in = find_instruction(name);
    if (!in) {
      std::cerr << "fragviz-cli layout: no catalogue instruction is named '" << name
                << "' (fragviz-cli layout --list prints them all)\n";
      exit_code = kExitUsage;
      return;
    }
    print_table(*in, opts->csv);
    exit_code = finish_output(kExitOk);
  });
}

}  // namespace fragviz::cli
