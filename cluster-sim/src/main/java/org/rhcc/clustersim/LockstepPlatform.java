package org.rhcc.clustersim;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.ChannelUri;
import io.aeron.CommonContext;
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
    private String iioDestination;
    private String ackDestination;

    /**
     * @param aeron     the sim node's Aeron client.
     * @param settings  channels and stream ids.
     * @param frameAuth signs the platform's frames and verifies the commands.
     */
    public LockstepPlatform(final Aeron aeron, final NodeSettings settings, final FrameAuth frameAuth)
    {
        commands = aeron.addSubscription(settings.platformCommandChannel(), settings.platformCommandStream());
        iioDestination = endpoint(settings.platformIioChannel());
        ackDestination = endpoint(settings.platformAckChannel());
        iio = publication(aeron, settings.sending(settings.platformIioChannel()), iioDestination,
            settings.platformIioStream());
        acks = publication(aeron, settings.sending(settings.platformAckChannel()), ackDestination,
            settings.platformAckStream());
        iioProxy = new MessageProxy(iio, settings.offerRetries(), NoOpIdleStrategy.INSTANCE,
            frameAuth.signer(FramePublisher.PLATFORM_IIO, 0));
        ackProxy = new MessageProxy(acks, settings.offerRetries(), NoOpIdleStrategy.INSTANCE,
            frameAuth.signer(FramePublisher.PLATFORM_ACKS, 0));
        commandVerifier = frameAuth.verifier(0, FramePublisher.RECEIVER_CONTROLLER, FramePublisher.SENDER_CONTROLLER);
        commandDrops = new FrameDropCounters("platform-commands", CounterAllocator.published(aeron));
        fragmentLimit = settings.fragmentLimit();
    }

    /**
     * A UDP channel to one subscriber's endpoint becomes a publication with manually controlled destinations, its
     * endpoint the one destination, so that {@link #route} can move the stream to a standby's endpoint: a node
     * that left (killed, or cut off and still holding its port) gets nothing more. Other channels (IPC) as they are.
     */
    private static ExclusivePublication publication(final Aeron aeron, final String channel, final String endpoint,
        final int streamId)
    {
        if (null == endpoint)
        {
            return aeron.addExclusivePublication(channel, streamId);
        }
        final ChannelUri uri = ChannelUri.parse(channel);
        uri.remove(CommonContext.ENDPOINT_PARAM_NAME);
        uri.put(CommonContext.MDC_CONTROL_MODE_PARAM_NAME, CommonContext.MDC_CONTROL_MODE_MANUAL);
        final ExclusivePublication publication = aeron.addExclusivePublication(uri.toString(), streamId);
        publication.addDestination(destination(endpoint));
        return publication;
    }

    /**
     * @param channel a channel.
     * @return its UDP endpoint, or null if it is not a UDP channel with one.
     */
    private static String endpoint(final String channel)
    {
        final ChannelUri uri = ChannelUri.parse(channel);
        return CommonContext.UDP_MEDIA.equals(uri.media()) ? uri.get(CommonContext.ENDPOINT_PARAM_NAME) : null;
    }

    private static String destination(final String endpoint)
    {
        return "aeron:udp?" + CommonContext.ENDPOINT_PARAM_NAME + "=" + endpoint;
    }

    /**
     * Sends a signal stream to the endpoint the node now running its role subscribed to (the channel its session
     * reported): a standby's after a takeover, the primary's again when a restarted primary opens the next session.
     * The endpoint it replaces gets nothing more.
     *
     * @param receiver          true for the IIO sample stream, false for the probe-ACK stream.
     * @param subscribedChannel the channel the role's session subscribed to.
     * @return true if the stream now goes there; false if it stays (not UDP, or the same endpoint).
     */
    public boolean route(final boolean receiver, final String subscribedChannel)
    {
        if (null == subscribedChannel || subscribedChannel.isEmpty())
        {
            return false;
        }
        final String to = endpoint(subscribedChannel);
        final String from = receiver ? iioDestination : ackDestination;
        if (null == to || null == from || to.equals(from))
        {
            return false;
        }
        final ExclusivePublication publication = receiver ? iio : acks;
        publication.addDestination(destination(to));
        publication.removeDestination(destination(from));
        if (receiver)
        {
            iioDestination = to;
        }
        else
        {
            ackDestination = to;
        }
        return true;
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
