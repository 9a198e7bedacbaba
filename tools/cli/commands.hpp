// fragviz-cli subcommands. Each lives in its own file and registers itself on the CLI11 app;
// its callback sets the process exit code through `exit_code`.
#pragma once

#include <CLI/CLI.hpp>

namespace fragviz::cli {

/// `layout`: PTX fragment tables as CSV or text (cmd_layout.cpp).
void add_layout_command(CLI::App& app, int& exit_code);
/// `banks`: ldmatrix row addresses, banks and wavefronts for a row stride (cmd_banks.cpp).
void add_banks_command(CLI::App& app, int& exit_code);
/// `probe`: run the probes on the GPU and print the gate lines (cmd_probe.cpp).
void add_probe_command(CLI::App& app, int& exit_code);
/// `gate`: the exact 2048 matmul gate (cmd_gate.cpp).
void add_gate_command(CLI::App& app, int& exit_code);
/// `bench`: every variant and cuBLAS at 1024, 2048, 4096 (cmd_bench.cpp).
void add_bench_command(CLI::App& app, int& exit_code);
/// `device`: what GPU (if any) this build sees (cmd_probe.cpp).
void add_device_command(CLI::App& app, int& exit_code);

}  // namespace fragviz::cli
