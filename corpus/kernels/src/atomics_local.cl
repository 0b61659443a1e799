kernel void atomics_local(global int *r, local int *l) { atomic_add(&l[0], 1); barrier(CLK_LOCAL_MEM_FENCE); r[get_global_id(0)] = atomic_cmpxchg(&l[1], 0, 1); }
