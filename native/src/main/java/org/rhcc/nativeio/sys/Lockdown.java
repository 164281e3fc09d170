package org.rhcc.nativeio.sys;

import java.nio.file.Path;

/**
 * Kernel lockdown state from {@code /sys/kernel/security/lockdown}, whose content lists the modes with the active
 * one in brackets, e.g. {@code "none [integrity] confidentiality"}. Under {@code integrity} or
 * {@code confidentiality} the msr driver refuses every write ({@code security_locked_down(LOCKDOWN_MSR)},
 * {@code arch/x86/kernel/msr.c}).
 */
public final class Lockdown
{
    /** Default location of the lockdown file. */
    public static final Path DEFAULT_PATH = Path.of("/sys/kernel/security/lockdown");

    private Lockdown()
    {
    }

    /**
     * @param lockdownFile usually {@link #DEFAULT_PATH}.
     * @return the active mode ({@code none}, {@code integrity}, {@code confidentiality}) or null when the file does
     * not exist (securityfs not mounted, or a kernel without the lockdown LSM).
     */
    public static String activeMode(final Path lockdownFile)
    {
        final String text = SysFiles.readTrimmedOrNull(lockdownFile);
        if (null == text)
        {
            return null;
        }
        final int open = text.indexOf('[');
        final int close = text.indexOf(']', open + 1);
        return open >= 0 && close > open ? text.substring(open + 1, close) : text;
    }

    /**
     * @param lockdownFile usually {@link #DEFAULT_PATH}.
     * @return true when lockdown is known to be active (any mode other than {@code none}).
     */
    public static boolean writesLocked(final Path lockdownFile)
    {
        final String mode = activeMode(lockdownFile);
        return null != mode && !"none".equals(mode);
    }
}
