package org.rhcc.bench;

import java.nio.file.Files;
import java.nio.file.Path;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;

/**
 * One {@code aeron:ipc} stream on an embedded, busy-spinning media driver in {@code /dev/shm}, for the JMH benchmarks
 * that claim a frame and poll it back on one thread ({@link CodecBenchmark}, {@link FrameAuthBenchmark}).
 */
final class IpcBenchStream implements AutoCloseable
{
    private static final int STREAM_ID = 1001;

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
        workDir = Files.createTempDirectory(Path.of("/dev/shm"), name);
        driver = EmbeddedMediaDriver.launch(new DriverConfig().workDir(workDir).idleStrategy("busy-spin"));
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
