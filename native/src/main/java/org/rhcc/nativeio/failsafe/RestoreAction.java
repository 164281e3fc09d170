package org.rhcc.nativeio.failsafe;

/**
 * How the fail-safe restores full bandwidth to rhcc's resctrl groups.
 */
public enum RestoreAction
{
    /** Write the unthrottled value to every MB domain of each group's schemata; the groups stay for a restart. */
    RESET,
    /** {@code rmdir} each group: its CPUs and tasks return to the default group (resctrl.rst). */
    RMDIR
}
