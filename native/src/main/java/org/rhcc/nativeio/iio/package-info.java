/**
 * The IIO occupancy signal of RHCC's receiver loop read from the uncore IRP PMON counters through
 * {@code /dev/cpu/N/msr}: event {@code UNC_I_CACHE_TOTAL_OCCUPANCY.MEM} (0x0F, umask 0x04) accumulates the IRP's
 * occupancy every IRP clock, and {@code UNC_I_CLOCKTICKS} (0x01) counts those clocks, so the average occupancy over an
 * interval is delta(occupancy) / delta(IRP cycles) (docs/platform.md §1, §2; hostCC {@code src/hostcc-signals.c}).
 */
package org.rhcc.nativeio.iio;
