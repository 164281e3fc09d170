/**
 * Linux backends of rhcc's receiver loop: MSR access through {@code /dev/cpu/N/msr}, the uncore IRP occupancy
 * sensor, MBA through resctrl (default) or raw MSRs (opt-in), the CPUID capability probe, the fail-safe (startup
 * reset, shutdown hook, external watchdog) and {@code rhcc doctor}.
 * <p>
 * Every backend takes its filesystem roots as configuration (defaults {@code /dev/cpu}, {@code /sys/fs/resctrl},
 * {@code /sys}, {@code /proc}) so that the same code runs against the test fixtures in {@code src/test}.
 * Facts, addresses and encodings come from docs/platform.md §2-§5.
 */
package org.rhcc.nativeio;
