package org.rhcc.nativeio.msr;

import org.rhcc.nativeio.sys.ChannelOpener;
import org.rhcc.nativeio.sys.Errno;
import org.rhcc.nativeio.sys.Lockdown;
import org.rhcc.nativeio.sys.SysFiles;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The MSR address space of every CPU, as exposed by the msr driver under a root directory ({@code /dev/cpu} by
 * default; one {@code N/msr} file per CPU, offset = MSR number).
 * <p>
 * Errors are classified in one place, {@link #classify(IOException, int, long, boolean)}, using the same errno the
 * driver returns: ENOENT (driver not loaded), EACCES (file mode), EPERM on open (no CAP_SYS_RAWIO), EIO on read
 * (unimplemented MSR), EPERM on write (lockdown or {@code msr.allow_writes=off}), EIO on write (#GP).
 */
public final class MsrSpace
{
    /** Default root of the per-CPU device files. */
    public static final Path DEFAULT_ROOT = Path.of("/dev/cpu");
    /** The msr module's write switch ({@code on}, {@code off} or {@code default}). */
    public static final Path DEFAULT_ALLOW_WRITES = Path.of("/sys/module/msr/parameters/allow_writes");

    private static final OpenOption[] READ_ONLY = { StandardOpenOption.READ };
    private static final OpenOption[] READ_WRITE = { StandardOpenOption.READ, StandardOpenOption.WRITE };

    private final Path root;
    private final ChannelOpener opener;
    private final Path lockdownFile;
    private final Path allowWritesFile;

    /**
     * @param root            directory holding {@code N/msr}, usually {@link #DEFAULT_ROOT}.
     * @param opener          channel opener, {@link ChannelOpener#SYSTEM} in production.
     * @param lockdownFile    usually {@link Lockdown#DEFAULT_PATH}; consulted to explain a refused write.
     * @param allowWritesFile usually {@link #DEFAULT_ALLOW_WRITES}; consulted to explain a refused write.
     */
    public MsrSpace(
        final Path root, final ChannelOpener opener, final Path lockdownFile, final Path allowWritesFile)
    {
        this.root = root;
        this.opener = opener;
        this.lockdownFile = lockdownFile;
        this.allowWritesFile = allowWritesFile;
    }

    /**
     * @return the real MSR space of this machine.
     */
    public static MsrSpace system()
    {
        return new MsrSpace(DEFAULT_ROOT, ChannelOpener.SYSTEM, Lockdown.DEFAULT_PATH, DEFAULT_ALLOW_WRITES);
    }

    /**
     * @return the root directory of the per-CPU device files.
     */
    public Path root()
    {
        return root;
    }

    /**
     * @param cpu logical CPU number.
     * @return the path of that CPU's msr file.
     */
    public Path msrPath(final int cpu)
    {
        return root.resolve(Integer.toString(cpu)).resolve("msr");
    }

    /**
     * @param cpu logical CPU number.
     * @return true if that CPU's msr device file exists (the driver is loaded).
     */
    public boolean devicePresent(final int cpu)
    {
        return Files.exists(msrPath(cpu));
    }

    /**
     * Opens one CPU's MSR file. Keep it open: opening costs a syscall and a capability check.
     *
     * @param cpu      logical CPU number; accesses run on that CPU (an IPI unless the caller is pinned to it).
     * @param writable true to allow {@link MsrFile#write(long, long)}.
     * @throws MsrAccessException classified, with the fix.
     */
    public MsrFile open(final int cpu, final boolean writable)
    {
        if (cpu < 0)
        {
            throw new IllegalArgumentException("CPU number must be >= 0, got " + cpu);
        }
        final Path path = msrPath(cpu);
        try
        {
            final FileChannel channel = opener.open(path, writable ? READ_WRITE : READ_ONLY);
            return new MsrFile(this, cpu, channel, writable);
        }
        catch (final IOException ex)
        {
            throw classify(ex, cpu, -1, false);
        }
    }

    /**
     * Classifies a failed access.
     *
     * @param ex    the exception from open, {@code pread} or {@code pwrite}.
     * @param cpu   the CPU.
     * @param msr   the MSR number, or -1 for an open.
     * @param write true for a failed write.
     * @return the classified exception (to be thrown by the caller).
     */
    MsrAccessException classify(final IOException ex, final int cpu, final long msr, final boolean write)
    {
        final String what = (msr < 0 ? "open of " + msrPath(cpu) :
            (write ? "write of MSR 0x" : "read of MSR 0x") + Long.toHexString(msr) + " on CPU " + cpu) +
            ": " + Errno.describe(ex);
        final MsrAccessException.Reason reason;
        if (msr < 0)
        {
            if (Errno.isNoSuchFile(ex))
            {
                // /dev/cpu/N is created by the cpuid and msr drivers alike: a CPU directory (or no /dev/cpu at
                // all) without an msr file means the msr driver is not loaded; a missing CPU among others means
                // the CPU is absent or offline.
                reason = Files.isDirectory(root.resolve(Integer.toString(cpu))) || !Files.isDirectory(root) ?
                    MsrAccessException.Reason.NO_DRIVER : MsrAccessException.Reason.NO_CPU;
            }
            else if (Errno.is(ex, Errno.EACCES))
            {
                reason = MsrAccessException.Reason.PERMISSION_MODE;
            }
            else if (Errno.is(ex, Errno.EPERM))
            {
                reason = MsrAccessException.Reason.NO_CAP_SYS_RAWIO;
            }
            else if (Errno.is(ex, Errno.ENXIO))
            {
                reason = MsrAccessException.Reason.NO_CPU;
            }
            else
            {
                reason = MsrAccessException.Reason.IO;
            }
        }
        else if (Errno.is(ex, Errno.EIO))
        {
            reason = write ? MsrAccessException.Reason.WRITE_REJECTED : MsrAccessException.Reason.UNSUPPORTED_MSR;
        }
        else if (write && Errno.is(ex, Errno.EPERM))
        {
            if (Lockdown.writesLocked(lockdownFile))
            {
                reason = MsrAccessException.Reason.LOCKDOWN;
            }
            else if ("off".equals(SysFiles.readTrimmedOrNull(allowWritesFile)))
            {
                reason = MsrAccessException.Reason.WRITES_DISABLED;
            }
            else
            {
                // EPERM on write with neither lockdown nor allow_writes=off reported: lockdown is the only other
                // source in msr_write(); securityfs may simply not be mounted to show it.
                reason = MsrAccessException.Reason.LOCKDOWN;
            }
        }
        else
        {
            reason = MsrAccessException.Reason.IO;
        }
        return new MsrAccessException(reason, cpu, msr, msrPath(cpu), what, ex);
    }
}
