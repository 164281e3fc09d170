/**
 * Model-specific register access through the Linux msr driver, {@code /dev/cpu/N/msr}: 8-byte {@code pread}/
 * {@code pwrite} at offset = MSR number (docs/platform.md §4, {@code arch/x86/kernel/msr.c}). Errors are
 * classified into {@link org.rhcc.nativeio.msr.MsrAccessException.Reason}s, each with the fix.
 */
package org.rhcc.nativeio.msr;
