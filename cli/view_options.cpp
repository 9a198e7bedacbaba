#include "view_options.hpp"

#include "fragviz/util/words.hpp"
#include "fragviz/viewmodel/bank_layout_view.hpp"
#include "fragviz_export/views.hpp"

namespace fragviz::cli {

CLI::Option* add_labels_option(CLI::App* cmd, std::string& labels, const std::string& prefix) {
  return cmd
      ->add_option(
          "--labels", labels,
          prefix +
              "what each cell says, as the app's fragments view shows it by zoom: full (T<lane> "
              "V<element>, the default), lane (T<lane>), number (the lane alone) or none (colours only)")
      ->check(CLI::Validator(
          [](std::string& v) -> std::string {
            return scene::parse_cell_labels(v)
                       ? ""
                       : "must be one of " + scene::cell_labels_names() + ", got '" + echo_text(v) + "'";
          },
          "LABELS"));
}

LayoutModeOptions add_layout_mode_options(CLI::App* cmd, bool& mode, std::string& read_layout,
                                          const std::string& prefix) {
  LayoutModeOptions o;
  o.mode =
      cmd->add_flag("--layout-mode", mode,
                    prefix +
                        "the bank view's Layout mode (the app's \"Layout: your own layout and addresses\"): "
                        "128-byte lines x 32 banks of --layout (the write side; default '" +
                        default_layout_mode_layout() + "'), --lanes, the access and --elem");
  o.read =
      cmd->add_option("--read-layout", read_layout,
                      prefix + "with --layout-mode: the side the access reads through (default: --layout)")
          ->needs(o.mode);
  return o;
}

std::string default_layout_mode_layout() { return app::LayoutControls{}.write_layout; }

}  // namespace fragviz::cli
