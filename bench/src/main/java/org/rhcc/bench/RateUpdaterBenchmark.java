package org.rhcc.bench;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.actors.journal.WriteAheadMark;
import org.rhcc.actors.sender.QpBlockSlot;
import org.rhcc.actors.sender.RateUpdaterAgent;
import org.rhcc.actors.sender.SenderHostState;
import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.Scheme;
import org.rhcc.core.control.SenderController;
import org.rhcc.core.sender.SenderParameters;
import org.rhcc.core.signal.ProbeAckRecord;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.message.MessageProxy;

/**
 * One probe ACK through the sender's actuator agent, as a node runs it but without the hop that brings the ACK:
 * {@link RateUpdaterAgent#onProbeAck} routes it to its block in the {@link SenderHostState} (counts, write-ahead mark,
 * the block's Eq. (2)-(4) over its table, the journal window's coalescer, and what the state keeps for the metrics
 * endpoint) and publishes the {@code RateUpdate} on an {@code aeron:ipc} stream, which the same thread drains
 * (frames unsigned: {@code FrameAuth.off()}, to leave SipHash out of the figure). QPs in turn, 1000 in one block;
 * journal windows of 1 s, so that the per-window batch is not in the figure. The media driver parks 10 ms between
 * duty cycles with 16 MiB terms (the low-latency profile's driver), so that no third thread spins. Target: 0 B/op.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 3, jvmArgsAppend = {
    "-Dagrona.disable.bounds.checks=true",
    "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens", "java.base/java.util.zip=ALL-UNNAMED",
    "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED" })
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class RateUpdaterBenchmark
{
    /** The ACK every operation publishes, reused as a sender reuses its slot. */
    private final ProbeAckRecord ack = new ProbeAckRecord();

    private static final int QPS_PER_ENTITY = 1024;
    private static final long WINDOW_NS = 1_000_000_000L;
    /** Receiver-NIC time between two probes: 32 KB at 100 Gbit/s. */
    private static final int PROBE_GAP_NS = 2_621;

    /** QPs of the sender host. */
    @Param({ "1000" })
    public int qps;

    private final FragmentHandler discard = (buffer, offset, length, header) -> { };
    private IpcBenchStream stream;
    private Subscription rateUpdates;
    private RateUpdaterAgent agent;
    private int qp;
    private int recvTs32;
    private long nowNs;

    /**
     * Starts the stream and the agent's state with every block registered.
     *
     * @throws Exception if the media driver cannot start.
     */
    @Setup
    public void setUp() throws Exception
    {
        stream = IpcBenchStream.parked("rhcc-rate-updater-bench");
        rateUpdates = stream.subscription();
        final MessageProxy proxy = stream.unauthenticatedProxy(FramePublisher.SENDER_CONTROLLER);
        final int blocks = (qps + QPS_PER_ENTITY - 1) / QPS_PER_ENTITY;
        final SenderHostState state = new SenderHostState(1L, 2, QPS_PER_ENTITY, blocks, WINDOW_NS,
            AgentCounters.rateUpdater(CounterAllocator.unpublished(), 1L), WriteAheadMark.inMemory());
        agent = new RateUpdaterAgent(null, FrameAuth.off().verifier(1L, FramePublisher.PLATFORM_ACKS), proxy, state,
            64);
        final SenderParameters params = ControllerConfig.of(Scheme.RHCC, 100.0, Map.of()).sender();
        for (int b = 0; b < blocks; b++)
        {
            final int first = b * QPS_PER_ENTITY;
            state.register(new QpBlockSlot(b, first,
                SenderController.openedTable(params, Math.min(QPS_PER_ENTITY, qps - first)), params, state, WINDOW_NS,
                256, null));
        }
        agent.doWork();
    }

    /**
     * @throws Exception if the stream does not close.
     */
    @TearDown
    public void tearDown() throws Exception
    {
        stream.close();
    }

    /**
     * One ACK: the next QP, a receiver delay of 300 ns, R_cc of 60 Gbit/s on even QPs and 0.5 on odd ones (so that
     * both limits bind), then the rate update drained.
     *
     * @return frames drained.
     */
    @Benchmark
    public int probeAck()
    {
        if (++qp == qps)
        {
            qp = 0;
        }
        recvTs32 += PROBE_GAP_NS;
        nowNs += 100;
        agent.onProbeAck(ack.set(qp, recvTs32, recvTs32 + 300, true, 0 == (qp & 1) ? 60.0 : 0.5, nowNs));
        return rateUpdates.poll(discard, 64);
    }
}
