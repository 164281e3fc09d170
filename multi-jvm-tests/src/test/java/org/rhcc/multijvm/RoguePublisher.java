package org.rhcc.multijvm;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.MbaLevelCommandRecord;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FrameKey;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.message.MessageProxy;

/**
 * A local process that is not a node of the cluster (its own media driver, another key) publishing, about every
 * millisecond until closed, IIO samples of a congested host on the receiver's platform endpoint and MBA commands to
 * level 5 on the simulator's command endpoint: what the receiver's and the simulator's frame gates must drop.
 */
final class RoguePublisher implements AutoCloseable
{
    private static final int IIO_STREAM = 2001;
    private static final int COMMAND_STREAM = 2006;
    private static final double CONGESTED_OCCUPANCY = 500.0;

    private final EmbeddedMediaDriver driver;
    private final Aeron aeron;
    private final Thread thread;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong framesOut = new AtomicLong();

    private RoguePublisher(final EmbeddedMediaDriver driver, final String iioChannel, final String commandChannel)
    {
        this.driver = driver;
        this.aeron = driver.connect();
        final FrameAuth forger = FrameAuth.of(FrameKey.random());
        final ExclusivePublication iio = aeron.addExclusivePublication(iioChannel, IIO_STREAM);
        final ExclusivePublication commands = aeron.addExclusivePublication(commandChannel, COMMAND_STREAM);
        final MessageProxy samples = new MessageProxy(iio, 0, NoOpIdleStrategy.INSTANCE,
            forger.signer(FramePublisher.PLATFORM_IIO, 0));
        final MessageProxy mba = new MessageProxy(commands, 0, NoOpIdleStrategy.INSTANCE,
            forger.signer(FramePublisher.RECEIVER_CONTROLLER, 0));
        final MbaLevelCommandRecord forged = new MbaLevelCommandRecord();
        thread = new Thread(() ->
        {
            long seq = 0;
            while (running.get())
            {
                if (samples.iioSample(0, seq, new IioSampleRecord().set(CONGESTED_OCCUPANCY, 0.0, seq * 1_000)) > 0)
                {
                    framesOut.incrementAndGet();
                }
                for (int group = 0; group < 2; group++)
                {
                    if (mba.mbaLevelCommand(0, seq, forged.set(group, 5, MbaLevelCommand.REASON_CONGESTION_ONSET,
                        seq * 1_000)) > 0)
                    {
                        framesOut.incrementAndGet();
                    }
                }
                seq++;
                try
                {
                    Thread.sleep(1);
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }, "rogue-publisher");
    }

    /**
     * @param workDir        its media driver's work area.
     * @param iioChannel     the receiver's platform IIO channel.
     * @param commandChannel the simulator's command channel.
     * @return the publisher, publishing.
     */
    static RoguePublisher start(final Path workDir, final String iioChannel, final String commandChannel)
    {
        final EmbeddedMediaDriver driver = EmbeddedMediaDriver.launch(new DriverConfig().workDir(workDir)
            .idleStrategy("backoff"));
        final RoguePublisher rogue = new RoguePublisher(driver, iioChannel, commandChannel);
        rogue.thread.start();
        return rogue;
    }

    /**
     * @return forged frames the endpoints took in (offers that succeeded: a connected subscriber was there).
     */
    long framesOut()
    {
        return framesOut.get();
    }

    @Override
    public void close()
    {
        running.set(false);
        try
        {
            thread.join(5_000);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        aeron.close();
        driver.close();
    }
}
