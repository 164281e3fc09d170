package org.rhcc.transport.aeron;

import io.aeron.driver.Configuration;
import io.aeron.driver.ThreadingMode;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Configuration of an {@link EmbeddedMediaDriver}, in the style of {@code MediaDriver.Context}: fluent setters and a
 * validating {@link #conclude()}. Defaults can be overridden with the system properties named by the
 * {@code *_PROP_NAME} constants.
 */
public final class DriverConfig
{
    /**
     * Smallest term length Aeron accepts: 64 KiB.
     */
    public static final int TERM_MIN_LENGTH = 64 * 1024;

    /**
     * Largest term length Aeron accepts: 1 GiB.
     */
    public static final int TERM_MAX_LENGTH = 1024 * 1024 * 1024;

    /**
     * System property overriding {@link #TERM_LENGTH_DEFAULT}.
     */
    public static final String TERM_LENGTH_PROP_NAME = "rhcc.transport.term.length";

    /**
     * Default term length for UDP and IPC publications: 1 MiB. A publication maps three terms plus metadata, so each
     * stream costs about 3 MiB of the driver directory instead of Aeron's default 48 MiB (16 MiB terms), which matters
     * on a small {@code /dev/shm}. Our frames are 56-80 bytes (128 with Aeron's header, aligned), so a term still holds
     * over 8 000 messages, and Aeron's flow-control window (half a term) lets a publisher run 512 KiB ahead of its
     * slowest subscriber.
     */
    public static final int TERM_LENGTH_DEFAULT = 1024 * 1024;

    /**
     * System property overriding {@link #THREADING_MODE_DEFAULT}.
     */
    public static final String THREADING_MODE_PROP_NAME = "rhcc.transport.threading.mode";

    /**
     * Default driver threading mode: one thread for conductor, sender and receiver, since our IPC data path never
     * goes through the driver's threads and test machines have 2 cores.
     */
    public static final ThreadingMode THREADING_MODE_DEFAULT = ThreadingMode.SHARED;

    /**
     * System property overriding {@link #IDLE_STRATEGY_DEFAULT}.
     */
    public static final String IDLE_STRATEGY_PROP_NAME = "rhcc.transport.driver.idle.strategy";

    /**
     * Default idle strategy of the driver's threads (conductor, sender, receiver, and the async executor that would
     * otherwise wake every millisecond on Aeron's own default) and the archive's, see {@link IdleStrategies}.
     */
    public static final String IDLE_STRATEGY_DEFAULT = IdleStrategies.DEFAULT_SPEC;

    /**
     * Default archive segment file length: 8 MiB; a recording's files grow a segment at a time, and the archive
     * raises the length to the term length where that is larger.
     */
    public static final int ARCHIVE_SEGMENT_LENGTH_DEFAULT = 8 * 1024 * 1024;

    /**
     * Default length of the driver's counters values buffer: 1 MiB, room for 8 192 counters. A node in a session of
     * every role (the sim node of {@code --via cluster --nodes 1}) uses about 220 (its driver's, rhcc's agents', journals'
     * and streams'). Aeron's 8 MiB default, with the metadata buffer four times the values, made each node's cnc.dat
     * 47 MB (12 MB now), every page of which the driver touches when it creates the file, on the disk that holds the
     * work directory: a receiver node's start took 5.4-5.8 s of CPU with the default and 5.0-5.5 s with 1 MiB (three
     * alternating starts each on the shared 2-core development machine). Aeron's own property
     * ({@code aeron.counters.buffer.length}) still sets it.
     */
    public static final int COUNTERS_BUFFER_LENGTH_DEFAULT = 1024 * 1024;

    private Path workDir;
    private final int countersBufferBytes = Integer.getInteger(
        Configuration.COUNTERS_VALUES_BUFFER_LENGTH_PROP_NAME, COUNTERS_BUFFER_LENGTH_DEFAULT);
    private ThreadingMode threadingMode = threadingModeProperty();
    private int termLengthBytes = termLengthProperty();
    private int ipcTermLengthBytes = termLengthProperty();
    private String idleStrategySpec = System.getProperty(IDLE_STRATEGY_PROP_NAME, IDLE_STRATEGY_DEFAULT);
    /** Aeron's default sleep of a client conductor between duty cycles, ms. */
    private static final long CLIENT_IDLE_SLEEP_MS = 16;
    private NodeActivity activity;
    private String restIdleStrategySpec = IDLE_STRATEGY_DEFAULT;
    private Path archiveDir;
    private int archiveSegmentLengthBytes = ARCHIVE_SEGMENT_LENGTH_DEFAULT;

    /**
     * @param workDir the run's working directory; the driver directory {@code aeron-<pid>-<n>} is created in it.
     * @return this for a fluent API.
     */
    public DriverConfig workDir(final Path workDir)
    {
        this.workDir = workDir;
        return this;
    }

    /**
     * @return the run's working directory.
     */
    public Path workDir()
    {
        return workDir;
    }

    /**
     * @return the length of the driver's counters values buffer, bytes.
     */
    public int countersBufferBytes()
    {
        return countersBufferBytes;
    }

    /**
     * @param threadingMode of the media driver's agents.
     * @return this for a fluent API.
     */
    public DriverConfig threadingMode(final ThreadingMode threadingMode)
    {
        this.threadingMode = threadingMode;
        return this;
    }

    /**
     * @return the media driver's threading mode.
     */
    public ThreadingMode threadingMode()
    {
        return threadingMode;
    }

    /**
     * @param termLengthBytes term length of UDP publications, a power of two in 64 KiB .. 1 GiB.
     * @return this for a fluent API.
     */
    public DriverConfig termLengthBytes(final int termLengthBytes)
    {
        this.termLengthBytes = termLengthBytes;
        return this;
    }

    /**
     * @return the term length of UDP publications in bytes.
     */
    public int termLengthBytes()
    {
        return termLengthBytes;
    }

    /**
     * @param ipcTermLengthBytes term length of IPC publications, a power of two in 64 KiB .. 1 GiB.
     * @return this for a fluent API.
     */
    public DriverConfig ipcTermLengthBytes(final int ipcTermLengthBytes)
    {
        this.ipcTermLengthBytes = ipcTermLengthBytes;
        return this;
    }

    /**
     * @return the term length of IPC publications in bytes.
     */
    public int ipcTermLengthBytes()
    {
        return ipcTermLengthBytes;
    }

    /**
     * @param idleStrategySpec idle strategy of every driver and archive thread, see {@link IdleStrategies#parse}.
     * @return this for a fluent API.
     */
    public DriverConfig idleStrategy(final String idleStrategySpec)
    {
        this.idleStrategySpec = idleStrategySpec;
        return this;
    }

    /**
     * @return the idle strategy spec of the driver's threads.
     */
    public String idleStrategy()
    {
        return idleStrategySpec;
    }

    /**
     * Lets the driver's and archive's threads rest while the node has no session: they idle with
     * {@link #idleStrategy()} only while {@code activity} is hot, with {@code restIdleStrategySpec} otherwise
     * ({@link RestingIdleStrategy}).
     *
     * @param activity             the node's sessions, or null to stay hot always.
     * @param restIdleStrategySpec the idle strategy at rest, see {@link IdleStrategies#parse}.
     * @return this for a fluent API.
     */
    public DriverConfig restWhenIdle(final NodeActivity activity, final String restIdleStrategySpec)
    {
        this.activity = activity;
        this.restIdleStrategySpec = restIdleStrategySpec;
        return this;
    }

    /**
     * @return a supplier of the idle strategies of the driver's threads, resting ones when the driver rests while
     * its node is idle.
     */
    java.util.function.Supplier<org.agrona.concurrent.IdleStrategy> idleStrategies()
    {
        final java.util.function.Supplier<org.agrona.concurrent.IdleStrategy> hot =
            IdleStrategies.supplier(idleStrategySpec);
        if (null == activity)
        {
            return hot;
        }
        final java.util.function.Supplier<org.agrona.concurrent.IdleStrategy> rest =
            IdleStrategies.supplier(restIdleStrategySpec);
        return () -> new RestingIdleStrategy(hot.get(), rest.get(), activity);
    }

    /**
     * @return the idle strategy of a client's conductor thread: Aeron's own (a 16 ms sleep), or, when the driver
     * rests while its node is idle, the rest strategy then.
     */
    org.agrona.concurrent.IdleStrategy clientIdleStrategy()
    {
        final org.agrona.concurrent.IdleStrategy hot = new org.agrona.concurrent.SleepingMillisIdleStrategy(
            CLIENT_IDLE_SLEEP_MS);
        return null == activity ? hot :
            new RestingIdleStrategy(hot, IdleStrategies.parse(restIdleStrategySpec), activity);
    }

    /**
     * @param archiveDir directory an Aeron Archive keeps recordings in, or null to run without an archive. It is
     *                   kept on close, so recordings outlive the run.
     * @return this for a fluent API.
     */
    public DriverConfig archiveDir(final Path archiveDir)
    {
        this.archiveDir = archiveDir;
        return this;
    }

    /**
     * @return the archive directory, or null when the driver runs without an archive.
     */
    public Path archiveDir()
    {
        return archiveDir;
    }

    /**
     * @param archiveSegmentLengthBytes length of recording segment files, a power of two in 64 KiB .. 1 GiB.
     * @return this for a fluent API.
     */
    public DriverConfig archiveSegmentLengthBytes(final int archiveSegmentLengthBytes)
    {
        this.archiveSegmentLengthBytes = archiveSegmentLengthBytes;
        return this;
    }

    /**
     * @return the length of recording segment files in bytes.
     */
    public int archiveSegmentLengthBytes()
    {
        return archiveSegmentLengthBytes;
    }

    /**
     * Validates the configuration.
     *
     * @return this for a fluent API.
     * @throws IllegalArgumentException naming the setting that is wrong and what it must be.
     */
    public DriverConfig conclude()
    {
        if (null == workDir)
        {
            throw new IllegalArgumentException("workDir is not set: give the run's working directory");
        }
        if (null == threadingMode)
        {
            throw new IllegalArgumentException("threadingMode is not set: use SHARED, SHARED_NETWORK or DEDICATED");
        }
        if (ThreadingMode.INVOKER == threadingMode)
        {
            throw new IllegalArgumentException("threadingMode INVOKER is not supported by the embedded driver: " +
                "use SHARED, SHARED_NETWORK or DEDICATED");
        }

        checkTermLength("termLengthBytes", termLengthBytes);
        checkTermLength("ipcTermLengthBytes", ipcTermLengthBytes);
        IdleStrategies.parse(idleStrategySpec);
        IdleStrategies.parse(restIdleStrategySpec);
        if (null != archiveDir)
        {
            checkTermLength("archiveSegmentLengthBytes", archiveSegmentLengthBytes);
        }

        return this;
    }

    private static ThreadingMode threadingModeProperty()
    {
        final String value = System.getProperty(THREADING_MODE_PROP_NAME, THREADING_MODE_DEFAULT.name());
        try
        {
            return ThreadingMode.valueOf(value.trim().toUpperCase(Locale.ROOT));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("-D" + THREADING_MODE_PROP_NAME + "=" + value +
                " is not a threading mode: use SHARED, SHARED_NETWORK or DEDICATED", ex);
        }
    }

    private static int termLengthProperty()
    {
        final String value = System.getProperty(TERM_LENGTH_PROP_NAME);
        if (null == value)
        {
            return TERM_LENGTH_DEFAULT;
        }

        try
        {
            return Integer.parseInt(value.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("-D" + TERM_LENGTH_PROP_NAME + "=" + value +
                " is not a number of bytes: use a power of two such as 1048576", ex);
        }
    }

    /**
     * Checks that a length is a power of two within Aeron's term length range.
     *
     * @param name   of the setting, for the error message.
     * @param length to check, in bytes.
     * @throws IllegalArgumentException if it is not.
     */
    static void checkTermLength(final String name, final int length)
    {
        if (length < TERM_MIN_LENGTH || length > TERM_MAX_LENGTH || Integer.bitCount(length) != 1)
        {
            throw new IllegalArgumentException(
                name + " must be a power of two from 65536 (64 KiB) to 1073741824 (1 GiB), got " + length);
        }
    }

    @Override
    public String toString()
    {
        return "DriverConfig{" +
            "workDir=" + workDir +
            ", threadingMode=" + threadingMode +
            ", termLengthBytes=" + termLengthBytes +
            ", ipcTermLengthBytes=" + ipcTermLengthBytes +
            ", idleStrategy=" + idleStrategySpec +
            ", archiveDir=" + archiveDir +
            ", archiveSegmentLengthBytes=" + archiveSegmentLengthBytes +
            '}';
    }
}
