# Each seeded bug of examples/dut_c/dut.c and the misreading it is (docs/check.md
# "Lanes", "Misread"), as named-share.py and bench/bugs-table.sh read them
# ("mutant=name,..."); sourced by lanes-named.sh, misread-named.sh and bugs-table.sh.
LANES_WANT=2=invert_ignored,3=any_per_lane,4=all_as_any,9=mask_offset_ignored,10=pred_offset_ignored,11=nomask_ignored,28=invert_before_combine,34=pred_ignored,44=pred_ignored,82=all_lanes,18=upper_half_dropped
MISREAD_WANT=52=a16_wrapped_at_32,61=a32_sign_extended,53=scale_twice,60=imm_offset_zero_extended,79=imm_offset_scaled,73=pitch_scaled,81=narrow_as_dword,12=a32_not_wrapped,14=narrow_as_dword,33=narrow_as_dword,59=vec3_as_4,63=lanes_4_bytes_apart,68=disabled_lanes_zeroed,17=block_masked,7=store_stops_at_oob,50=narrow_as_dword
