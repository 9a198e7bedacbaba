// PDF and PNG through cairo: one drawing path (draw_scene) for both surfaces. Text is cairo's toy
// text API with DejaVu Sans (fontconfig picks a sans-serif where it is missing); PDF keeps it as
// text with the font embedded.
#include <cairo-pdf.h>
#include <cairo.h>

#include <cstdio>

#include "fragviz_export/writers.hpp"

namespace fragviz::scene {
namespace {

void set_colour(cairo_t* cr, Colour c) { cairo_set_source_rgb(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0); }

void draw_scene(cairo_t* cr, const Scene& s) {
  set_colour(cr, s.background);
  cairo_paint(cr);
  for (const Item& item : s.items) {
    if (const Rect* r = std::get_if<Rect>(&item)) {
      cairo_rectangle(cr, r->x, r->y, r->w, r->h);
      set_colour(cr, r->fill);
      if (r->stroked) {
        cairo_fill_preserve(cr);
        set_colour(cr, r->stroke);
        cairo_set_line_width(cr, r->stroke_width);
        cairo_stroke(cr);
      } else {
        cairo_fill(cr);
      }
    } else if (const Text* t = std::get_if<Text>(&item)) {
      cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                             t->bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
      cairo_set_font_size(cr, t->size);
      double x = t->x;
      if (t->anchor != Anchor::start) {
        cairo_text_extents_t e;
        cairo_text_extents(cr, t->text.c_str(), &e);
        x -= t->anchor == Anchor::middle ? e.x_advance / 2 : e.x_advance;
      }
      set_colour(cr, t->colour);
      cairo_move_to(cr, x, t->y);
      cairo_show_text(cr, t->text.c_str());
    } else if (const Line* l = std::get_if<Line>(&item)) {
      cairo_set_source_rgba(cr, l->colour.r / 255.0, l->colour.g / 255.0, l->colour.b / 255.0,
                            l->alpha / 255.0);
      cairo_set_line_width(cr, l->width);
      cairo_move_to(cr, l->x0, l->y0);
      cairo_line_to(cr, l->x1, l->y1);
      cairo_stroke(cr);
    } else if (const Triangle* t = std::get_if<Triangle>(&item)) {
      set_colour(cr, t->fill);
      cairo_move_to(cr, t->x[0], t->y[0]);
      cairo_line_to(cr, t->x[1], t->y[1]);
      cairo_line_to(cr, t->x[2], t->y[2]);
      cairo_close_path(cr);
      cairo_fill(cr);
    }
  }
}

cairo_status_t append(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

bool cairo_available() { return true; }

std::string cairo_description() { return std::string("cairo ") + cairo_version_string(); }

Outcome<std::string> cairo_bytes(const Scene& s, Format f, double scale) {
  std::string out;
  cairo_surface_t* surface = nullptr;
  if (f == Format::png) {
    if (!png_scale_ok(scale)) {
      char text[160];
      std::snprintf(text, sizeof text, "the PNG scale must lie in %g to %g pixels per point, got %g",
                    kMinPngScale, kMaxPngScale, scale);
      return Outcome<std::string>::fail(ErrorKind::refused, text);
    }
    const auto [w, h] = png_size(s, scale);
    // cairo's image surfaces are at most 32767 pixels a side; 2^28 pixels is 1 GiB of ARGB.
    if (w > 32767 || h > 32767 || std::int64_t{w} * h > (std::int64_t{1} << 28))
      return Outcome<std::string>::fail(
          ErrorKind::refused, "the PNG would be " + std::to_string(w) + " x " + std::to_string(h) +
                                  " pixels (at most 32767 a side and 2^28 in all): lower --scale, or "
                                  "export SVG or PDF, which have no such limit");
    surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
  } else if (f == Format::pdf) {
    surface = cairo_pdf_surface_create_for_stream(append, &out, s.width, s.height);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, s.title.c_str());
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "fragviz");
  } else {
    return Outcome<std::string>::fail(ErrorKind::internal, "cairo writes PDF and PNG here");
  }
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    const std::string why = cairo_status_to_string(cairo_surface_status(surface));
    cairo_surface_destroy(surface);
    return Outcome<std::string>::fail(ErrorKind::internal, "cairo: " + why);
  }
  cairo_t* cr = cairo_create(surface);
  if (f == Format::png) cairo_scale(cr, scale, scale);
  draw_scene(cr, s);
  cairo_status_t status = cairo_status(cr);
  cairo_destroy(cr);
  if (f == Format::png && status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_write_to_png_stream(surface, append, &out);
  cairo_surface_finish(surface);  // the PDF is complete only now
  if (status == CAIRO_STATUS_SUCCESS) status = cairo_surface_status(surface);
  cairo_surface_destroy(surface);
  if (status != CAIRO_STATUS_SUCCESS)
    return Outcome<std::string>::fail(ErrorKind::internal,
                                      std::string("cairo: ") + cairo_status_to_string(status));
  return Outcome<std::string>::ok(std::move(out));
}

}  // namespace fragviz::scene
