package org.rhcc.nativeio.resctrl;

import org.rhcc.nativeio.sys.Errno;

import java.io.IOException;

/**
 * Turns a refused resctrl operation into a message that carries the kernel's own explanation,
 * {@code info/last_cmd_status} (resctrl.rst: "If the command was successful, the file contains 'ok'"), and a fix.
 */
public final class ResctrlErrors
{
    /** Path of the status of the last command, relative to the resctrl root. */
    public static final String LAST_CMD_STATUS = "info/last_cmd_status";

    private ResctrlErrors()
    {
    }

    /**
     * @param fs the tree.
     * @return the trimmed content of {@code info/last_cmd_status}, or a note that it cannot be read.
     */
    public static String lastCmdStatus(final ResctrlFs fs)
    {
        try
        {
            return fs.read(LAST_CMD_STATUS).trim();
        }
        catch (final IOException ex)
        {
            return "(" + LAST_CMD_STATUS + " unreadable: " + Errno.describe(ex) + ")";
        }
    }

    /**
     * @param fs   the tree.
     * @param what what was attempted, e.g. {@code "write 'MB:0=5\n' to rhcc-local/schemata"}.
     * @param ex   the failure.
     * @return an exception naming the attempt, the errno, {@code last_cmd_status} and a fix.
     */
    public static IllegalStateException refusal(final ResctrlFs fs, final String what, final IOException ex)
    {
        final String fix;
        if (Errno.is(ex, Errno.EACCES) || Errno.is(ex, Errno.EPERM))
        {
            fix = "run as root or give the rhcc user ownership of the resctrl groups (chown -R)";
        }
        else if (Errno.is(ex, Errno.ENOSPC))
        {
            fix = "every CLOSID is in use (see info/MB/num_closids): remove unused groups under " + fs.root();
        }
        else if (Errno.isNoSuchFile(ex))
        {
            fix = "the group or file disappeared: is resctrl still mounted at " + fs.root() + "?";
        }
        else
        {
            fix = "the kernel refused the command; last_cmd_status above says why";
        }
        return new IllegalStateException("resctrl refused to " + what.replace("\n", "\\n") + ": " +
            Errno.describe(ex) + "; last_cmd_status: " + lastCmdStatus(fs) + " -> " + fix, ex);
    }
}
