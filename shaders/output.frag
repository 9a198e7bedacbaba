#version 330 core
// The gate's n x n output, u_flag_scale x u_flag_scale elements per texel of u_flags (R8: 1 = one of
// them differs from the reference; the scale is 1 up to 4096 elements a side; mip level k is the max
// of 2^k x 2^k texels, u_flag_levels levels),
// coloured by mismatch or by who produced it. Ownership follows the run's own variant
// (GateVariantInfo::output, fragviz/gate/gate_output.hpp): u_block tiles; inside a block, warp
// (r / warp_m) % warps_m + warps_m * ((c / warp_n) % warps_n) of the u_warp_grid (a grid shorter
// than the block repeats down it: a wgmma warpgroup's warps hold 16 rows of each m64 tile); and
// inside each instruction tile (u_mma: m16n8 or m64nN) the C/D fragment map, which for every
// built-in variant is mma.m16n8's accumulator repeated: lane = (row%8)*4 + (col%8)/2.
uniform sampler2D u_flags;
uniform int u_n;
uniform int u_flag_scale;
uniform int u_flag_levels;
uniform int u_has_data;
uniform int u_mode;      // 0 mismatch, 1 block, 2 warp, 3 lane
uniform vec3 u_view;     // x0, y0 (element coords at the top-left pixel), elements per pixel
uniform vec2 u_size;     // view size in pixels
uniform vec3 u_palette[32];     // lane colours (assets/palette.json "lanes")
uniform vec3 u_warp_colours[8]; // the block's warps ("block_warps"), by warp grid index mod 8
uniform ivec2 u_block;          // block tile: rows, cols
uniform ivec2 u_warp;           // one warp's slab: rows, cols
uniform ivec2 u_warp_grid;      // warps holding C: along M, along N
uniform ivec2 u_mma;            // one instruction's C/D tile: rows, cols
// u_partial = 1: the report records only its first mismatches, up to the element u_known_until
// (row, col) in row-major order; elements after it were never compared on record, so mismatch
// mode draws them hatched grey ("not recorded") instead of green.
uniform int u_partial;
uniform ivec2 u_known_until;
out vec4 frag;


// 1 when any element in the pixel's footprint differs: the footprint is [a, a + s) in level-0 texels
// (x col, y row). Level L with 2^L <= s covers it in at most 3 x 3 texels of that level, each the
// max of its 2^L x 2^L, so no mismatch under a zoomed-out pixel is skipped (a partly covered texel
// may add one from just outside: less than a pixel).
float any_flag(vec2 a, float s) {
  int level = s < 2.0 ? 0 : min(int(floor(log2(s))), u_flag_levels - 1);
  int last = (u_n - 1) / u_flag_scale;
  ivec2 lo = clamp(ivec2(floor(a)), ivec2(0), ivec2(last)) >> level;
  ivec2 hi = clamp(ivec2(ceil(a + vec2(s))) - 1, ivec2(0), ivec2(last)) >> level;
  float bad = 0.0;
  for (int y = lo.y; y <= hi.y && y <= lo.y + 3; ++y)
    for (int x = lo.x; x <= hi.x && x <= lo.x + 3; ++x) bad = max(bad, texelFetch(u_flags, ivec2(x, y), level).r);
  return bad;
}

void main() {
  vec2 px = vec2(gl_FragCoord.x, u_size.y - gl_FragCoord.y);  // top-left origin
  vec2 e = u_view.xy + px * u_view.z;                          // (col, row) in elements
  if (e.x < 0.0 || e.y < 0.0 || e.x >= float(u_n) || e.y >= float(u_n)) {
    frag = vec4(0.07, 0.07, 0.08, 1.0);
    return;
  }
  int col = int(e.x), row = int(e.y);
  // Any mismatch in this pixel's footprint, from its top-left corner (every element of it, however
  // far zoomed out).
  vec2 corner = u_view.xy + (px - 0.5) * u_view.z;
  float bad = u_has_data == 1 ? any_flag(corner / float(u_flag_scale), u_view.z / float(u_flag_scale)) : 0.0;
  vec3 c;
  bool unknown = u_has_data == 1 && u_partial == 1 &&
                 (row > u_known_until.x || (row == u_known_until.x && col > u_known_until.y));
  if (u_mode == 0 && unknown) {
    // Not recorded: neutral grey with diagonal hatching in screen space (readable at any zoom).
    int d = (int(gl_FragCoord.x) + int(gl_FragCoord.y)) % 8;
    c = d < 2 ? vec3(0.52, 0.53, 0.56) : vec3(0.36, 0.37, 0.40);
  } else if (u_mode == 0) {
    c = u_has_data == 1 ? vec3(0.13, 0.42, 0.22) : vec3(0.22, 0.23, 0.26);
    if ((((row / u_block.x) + (col / u_block.y)) & 1) == 1) c *= 0.8;  // faint block checkerboard
  } else if (u_mode == 1) {
    int br = row / u_block.x, bc = col / u_block.y;
    c = u_palette[(br * 7 + bc * 3) & 31];
  } else if (u_mode == 2) {
    int r = row % u_block.x, cc = col % u_block.y;
    int w = (r / u_warp.x) % u_warp_grid.x + u_warp_grid.x * ((cc / u_warp.y) % u_warp_grid.y);
    c = u_warp_colours[w % 8];
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
  if (u_mode == 3 && ppe >= 3.0) {  // instruction tile borders, where the lane pattern restarts
    vec2 t = mod(e, vec2(u_mma.y, u_mma.x));
    if (t.x < u_view.z * 1.5 || t.y < u_view.z * 1.5) c *= 0.7;
  }
  if (ppe >= 0.5) {  // block borders
    vec2 b = mod(e, vec2(u_block.y, u_block.x));  // e is (col, row)
    if (b.x < u_view.z * 1.5 || b.y < u_view.z * 1.5) c = mix(c, vec3(1.0), 0.35);
  }
  frag = vec4(c, 1.0);
}
