package org.rhcc.nativeio.resctrl;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@link ResctrlFs} on the real filesystem: plain {@code open}/{@code write}/{@code mkdir}/{@code rmdir}.
 */
public final class LinuxResctrlFs implements ResctrlFs
{
    /** Where resctrl is conventionally mounted. */
    public static final Path DEFAULT_ROOT = Path.of("/sys/fs/resctrl");

    private final Path root;

    /**
     * @param root the mount point, usually {@link #DEFAULT_ROOT}.
     */
    public LinuxResctrlFs(final Path root)
    {
        this.root = root;
    }

    @Override
    public Path root()
    {
        return root;
    }

    @Override
    public boolean exists(final String relPath)
    {
        return Files.exists(root.resolve(relPath));
    }

    @Override
    public String read(final String relPath) throws IOException
    {
        return new String(Files.readAllBytes(root.resolve(relPath)), StandardCharsets.US_ASCII);
    }

    @Override
    public void write(final String relPath, final String content) throws IOException
    {
        try (FileChannel channel = FileChannel.open(
            root.resolve(relPath), StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING))
        {
            writeFully(channel, ByteBuffer.wrap(content.getBytes(StandardCharsets.US_ASCII)));
        }
    }

    @Override
    public ControlFile openControl(final String relPath) throws IOException
    {
        final FileChannel channel = FileChannel.open(root.resolve(relPath), StandardOpenOption.WRITE);
        return new ControlFile()
        {
            public void write(final ByteBuffer command) throws IOException
            {
                writeFully(channel, command);
            }

            public void close()
            {
                try
                {
                    channel.close();
                }
                catch (final IOException ignore)
                {
                    // a control file holds no buffered data
                }
            }
        };
    }

    @Override
    public void mkdir(final String relPath) throws IOException
    {
        Files.createDirectory(root.resolve(relPath));
    }

    @Override
    public void rmdir(final String relPath) throws IOException
    {
        Files.delete(root.resolve(relPath));
    }

    @Override
    public List<String> list(final String relPath) throws IOException
    {
        try (Stream<Path> entries = Files.list(relPath.isEmpty() ? root : root.resolve(relPath)))
        {
            return entries.map((p) -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    private static void writeFully(final FileChannel channel, final ByteBuffer command) throws IOException
    {
        // kernfs takes a command of up to PAGE_SIZE in one write(2) (atomic_write_len); position 0 because the
        // offset is ignored by resctrl and a positional write keeps the channel reusable.
        long position = 0;
        while (command.hasRemaining())
        {
            final int n = channel.write(command, position);
            if (n <= 0)
            {
                throw new IOException("short write to resctrl control file");
            }
            position += n;
        }
    }
}
