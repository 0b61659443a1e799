// ocloc-options: -cl-std=CL2.0
kernel void fences(global int *d, local int *l) { size_t i = get_global_id(0); d[i] = 1; mem_fence(CLK_GLOBAL_MEM_FENCE); l[get_local_id(0)] = 2; barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE); d[i] += l[0]; atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device); }
