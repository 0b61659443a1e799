kernel void vload8_float(global float *d, global const float *s) { size_t i = get_global_id(0); vstore8(vload8(i, s) * 2.0f, i, d); }
