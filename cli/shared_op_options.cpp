#include "shared_op_options.hpp"

namespace fragviz::cli {

SharedOpOptions add_shared_op_options(CLI::App* cmd, std::string& load, std::string& store,
                                      const std::string& prefix) {
  SharedOpOptions o;
  o.load = cmd->add_option("--load", load,
                           prefix +
                               "a plain per-lane load instead: lds32 (1 phase of 32 lanes), lds64 (2 of 16), "
                               "lds128 (4 of 8)")
               ->check(CLI::IsMember({"lds32", "lds64", "lds128"}));
  o.store = cmd->add_option("--store", store,
                            prefix +
                                "a plain per-lane store instead: sts32 (1 phase of 32 lanes), sts64 (2 of "
                                "16), sts128 (4 of 8), measured on the H200; or cp.async.ca's write of 4, 8 "
                                "or 16 bytes: cpasync4, cpasync8, cpasync16 (the same phases, each lane's "
                                "write its own), measured on the H100 (tools/bank-sweep)")
                ->check(CLI::IsMember({"sts32", "sts64", "sts128", "cpasync4", "cpasync8", "cpasync16"}))
                ->excludes(o.load);
  return o;
}

}  // namespace fragviz::cli
