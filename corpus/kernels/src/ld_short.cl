kernel void ld_short(global short *d, global const short *s) { size_t i = get_global_id(0); d[i] = s[i] + 1; }
