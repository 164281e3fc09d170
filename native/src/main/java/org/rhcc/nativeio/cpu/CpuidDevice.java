package org.rhcc.nativeio.cpu;

import org.rhcc.nativeio.sys.ChannelOpener;
import org.rhcc.nativeio.sys.Errno;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One CPU's cpuid device file. A 16-byte {@code pread} at offset {@code leaf | (subleaf << 32)} executes CPUID on
 * that CPU and returns EAX, EBX, ECX, EDX, little-endian ({@code arch/x86/kernel/cpuid.c}).
 */
public final class CpuidDevice implements AutoCloseable
{
    /** Default root of the per-CPU device files. */
    public static final Path DEFAULT_ROOT = Path.of("/dev/cpu");

    /** Index of EAX in the array {@link #cpuid(int, int)} returns. */
    public static final int EAX = 0;
    /** Index of EBX. */
    public static final int EBX = 1;
    /** Index of ECX. */
    public static final int ECX = 2;
    /** Index of EDX. */
    public static final int EDX = 3;

    private final FileChannel channel;
    private final Path path;
    private final ByteBuffer buffer = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);

    private CpuidDevice(final FileChannel channel, final Path path)
    {
        this.channel = channel;
        this.path = path;
    }

    /**
     * @param root   directory holding {@code N/cpuid}, usually {@link #DEFAULT_ROOT}.
     * @param cpu    logical CPU number.
     * @param opener channel opener, {@link ChannelOpener#SYSTEM} in production.
     * @throws CpuidAccessException with the fix when the device is missing or not permitted.
     */
    public static CpuidDevice open(final Path root, final int cpu, final ChannelOpener opener)
    {
        final Path path = root.resolve(Integer.toString(cpu)).resolve("cpuid");
        try
        {
            return new CpuidDevice(opener.open(path, StandardOpenOption.READ), path);
        }
        catch (final IOException ex)
        {
            final String fix;
            if (Errno.isNoSuchFile(ex))
            {
                fix = Files.isDirectory(root) && !Files.isDirectory(path.getParent()) ?
                    "CPU " + cpu + " does not exist or is offline" :
                    "load the cpuid driver: modprobe cpuid";
            }
            else if (Errno.is(ex, Errno.EACCES) || Errno.is(ex, Errno.EPERM))
            {
                fix = "run as root (the cpuid device is mode 0600 root)";
            }
            else
            {
                fix = "check " + path;
            }
            throw new CpuidAccessException(path, "cannot open " + path + ": " + Errno.describe(ex), fix, ex);
        }
    }

    /**
     * Executes CPUID.
     *
     * @param leaf    EAX input.
     * @param subleaf ECX input.
     * @return {EAX, EBX, ECX, EDX}.
     * @throws IllegalStateException if the read fails.
     */
    public int[] cpuid(final int leaf, final int subleaf)
    {
        final long offset = (leaf & 0xFFFF_FFFFL) | ((subleaf & 0xFFFF_FFFFL) << 32);
        buffer.clear();
        try
        {
            while (buffer.hasRemaining())
            {
                if (channel.read(buffer, offset + buffer.position()) <= 0)
                {
                    throw new IOException("short read of " + buffer.position() + " of 16 bytes");
                }
            }
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("CPUID leaf 0x" + Integer.toHexString(leaf) + " subleaf " + subleaf +
                " through " + path + " failed: " + Errno.describe(ex), ex);
        }
        return new int[]{ buffer.getInt(0), buffer.getInt(4), buffer.getInt(8), buffer.getInt(12) };
    }

    @Override
    public void close()
    {
        try
        {
            channel.close();
        }
        catch (final IOException ignore)
        {
            // nothing was written
        }
    }
}
