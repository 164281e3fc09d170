package org.rhcc.clustersim;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.agrona.CloseHelper;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.auth.FrameVerifier;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.message.FrameDropCounters;
import org.rhcc.transport.message.MessageProxy;

/**
 * The simulated platform's Aeron endpoints on the {@code sim} node: the IIO sample and probe-ACK streams it publishes
 * to the controllers and the command stream it receives their commands and lockstep answers on. Opened once per
 * cluster and used by one run at a time. Its frames are signed as the platform's IIO and ACK publishers for the run's
 * session; the commands it accepts must be signed by the session's receiver or sender controller
 * (transport/README.md, "Authenticated frames"); refused ones are counted in {@link #commandDrops()}, published as
 * Aeron counters.
 * <p>
 * <b>Note:</b> publishing and polling happen on the simulator's thread only.
 */
public final class LockstepPlatform implements AutoCloseable
{
    private final ExclusivePublication iio;
    private final ExclusivePublication acks;
    private final Subscription commands;
    private final MessageProxy iioProxy;
    private final MessageProxy ackProxy;
    private final FrameVerifier commandVerifier;
    private final FrameDropCounters commandDrops;
    private final int fragmentLimit;

    /**
     * @param aeron     the sim node's Aeron client.
     * @param settings  channels and stream ids.
     * @param frameAuth signs the platform's frames and verifies the commands.
     */
    public LockstepPlatform(final Aeron aeron, final NodeSettings settings, final FrameAuth frameAuth)
    {
        commands = aeron.addSubscription(settings.platformCommandChannel(), settings.platformCommandStream());
        iio = aeron.addExclusivePublication(settings.platformIioChannel(), settings.platformIioStream());
        acks = aeron.addExclusivePublication(settings.platformAckChannel(), settings.platformAckStream());
        iioProxy = new MessageProxy(iio, settings.offerRetries(), NoOpIdleStrategy.INSTANCE,
            frameAuth.signer(FramePublisher.PLATFORM_IIO, 0));
        ackProxy = new MessageProxy(acks, settings.offerRetries(), NoOpIdleStrategy.INSTANCE,
            frameAuth.signer(FramePublisher.PLATFORM_ACKS, 0));
        commandVerifier = frameAuth.verifier(0, FramePublisher.RECEIVER_CONTROLLER, FramePublisher.SENDER_CONTROLLER);
        commandDrops = new FrameDropCounters("platform-commands", CounterAllocator.published(aeron));
        fragmentLimit = settings.fragmentLimit();
    }

    /**
     * Waits until the controllers of a session subscribe to the signal streams they need and publish on the command
     * stream.
     *
     * @param receiver true if the receiver role takes part.
     * @param sender   true if the sender role takes part.
     * @param timeout  how long to wait.
     * @throws IllegalStateException if a stream is not connected in time.
     */
    public void awaitConnected(final boolean receiver, final boolean sender, final Duration timeout)
    {
        final long deadlineNs = System.nanoTime() + timeout.toNanos();
        while ((receiver && !iio.isConnected()) || (sender && !acks.isConnected()) ||
            ((receiver || sender) && 0 == commands.imageCount()))
        {
            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new IllegalStateException("the controllers' streams did not connect within " +
                    timeout.toSeconds() + " s (IIO " + iio.isConnected() + ", ACKs " + acks.isConnected() +
                    ", commands " + commands.imageCount() + " publishers): check rhcc.aeron.platform channels");
            }
            try
            {
                TimeUnit.MILLISECONDS.sleep(1);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while connecting", ex);
            }
        }
    }

    /**
     * Starts a run's session: the signals are signed for it, and only commands signed for it are accepted.
     *
     * @param sessionId the run's session.
     */
    public void session(final long sessionId)
    {
        iioProxy.signer().sessionId(sessionId);
        ackProxy.signer().sessionId(sessionId);
        commandVerifier.sessionId(sessionId);
    }

    /**
     * @return verifies the frames of the command stream (for the current session).
     */
    public FrameVerifier commandVerifier()
    {
        return commandVerifier;
    }

    /**
     * @return commands dropped per reason (malformed, unauthenticated, replayed, invalid for the session).
     */
    public FrameDropCounters commandDrops()
    {
        return commandDrops;
    }

    /**
     * @return publishes IIO samples and their clock.
     */
    public MessageProxy iio()
    {
        return iioProxy;
    }

    /**
     * @return publishes probe ACKs and their clock.
     */
    public MessageProxy acks()
    {
        return ackProxy;
    }

    /**
     * @return the command stream.
     */
    public Subscription commands()
    {
        return commands;
    }

    /**
     * @return most frames per poll of the command stream.
     */
    public int fragmentLimit()
    {
        return fragmentLimit;
    }

    /**
     * Closes the streams.
     */
    public void close()
    {
        CloseHelper.closeAll(iio, acks, commands, commandDrops);
    }
}
