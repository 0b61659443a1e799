kernel void local_mem(global int *d, local int *l) { size_t i = get_local_id(0); l[i] = d[get_global_id(0)]; barrier(CLK_LOCAL_MEM_FENCE); d[get_global_id(0)] = l[(i + 1) % get_local_size(0)]; }
