/**
 * The opt-in raw MSR MBA actuator: delay values in {@code IA32_L2_QoS_Ext_BW_Thrtl_n} (0xD50 + COS) and the COS of
 * each CPU in {@code IA32_PQR_ASSOC} (0xC8F, bits 63:32), as intel-cmt-cat's MSR interface does (docs/platform.md
 * §3). Faster than resctrl, but it taints the kernel, needs CAP_SYS_RAWIO, is refused under lockdown, and nothing
 * resets it if the process dies; it refuses to run while resctrl is mounted.
 */
package org.rhcc.nativeio.mba;
