// fragviz-cli: the model, the probes and the gate from a terminal or a headless GPU server.
#include <CLI/CLI.hpp>

#include "commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{
      "fragviz-cli: mma.sync / ldmatrix fragment layouts, bank conflicts, GPU probes and the matmul gate"};
  app.require_subcommand(1);
  int exit_code = 0;
  fragviz::cli::add_layout_command(app, exit_code);
  fragviz::cli::add_banks_command(app, exit_code);
  fragviz::cli::add_probe_command(app, exit_code);
  fragviz::cli::add_device_command(app, exit_code);
  fragviz::cli::add_gate_command(app, exit_code);
  fragviz::cli::add_bench_command(app, exit_code);
  CLI11_PARSE(app, argc, argv);
  return exit_code;
}
