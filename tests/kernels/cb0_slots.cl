/* cb0_slots.cl - OpenCL C twin of cb0_slots.il */
__kernel void cb0_slots(__global uint4 *out)
{
    if (get_local_id(0) | get_local_id(1) | get_local_id(2) |
        get_group_id(0) | get_group_id(1) | get_group_id(2))
        return;
    out[0] = (uint4)(get_global_size(0), get_global_size(1), get_global_size(2), get_work_dim());
    out[1] = (uint4)(get_local_size(0), get_local_size(1), get_local_size(2), 0);
    out[2] = (uint4)(get_num_groups(0), get_num_groups(1), get_num_groups(2), 0);
    out[3] = (uint4)(as_uint(0.0f), as_uint(0.5f), as_uint(1.0f), as_uint(2.0f));
    out[4] = (uint4)(get_global_offset(0), get_global_offset(1), get_global_offset(2), 0);
    out[5] = (uint4)(0, 0, 0, 0);
    out[6] = (uint4)(get_global_offset(0), get_global_offset(1), get_global_offset(2), 0);
}
