package org.rhcc.nativeio.cpu;

import java.nio.file.Path;

/**
 * A cpuid device that cannot be opened, with what failed ({@link #what()}), the device file ({@link #path()}) and the
 * fix ({@link #fix()}) as fields of their own, so that {@code rhcc doctor} reports them without parsing the message
 * (docs/design.md §3). The message joins them on one line.
 */
public final class CpuidAccessException extends IllegalStateException
{
    private static final long serialVersionUID = 1L;

    /** The cpuid device file. */
    private final transient Path path;
    /** What failed, with the errno. */
    private final String what;
    /** What the operator should do. */
    private final String fix;

    /**
     * @param path  the cpuid device file, e.g. {@code /dev/cpu/0/cpuid}.
     * @param what  what failed, e.g. "cannot open /dev/cpu/0/cpuid: No such file or directory".
     * @param fix   what the operator should do.
     * @param cause the I/O exception, may be null.
     */
    public CpuidAccessException(final Path path, final String what, final String fix, final Throwable cause)
    {
        super(what + " -> " + fix, cause);
        this.path = path;
        this.what = what;
        this.fix = fix;
    }

    /**
     * @return the cpuid device file.
     */
    public Path path()
    {
        return path;
    }

    /**
     * @return what failed, with the errno.
     */
    public String what()
    {
        return what;
    }

    /**
     * @return what the operator should do.
     */
    public String fix()
    {
        return fix;
    }
}
