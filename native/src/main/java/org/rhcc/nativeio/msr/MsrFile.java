package org.rhcc.nativeio.msr;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * One CPU's open MSR file: 8-byte positional reads and writes at offset = MSR number, little-endian.
 * <p>
 * <b>Note:</b> not thread-safe; one instance per polling thread. {@link #read(long)} allocates nothing (a reused
 * direct buffer and a positional {@code pread}), so it can sit on the sampling hot path.
 */
public final class MsrFile implements AutoCloseable
{
    private static final int MSR_BYTES = 8;

    private final MsrSpace space;
    private final int cpu;
    private final FileChannel channel;
    private final boolean writable;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(MSR_BYTES).order(ByteOrder.LITTLE_ENDIAN);

    MsrFile(final MsrSpace space, final int cpu, final FileChannel channel, final boolean writable)
    {
        this.space = space;
        this.cpu = cpu;
        this.channel = channel;
        this.writable = writable;
    }

    /**
     * @return the CPU this file accesses.
     */
    public int cpu()
    {
        return cpu;
    }

    /**
     * @return true if opened for writing.
     */
    public boolean writable()
    {
        return writable;
    }

    /**
     * Reads one MSR ({@code rdmsr} on this file's CPU).
     *
     * @param msr MSR number (0 .. 0xFFFFFFFF).
     * @return the 64-bit value.
     * @throws MsrAccessException classified (EIO = the MSR does not exist on this CPU).
     */
    public long read(final long msr)
    {
        buffer.clear();
        try
        {
            int done = 0;
            while (done < MSR_BYTES)
            {
                final int n = channel.read(buffer, msr + done);
                if (n <= 0)
                {
                    throw new IOException("short read of " + done + " of 8 bytes");
                }
                done += n;
            }
        }
        catch (final IOException ex)
        {
            throw space.classify(ex, cpu, msr, false);
        }
        return buffer.getLong(0);
    }

    /**
     * Writes one MSR ({@code wrmsr} on this file's CPU).
     *
     * @param msr   MSR number.
     * @param value the 64-bit value.
     * @throws MsrAccessException classified (EPERM = lockdown or allow_writes=off, EIO = rejected by the CPU).
     * @throws IllegalStateException if the file was opened read-only.
     */
    public void write(final long msr, final long value)
    {
        if (!writable)
        {
            throw new IllegalStateException("MSR file of CPU " + cpu + " was opened read-only; open it writable "
                + "to write MSR 0x" + Long.toHexString(msr));
        }
        buffer.clear();
        buffer.putLong(0, value);
        try
        {
            int done = 0;
            while (done < MSR_BYTES)
            {
                final int n = channel.write(buffer, msr + done);
                if (n <= 0)
                {
                    throw new IOException("short write of " + done + " of 8 bytes");
                }
                done += n;
            }
        }
        catch (final IOException ex)
        {
            throw space.classify(ex, cpu, msr, true);
        }
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
            // closing a device file cannot lose data
        }
    }
}
