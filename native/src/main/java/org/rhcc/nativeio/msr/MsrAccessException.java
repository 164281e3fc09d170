package org.rhcc.nativeio.msr;

import java.nio.file.Path;

/**
 * A failed MSR access, classified so that callers (and {@code rhcc doctor}) can tell the operator what to do: what
 * failed ({@link #what()}), on which device file ({@link #path()}), why ({@link #reason()}) and the fix
 * ({@link #fix()}), each a field of its own; the message joins them on one line (docs/design.md §3).
 */
public final class MsrAccessException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * Why the access failed; each constant carries the fix.
     */
    public enum Reason
    {
        /** {@code /dev/cpu/N/msr} does not exist although the CPU does: the msr driver is not loaded. */
        NO_DRIVER("load the msr driver: modprobe msr (and add 'msr' to /etc/modules-load.d/ to keep it)"),
        /** {@code /dev/cpu/N} does not exist: no such CPU, or it is offline. */
        NO_CPU("use an online CPU (see /sys/devices/system/cpu/online)"),
        /** EACCES on open: the file mode (root-only 0600) forbids it. */
        PERMISSION_MODE("run as root, or give the rhcc user access to /dev/cpu/*/msr (udev rule, group)"),
        /** EPERM on open: the process lacks CAP_SYS_RAWIO ({@code msr_open}). */
        NO_CAP_SYS_RAWIO("grant CAP_SYS_RAWIO: AmbientCapabilities=CAP_SYS_RAWIO in the systemd unit, or "
            + "setcap cap_sys_rawio+ep on the java binary, or run as root"),
        /** EIO on read: the CPU does not implement this MSR (rdmsr raised #GP). */
        UNSUPPORTED_MSR("this MSR does not exist on this CPU: check the CPU model with 'rhcc doctor' and the "
            + "IIO counter table (CLX/SKX 0x55, ICX 0x6A/0x6C, SPR 0x8F); in a VM the hypervisor hides uncore MSRs"),
        /** EPERM on write while kernel lockdown is active. */
        LOCKDOWN("kernel lockdown refuses MSR writes: use the resctrl MBA actuator (the default), or boot with "
            + "lockdown=none (Secure Boot enables lockdown on many distributions)"),
        /** EPERM on write without lockdown: {@code msr.allow_writes=off}. */
        WRITES_DISABLED("MSR writes are disabled: echo on > /sys/module/msr/parameters/allow_writes "
            + "(or boot with msr.allow_writes=on)"),
        /** EIO on write: the CPU rejected the value (reserved bits, or an MSR that is read-only or absent). */
        WRITE_REJECTED("the CPU rejected the write (#GP): the MSR is read-only or absent on this model, or the "
            + "value sets reserved bits"),
        /** A short read or write, or any other errno. */
        IO("see the errno in the message; 'rhcc doctor' checks the msr setup");

        private final String fix;

        Reason(final String fix)
        {
            this.fix = fix;
        }

        /**
         * @return what the operator should do.
         */
        public String fix()
        {
            return fix;
        }
    }

    /** Why the access failed. */
    private final Reason reason;
    /** CPU whose msr file was accessed. */
    private final int cpu;
    /** MSR number, or -1 for a failed open. */
    private final long msr;
    /** The msr device file accessed. */
    private final transient Path path;
    /** What failed, with the errno. */
    private final String what;

    /**
     * @param reason classification.
     * @param cpu    CPU whose msr file was accessed.
     * @param msr    MSR number, or -1 for an open.
     * @param path   the msr device file, e.g. {@code /dev/cpu/3/msr}.
     * @param what   what failed, e.g. "read of MSR 0xa5a on CPU 3: Input/output error".
     * @param cause  the I/O exception, may be null.
     */
    public MsrAccessException(
        final Reason reason, final int cpu, final long msr, final Path path, final String what, final Throwable cause)
    {
        super(what + " -> " + reason + ": " + reason.fix(), cause);
        this.reason = reason;
        this.cpu = cpu;
        this.msr = msr;
        this.path = path;
        this.what = what;
    }

    /**
     * @return why the access failed.
     */
    public Reason reason()
    {
        return reason;
    }

    /**
     * @return the CPU whose msr file was accessed.
     */
    public int cpu()
    {
        return cpu;
    }

    /**
     * @return the MSR number, or -1 for a failed open.
     */
    public long msr()
    {
        return msr;
    }

    /**
     * @return the msr device file that was accessed.
     */
    public Path path()
    {
        return path;
    }

    /**
     * @return what failed, with the errno, e.g. "read of MSR 0xa5a on CPU 3: Input/output error".
     */
    public String what()
    {
        return what;
    }

    /**
     * @return what the operator should do ({@link Reason#fix()} of {@link #reason()}).
     */
    public String fix()
    {
        return reason.fix();
    }
}
