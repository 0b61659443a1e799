kernel void image_rw(read_only image2d_t src, write_only image2d_t dst) { int2 c = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(dst, c, read_imagef(src, c) * 2.0f); }
