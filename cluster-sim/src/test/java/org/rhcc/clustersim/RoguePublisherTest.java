package org.rhcc.clustersim;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.replay.DecisionReplayer;
import org.rhcc.actors.replay.JournalReader;
import org.rhcc.actors.replay.ReplayReport;
import org.rhcc.actors.session.SessionProtocol;
import org.rhcc.core.control.Scheme;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.MbaLevelCommandRecord;
import org.rhcc.sim.ProgressListener;
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.Simulation;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.Scenario;
import org.rhcc.sim.control.InProcessControllerHook;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FrameKey;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.codec.DropReason;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.MessageProxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A rogue local publisher during a run through the cluster (rhcc issue 12): on the receiver's platform IIO stream it
 * publishes forged samples (another key) of a congested host and replays every genuine frame it captures from the
 * stream; on the simulator's command stream it publishes forged MBA commands (another key) and a command signed with
 * the cluster's key but for MBA group 7, which the session does not have. The run's results stay those of the
 * in-process run (no MBA level or rate changed), the recording holds the genuine samples only, replay reproduces the
 * journal, the run goes on, and the drop counters name each kind of frame.
 */
class RoguePublisherTest
{
    private static final String SCHEME = "cpu-only";
    private static final Scenario SCENARIO = SimFixtures.scenario(3, 8, 1_000_000L, 500_000L, 7L);

    private static ClusterControllers cluster;

    @BeforeAll
    static void startCluster()
    {
        cluster = ClusterControllers.start(1, SimFixtures.workDir("rogue"), Map.of());
    }

    @AfterAll
    static void stopCluster()
    {
        if (null != cluster)
        {
            cluster.close();
        }
    }

    @Test
    void shouldChangeNoLevelNoRateAndNoJournalEntry() throws Exception
    {
        final Map<String, String> params = new LinkedHashMap<>();
        final String inProcess = json(new InProcessControllerHook(Scheme.parse(SCHEME), params));
        assertNotEquals(json(ControllerHook.NONE), inProcess, "the controller must change the run");

        final AeronLockstepHook hook = (AeronLockstepHook)cluster.hook(SCHEME, params);
        final Rogue rogue = new Rogue(cluster.node().context().aeron(), cluster.node().settings(),
            cluster.node().context().frameAuth());
        final Thread thread = new Thread(rogue, "rogue");
        thread.start();
        final String viaCluster;
        final long relayUnauthenticated;
        final long relayReplayed;
        try
        {
            viaCluster = json(hook);
            final String relay = "stream=platform iio-sample-source session=" + hook.sessionId();
            relayUnauthenticated = dropped(relay, DropReason.UNAUTHENTICATED);
            relayReplayed = dropped(relay, DropReason.REPLAYED);
        }
        finally
        {
            rogue.stop.set(true);
            thread.join();
        }
        hook.close();
        assertNull(rogue.failure.get(), () -> "the rogue failed: " + rogue.failure.get());

        assertEquals(inProcess, viaCluster, "the rogue frames changed the run");
        assertTrue(rogue.forgedSamples.get() > 100, "forged samples published: " + rogue.forgedSamples.get());
        assertTrue(rogue.replayed.get() > 100, "genuine frames replayed: " + rogue.replayed.get());
        assertTrue(relayUnauthenticated > 100, "forged samples dropped by the relay: " + relayUnauthenticated);
        assertTrue(relayReplayed > 100, "replayed frames dropped by the relay: " + relayReplayed);
        final String commands = "stream=platform-commands";
        assertTrue(dropped(commands, DropReason.UNAUTHENTICATED) > 0, "forged commands dropped");
        assertTrue(dropped(commands, DropReason.INVALID_COMMAND) > 0, "the group-7 command dropped");

        long samples = 0;
        for (final SessionProtocol.Ended e : hook.ended())
        {
            samples += "receiver".equals(e.role()) ? e.inputFrames() : 0;
        }
        final var journal = cluster.journal();
        final var archive = cluster.archiveDir();
        final var work = cluster.workDir();
        cluster.close();
        cluster = null;
        final ReplayReport report = new DecisionReplayer(new JournalReader(journal), List.of(archive),
            work.resolve("replay")).replay();
        assertTrue(report.reproduced(), report.summary() + " " + report.divergences());
        assertEquals(samples, report.signals(), "the recording holds the genuine samples, and only them");
    }

    private static String json(final ControllerHook hook)
    {
        return new String(SimFixtures.json(Simulation.run(SCENARIO, SimParameters.calibrated(), hook,
            ProgressListener.NONE)), StandardCharsets.UTF_8);
    }

    private static long dropped(final String stream, final DropReason reason)
    {
        final String label = "rhcc frames dropped, " + reason.description() + " (count): " + stream;
        final var counters = cluster.node().context().aeron().countersReader();
        final long[] total = new long[1];
        counters.forEach((counterId, typeId, keyBuffer, counterLabel) ->
        {
            if (counterLabel.equals(label))
            {
                total[0] += counters.getCounterValue(counterId);
            }
        });
        return total[0];
    }

    /**
     * The rogue: its own publications on the platform's IIO and command streams, and a spy on the IIO stream.
     */
    private static final class Rogue implements Runnable
    {
        private final AtomicBoolean stop = new AtomicBoolean();
        private final AtomicLong forgedSamples = new AtomicLong();
        private final AtomicLong replayed = new AtomicLong();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final Aeron aeron;
        private final NodeSettings settings;
        private final FrameAuth clusterAuth;

        Rogue(final Aeron aeron, final NodeSettings settings, final FrameAuth clusterAuth)
        {
            this.aeron = aeron;
            this.settings = settings;
            this.clusterAuth = clusterAuth;
        }

        @Override
        public void run()
        {
            final FrameAuth forger = FrameAuth.of(FrameKey.random());
            try (ExclusivePublication iio = aeron.addExclusivePublication(settings.platformIioChannel(),
                settings.platformIioStream());
                Subscription spy = aeron.addSubscription(settings.platformIioChannel(), settings.platformIioStream()))
            {
                final MessageProxy forgedSamplesOut = new MessageProxy(iio, 0, NoOpIdleStrategy.INSTANCE,
                    forger.signer(FramePublisher.PLATFORM_IIO, 0));
                final ArrayDeque<byte[]> captured = new ArrayDeque<>();
                final long[] sessionId = { Long.MIN_VALUE };
                final MessageAdapter clock = new MessageAdapter("rogue-spy", new MessageListener()
                {
                    @Override
                    public void onClockAdvance(final long advanceToNs, final long advanceSessionId)
                    {
                        sessionId[0] = advanceSessionId;
                    }
                });
                ExclusivePublication commands = null;
                long seq = 0;
                while (!stop.get())
                {
                    if (forgedSamplesOut.iioSample(settings.receiverHostId(), seq,
                        new IioSampleRecord().set(500.0, 0.0, seq * 1000)) > 0)
                    {
                        forgedSamples.incrementAndGet();
                    }
                    seq++;
                    spy.poll((buffer, offset, length, header) ->
                    {
                        if (header.sessionId() == iio.sessionId())
                        {
                            return;
                        }
                        final byte[] frame = new byte[length];
                        buffer.getBytes(offset, frame);
                        captured.add(frame);
                        clock.onFrame(buffer, offset, length);
                    }, 64);
                    while (captured.size() > 8)
                    {
                        if (iio.offer(new UnsafeBuffer(captured.poll())) > 0)
                        {
                            replayed.incrementAndGet();
                        }
                    }
                    if (null == commands && Long.MIN_VALUE != sessionId[0])
                    {
                        commands = aeron.addExclusivePublication(settings.platformCommandChannel(),
                            settings.platformCommandStream());
                        publishCommands(commands, forger, sessionId[0]);
                    }
                    Thread.yield();
                }
                if (null != commands)
                {
                    commands.close();
                }
            }
            catch (final Throwable t)
            {
                failure.set(t);
            }
        }

        /**
         * Forged commands that would throttle every group, and one with the cluster's key (signed as the sender
         * controller, which a cpu-only session does not run, so the genuine controllers' sequences stay theirs) for
         * group 7.
         */
        private void publishCommands(final ExclusivePublication commands, final FrameAuth forger, final long session)
        {
            while (!commands.isConnected() && !stop.get())
            {
                Thread.yield();
            }
            final MessageProxy forged = new MessageProxy(commands, 1000, NoOpIdleStrategy.INSTANCE,
                forger.signer(FramePublisher.RECEIVER_CONTROLLER, session));
            final MessageProxy invalid = new MessageProxy(commands, 1000, NoOpIdleStrategy.INSTANCE,
                clusterAuth.signer(FramePublisher.SENDER_CONTROLLER, session));
            for (int group = 0; group < 2; group++)
            {
                forged.mbaLevelCommand(settings.receiverHostId(), group,
                    new MbaLevelCommandRecord().set(group, 5, MbaLevelCommand.REASON_CONGESTION_ONSET, 0));
            }
            invalid.mbaLevelCommand(settings.receiverHostId(), 0,
                new MbaLevelCommandRecord().set(7, 5, MbaLevelCommand.REASON_CONGESTION_ONSET, 0));
        }
    }
}
