#version 330 core
// The gate's n x n output, u_flag_scale x u_flag_scale elements per texel of u_flags (R8: 1 = one of
// them differs from the reference; the scale is 1 up to 4096 elements a side),
// coloured by mismatch or by who produced it. Ownership follows the seed's kernel: 64x64 block
// tiles, 8 warps of 16x32 (warp w at rows (w%4)*16, cols (w/4)*32), four m16n8 mma tiles per warp,
// and inside each 16x8 tile the C/D fragment map: lane = (row%8)*4 + (col%8)/2.
uniform sampler2D u_flags;
uniform int u_n;
uniform int u_flag_scale;
uniform int u_has_data;
uniform int u_mode;      // 0 mismatch, 1 block, 2 warp, 3 lane
uniform vec3 u_view;     // x0, y0 (element coords at the top-left pixel), elements per pixel
uniform vec2 u_size;     // view size in pixels
uniform vec3 u_palette[32];     // lane colours (assets/palette.json "lanes")
uniform vec3 u_warps[8];        // the block's eight warps ("block_warps")
// u_partial = 1: the report records only its first mismatches, up to the element u_known_until
// (row, col) in row-major order; elements after it were never compared on record, so mismatch
// mode draws them hatched grey ("not recorded") instead of green.
uniform int u_partial;
uniform ivec2 u_known_until;
out vec4 frag;


float flag_at(ivec2 rc) { return texelFetch(u_flags, ivec2(rc.y, rc.x) / u_flag_scale, 0).r; }

void main() {
  vec2 px = vec2(gl_FragCoord.x, u_size.y - gl_FragCoord.y);  // top-left origin
  vec2 e = u_view.xy + px * u_view.z;                          // (col, row) in elements
  if (e.x < 0.0 || e.y < 0.0 || e.x >= float(u_n) || e.y >= float(u_n)) {
    frag = vec4(0.07, 0.07, 0.08, 1.0);
    return;
  }
  int col = int(e.x), row = int(e.y);
  // Mismatch in this pixel's footprint (up to 4x4 samples when zoomed out, so no error hides).
  float bad = 0.0;
  if (u_has_data == 1) {
    int steps = int(clamp(ceil(u_view.z), 1.0, 4.0));
    float stride = u_view.z / float(steps);
    for (int i = 0; i < steps; ++i)
      for (int j = 0; j < steps; ++j) {
        ivec2 rc = ivec2(min(int(e.y + float(i) * stride), u_n - 1), min(int(e.x + float(j) * stride), u_n - 1));
        bad = max(bad, flag_at(rc));
      }
  }
  vec3 c;
  bool unknown = u_has_data == 1 && u_partial == 1 &&
                 (row > u_known_until.x || (row == u_known_until.x && col > u_known_until.y));
  if (u_mode == 0 && unknown) {
    // Not recorded: neutral grey with diagonal hatching in screen space (readable at any zoom).
    int d = (int(gl_FragCoord.x) + int(gl_FragCoord.y)) % 8;
    c = d < 2 ? vec3(0.52, 0.53, 0.56) : vec3(0.36, 0.37, 0.40);
  } else if (u_mode == 0) {
    c = u_has_data == 1 ? vec3(0.13, 0.42, 0.22) : vec3(0.22, 0.23, 0.26);
    if ((((row / 64) + (col / 64)) & 1) == 1) c *= 0.8;  // faint block checkerboard for orientation
  } else if (u_mode == 1) {
    int br = row / 64, bc = col / 64;
    c = u_palette[(br * 7 + bc * 3) & 31];
  } else if (u_mode == 2) {
    int w = (row % 64) / 16 + 4 * ((col % 64) / 32);
    c = u_warps[w];
  } else {
    int lane = (row % 8) * 4 + (col % 8) / 2;
    c = u_palette[lane];
  }
  if (u_mode != 0) c *= 0.85;
  if (bad > 0.5) c = u_mode == 0 ? vec3(1.0, 0.18, 0.12) : mix(c, vec3(1.0, 0.0, 0.0), 0.75);
  // Element grid lines when zoomed in far enough to see single elements.
  float ppe = 1.0 / u_view.z;
  if (ppe >= 6.0) {
    vec2 f = fract(e);
    if (f.x * ppe < 1.0 || f.y * ppe < 1.0) c *= 0.6;
  }
  if (ppe >= 0.5) {  // block borders
    vec2 b = mod(e, 64.0);
    if (b.x < u_view.z * 1.5 || b.y < u_view.z * 1.5) c = mix(c, vec3(1.0), 0.35);
  }
  frag = vec4(c, 1.0);
}
