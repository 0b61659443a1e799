kernel void private_array(global int *d, int k) { int p[64]; for (int j = 0; j < 64; j++) p[j] = d[j] + j; d[get_global_id(0)] = p[k & 63]; }
