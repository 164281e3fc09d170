package org.rhcc.nativeio.sys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Mount table lookups in {@code /proc/mounts} (fields: device, mount point, fstype, options, ...; spaces in paths
 * are escaped as {@code \040}).
 */
public final class ProcMounts
{
    /** Default location of the mount table. */
    public static final Path DEFAULT_PATH = Path.of("/proc/mounts");

    /**
     * One mount.
     *
     * @param mountPoint where it is mounted.
     * @param fsType     filesystem type, e.g. {@code resctrl}.
     * @param options    mount options, e.g. {@code rw,relatime,mba_MBps}.
     */
    public record Mount(String mountPoint, String fsType, String options)
    {
    }

    private ProcMounts()
    {
    }

    /**
     * @param mountsFile usually {@link #DEFAULT_PATH}.
     * @param fsType     filesystem type to look for.
     * @return the mounts of that type; empty if none or the table cannot be read.
     */
    public static List<Mount> ofType(final Path mountsFile, final String fsType)
    {
        final List<Mount> result = new ArrayList<>();
        final List<String> lines;
        try
        {
            lines = Files.readAllLines(mountsFile, StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            return result;
        }
        for (final String line : lines)
        {
            final String[] fields = line.trim().split("\\s+");
            if (fields.length >= 4 && fsType.equals(fields[2]))
            {
                result.add(new Mount(fields[1].replace("\\040", " "), fields[2], fields[3]));
            }
        }
        return result;
    }
}
