/**
 * {@code rhcc doctor}: what this machine supports for real (docs/design.md §3): CPU and RDT/MBA from CPUID, the msr
 * device, CAP_SYS_RAWIO, lockdown, resctrl and its MB resource, and whether the uncore counters are free. Every
 * line is OK, MISSING or WARN and says what to do about a gap.
 */
package org.rhcc.nativeio.doctor;
