// `fragviz-cli layout`: the PTX ISA fragment tables, one line per (operand, lane, element).
#include <iostream>
#include <string>

#include "commands.hpp"
#include "fragviz/layout.hpp"

namespace fragviz::cli {

void add_layout_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::string shape = "m16n8k8";
    bool csv = false;
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd =
      app.add_subcommand("layout", "Print each fragment element's (row, col) for operands A, B and C/D");
  cmd->add_option("--shape", opts->shape, "m16n8k8 or m16n8k16")
      ->check(CLI::IsMember({"m16n8k8", "m16n8k16"}));
  cmd->add_flag("--csv", opts->csv, "CSV: operand,lane,element,row,col");
  cmd->callback([opts, &exit_code] {
    const Shape s = *parse_shape(opts->shape);
    if (opts->csv) {
      std::cout << "operand,lane,element,row,col\n";
    } else {
      std::cout << mma_mnemonic(s) << "  (groupID = lane >> 2, threadID_in_group = lane % 4)\n";
    }
    for (Operand op : {Operand::A, Operand::B, Operand::C}) {
      if (!opts->csv)
        std::cout << "\n"
                  << to_string(op) << " (" << operand_rows(s, op) << "x" << operand_cols(s, op) << ", "
                  << elements_per_lane(s, op) << " per lane)\n";
      for (int lane = 0; lane < kWarpSize; ++lane) {
        if (!opts->csv) std::cout << "  lane " << (lane < 10 ? " " : "") << lane << ":";
        for (int e = 0; e < elements_per_lane(s, op); ++e) {
          const Coord c = fragment_coord(s, op, lane, e);
          if (opts->csv)
            std::cout << to_string(op) << ',' << lane << ',' << e << ',' << c.row << ',' << c.col << '\n';
          else
            std::cout << "  " << static_cast<char>(std::tolower(to_string(op)[0])) << e << "=(" << c.row
                      << "," << c.col << ")";
        }
        if (!opts->csv) std::cout << "\n";
      }
    }
    exit_code = 0;
  });
}

}  // namespace fragviz::cli
