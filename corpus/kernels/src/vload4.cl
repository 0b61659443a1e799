kernel void vload4_int(global int *d, global const int *s) { size_t i = get_global_id(0); vstore4(vload4(i, s) + 1, i, d); }
