// A build without cairo: SVG and TikZ still work; PDF and PNG say why they cannot.
#include "fragviz_export/writers.hpp"

namespace fragviz::scene {

bool cairo_available() { return false; }

std::string cairo_description() {
  return "built without cairo (apt-get install libcairo2-dev pkg-config, then reconfigure)";
}

Outcome<std::string> cairo_bytes(const Scene&, Format f, double) {
  return Outcome<std::string>::fail(ErrorKind::refused,
                                    std::string(to_string(f)) + " export needs cairo: this fragviz was " +
                                        cairo_description() + "; SVG and TikZ work without it");
}

}  // namespace fragviz::scene
