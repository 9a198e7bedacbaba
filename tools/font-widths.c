// The advance widths of DejaVu Sans and DejaVu Sans Bold for ' ' to '~', in thousandths of an em,
// as cairo (and so the PNG and PDF writers) lays them out; export/scene.cpp's text_width keeps the
// bold row. Usage: cc tools/font-widths.c $(pkg-config --cflags --libs cairo) -o /tmp/fw && /tmp/fw
#include <cairo.h>
#include <stdio.h>

int main(void) {
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10);
  cairo_t* cr = cairo_create(surface);
  for (int bold = 0; bold < 2; ++bold) {
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 1000);
    printf("%s:", bold ? "bold" : "regular");
    for (int c = 32; c < 127; ++c) {
      const char text[2] = {(char)c, 0};
      cairo_text_extents_t e;
      cairo_text_extents(cr, text, &e);
      printf(" %d", (int)(e.x_advance + 0.5));
    }
    printf("\n");
  }
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  return 0;
}
