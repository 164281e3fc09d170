package org.rhcc.nativeio.sys;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;

/**
 * Opens the file channel behind a device file ({@code /dev/cpu/N/msr}, {@code /dev/cpu/N/cpuid}).
 * <p>
 * Production uses {@link #SYSTEM}, a plain {@link FileChannel#open(Path, OpenOption...)}. The test fixtures plug in
 * an opener that behaves like the kernel driver (EIO on unimplemented MSRs, EPERM without CAP_SYS_RAWIO or under
 * lockdown) over a sparse file, so the code above this seam is the production code.
 */
@FunctionalInterface
public interface ChannelOpener
{
    /** The real thing: {@link FileChannel#open(Path, OpenOption...)}. */
    ChannelOpener SYSTEM = FileChannel::open;

    /**
     * @param path    of the device file.
     * @param options as for {@link FileChannel#open(Path, OpenOption...)}.
     * @return an open channel; positional reads and writes map to {@code pread(2)}/{@code pwrite(2)}.
     * @throws IOException as {@link FileChannel#open(Path, OpenOption...)} would.
     */
    FileChannel open(Path path, OpenOption... options) throws IOException;
}
