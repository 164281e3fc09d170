package org.rhcc.nativeio.failsafe;

/**
 * The content of a heartbeat file: {@code rhcc-heartbeat pid=<pid> start=<ticks> seq=<n>} and a newline. The pid
 * and start time ({@code /proc/<pid>/stat} field 22) let the watchdog notice the controller's death at once, without
 * waiting for the timeout, and tell a reused pid apart; the sequence number changes on every beat.
 *
 * @param pid       the controller's process id.
 * @param startTime the controller's start time in clock ticks since boot, or -1 if unknown.
 * @param sequence  beat counter.
 */
public record Heartbeat(long pid, long startTime, long sequence)
{
    /** First word of every heartbeat file. */
    public static final String MAGIC = "rhcc-heartbeat";

    public String format()
    {
        return MAGIC + " pid=" + pid + " start=" + startTime + " seq=" + sequence + "\n";
    }

    /**
     * @param content a heartbeat file's content.
     * @return the heartbeat, or null if the content is not one (a partial or foreign file).
     */
    public static Heartbeat parse(final String content)
    {
        final String[] words = content.trim().split("\\s+");
        if (words.length != 4 || !MAGIC.equals(words[0]))
        {
            return null;
        }
        try
        {
            return new Heartbeat(value(words[1], "pid="), value(words[2], "start="), value(words[3], "seq="));
        }
        catch (final IllegalArgumentException ex)
        {
            return null;
        }
    }

    private static long value(final String word, final String key)
    {
        if (!word.startsWith(key))
        {
            throw new IllegalArgumentException(word);
        }
        return Long.parseLong(word.substring(key.length()));
    }
}
