/**
 * Memory Bandwidth Allocation through the Linux resctrl filesystem (docs/platform.md §3,
 * {@code Documentation/filesystems/resctrl.rst}): dedicated control groups, {@code cpus_list} assignment and
 * {@code MB:<domain>=<value>;...} schemata commands, each one {@code write(2)} ending in a newline.
 * <p>
 * All file access goes through {@link org.rhcc.nativeio.resctrl.ResctrlFs}. Production uses
 * {@link org.rhcc.nativeio.resctrl.LinuxResctrlFs} (plain file operations); the tests plug in a fixture that stores the
 * same tree in a temporary directory and validates every command the way the kernel does (EINVAL plus
 * {@code info/last_cmd_status}), so everything above the seam is the production code path.
 */
package org.rhcc.nativeio.resctrl;
