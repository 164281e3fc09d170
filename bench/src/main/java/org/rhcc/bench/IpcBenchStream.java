package org.rhcc.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.message.MessageProxy;

/**
 * One {@code aeron:ipc} stream on an embedded media driver in {@code /dev/shm}, for the JMH benchmarks that publish a
 * frame and poll it back on one thread: busy-spinning for those that measure the stream ({@link CodecBenchmark},
 * {@link FrameAuthBenchmark}); the low-latency profile's parking driver with 16 MiB terms for those that measure an
 * agent's work around it ({@link RateUpdaterBenchmark}, {@link MbaActuatorBenchmark}), so that no third thread spins.
 */
final class IpcBenchStream implements AutoCloseable
{
    private static final int STREAM_ID = 1001;
    private static final int PARKED_TERM_BYTES = 16 << 20;

    private final Path workDir;
    private final EmbeddedMediaDriver driver;
    private final Aeron aeron;
    private final ExclusivePublication publication;
    private final Subscription subscription;

    /**
     * Starts the driver and waits until the publication is connected.
     *
     * @param name names the driver's directory.
     * @throws Exception if the media driver cannot start.
     */
    IpcBenchStream(final String name) throws Exception
    {
        this(name, (config) -> config.idleStrategy("busy-spin"));
    }

    /**
     * A stream whose driver parks 10 ms between duty cycles, with 16 MiB terms (the low-latency profile's driver).
     *
     * @param name names the driver's directory.
     * @return the stream, its publication connected.
     * @throws Exception if the media driver cannot start.
     */
    static IpcBenchStream parked(final String name) throws Exception
    {
        return new IpcBenchStream(name, (config) -> config.idleStrategy("sleep-10ms")
            .termLengthBytes(PARKED_TERM_BYTES).ipcTermLengthBytes(PARKED_TERM_BYTES));
    }

    private IpcBenchStream(final String name, final UnaryOperator<DriverConfig> driverConfig) throws Exception
    {
        workDir = Files.createTempDirectory(Path.of("/dev/shm"), name);
        driver = EmbeddedMediaDriver.launch(driverConfig.apply(new DriverConfig().workDir(workDir)));
        aeron = driver.connect();
        subscription = aeron.addSubscription("aeron:ipc", STREAM_ID);
        publication = aeron.addExclusivePublication("aeron:ipc", STREAM_ID);
        while (!publication.isConnected())
        {
            Thread.onSpinWait();
        }
    }

    ExclusivePublication publication()
    {
        return publication;
    }

    /**
     * @param publisher the role whose frames the proxy publishes ({@link FramePublisher}), unauthenticated
     *                  ({@link FrameAuth#off()}).
     * @return a proxy that publishes on this stream, busy-spinning while it is back-pressured.
     */
    MessageProxy unauthenticatedProxy(final int publisher)
    {
        return new MessageProxy(publication, Integer.MAX_VALUE, new BusySpinIdleStrategy(),
            FrameAuth.off().signer(publisher, 1L));
    }

    Subscription subscription()
    {
        return subscription;
    }

    /**
     * Closes the stream and the driver and deletes its directory.
     */
    @Override
    public void close() throws Exception
    {
        publication.close();
        subscription.close();
        aeron.close();
        driver.close();
        Files.deleteIfExists(workDir);
    }
}
