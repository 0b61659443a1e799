kernel void ld_float(global float *d, global const float *s) { size_t i = get_global_id(0); d[i] = s[i] * 2.0f; }
