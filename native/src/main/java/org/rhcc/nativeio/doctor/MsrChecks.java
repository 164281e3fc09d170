package org.rhcc.nativeio.doctor;

import org.rhcc.nativeio.msr.MsrAccessException;
import org.rhcc.nativeio.msr.MsrFile;
import org.rhcc.nativeio.msr.MsrSpace;
import org.rhcc.nativeio.sys.Lockdown;
import org.rhcc.nativeio.sys.ProcMounts;
import org.rhcc.nativeio.sys.SysFiles;

import java.nio.file.Path;
import java.util.List;

/**
 * The doctor's {@code msr} area (docs/design.md §3, docs/platform.md §2): the msr device (a harmless read of
 * IA32_TSC), CAP_SYS_RAWIO, {@code msr.allow_writes} and kernel lockdown. A failed access is reported from
 * {@link MsrAccessException}'s fields: what failed and the fix.
 */
final class MsrChecks extends CheckArea
{
    /** CAP_SYS_RAWIO is capability bit 17 ({@code linux/capability.h}); {@code msr_open} requires it. */
    static final int CAP_SYS_RAWIO_BIT = 17;
    /** IA32_TIME_STAMP_COUNTER, present on every x86-64 CPU: a harmless MSR to test reads with. */
    static final long IA32_TSC = 0x10;

    private static final String AREA = "msr";

    private MsrSpace msrSpace;
    private boolean msrReadable;

    /**
     * @param ctx where to look.
     */
    MsrChecks(final Doctor.Context ctx)
    {
        super(ctx);
    }

    /**
     * @return the msr device space if {@link #examine()} could read an MSR through it, else null.
     */
    MsrSpace readableSpace()
    {
        return msrReadable ? msrSpace : null;
    }

    /**
     * Runs the checks once.
     */
    List<Check> examine()
    {
        final String area = AREA;
        final Path sysModule = ctx.sysRoot.resolve("module/msr/parameters/allow_writes");
        final Path lockdownFile = ctx.sysRoot.resolve("kernel/security/lockdown");
        msrSpace = new MsrSpace(ctx.msrRoot, ctx.opener, lockdownFile, sysModule);
        if (!msrSpace.devicePresent(ctx.cpu))
        {
            add(Check.missing(area, "msr device", msrSpace.msrPath(ctx.cpu) + " does not exist",
                MsrAccessException.Reason.NO_DRIVER.fix()));
        }
        else
        {
            try (MsrFile file = msrSpace.open(ctx.cpu, false))
            {
                file.read(IA32_TSC);
                msrReadable = true;
                add(Check.ok(area, "msr device", msrSpace.msrPath(ctx.cpu) + " readable (IA32_TSC read)"));
            }
            catch (final MsrAccessException ex)
            {
                add(Check.missing(area, "msr device", ex.what(), ex.fix()));
            }
        }

        final String capEff = statusField(ctx.procRoot.resolve("self/status"), "CapEff");
        if (null == capEff)
        {
            add(Check.warn(area, "CAP_SYS_RAWIO", "cannot read CapEff from " + ctx.procRoot.resolve("self/status"),
                "check capabilities with: grep Cap /proc/self/status"));
        }
        else if ((Long.parseUnsignedLong(capEff, 16) & (1L << CAP_SYS_RAWIO_BIT)) != 0)
        {
            add(Check.ok(area, "CAP_SYS_RAWIO", "effective (CapEff " + capEff + ")"));
        }
        else
        {
            add(Check.missing(area, "CAP_SYS_RAWIO", "not effective (CapEff " + capEff + "): opening the msr " +
                "device will fail with EPERM", MsrAccessException.Reason.NO_CAP_SYS_RAWIO.fix()));
        }

        final String allowWrites = SysFiles.readTrimmedOrNull(sysModule);
        if (null == allowWrites)
        {
            add(Check.warn(area, "msr writes", "unknown: " + sysModule + " absent (msr module not loaded, or a " +
                "kernel older than 5.9)", "load the msr module, then rerun rhcc doctor"));
        }
        else if ("off".equals(allowWrites))
        {
            add(Check.warn(area, "msr writes", "msr.allow_writes=off: every MSR write is refused (the IRP sensor " +
                "programs its control registers)", MsrAccessException.Reason.WRITES_DISABLED.fix()));
        }
        else
        {
            add(Check.ok(area, "msr writes", "msr.allow_writes=" + allowWrites + ("default".equals(allowWrites) ?
                " (allowed; writes to unlisted MSRs taint the kernel and are logged)" : "")));
        }

        final String lockdown = Lockdown.activeMode(lockdownFile);
        if (null == lockdown)
        {
            final boolean securityfs = !ProcMounts.ofType(ctx.procRoot.resolve("mounts"), "securityfs").isEmpty();
            if (securityfs)
            {
                add(Check.ok(area, "kernel lockdown", "not built in (securityfs mounted, no lockdown file)"));
            }
            else
            {
                add(Check.warn(area, "kernel lockdown", "cannot tell: securityfs is not mounted, so " +
                    lockdownFile + " is absent", "mount -t securityfs securityfs /sys/kernel/security, then rerun"));
            }
        }
        else if ("none".equals(lockdown))
        {
            add(Check.ok(area, "kernel lockdown", "none"));
        }
        else
        {
            add(Check.warn(area, "kernel lockdown", lockdown + ": MSR writes are refused (IRP counter programming "
                + "and the raw MSR MBA actuator)", MsrAccessException.Reason.LOCKDOWN.fix()));
        }
        return checks();
    }

    private static String statusField(final Path status, final String field)
    {
        final String text = SysFiles.readTrimmedOrNull(status);
        if (null == text)
        {
            return null;
        }
        for (final String line : text.split("\n"))
        {
            if (line.startsWith(field + ":"))
            {
                return line.substring(field.length() + 1).trim();
            }
        }
        return null;
    }
}
