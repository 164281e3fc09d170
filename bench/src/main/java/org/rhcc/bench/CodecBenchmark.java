package org.rhcc.bench;

import java.util.concurrent.TimeUnit;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.MbaLevelCommandRecord;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.ProbeAckRecord;
import org.rhcc.core.signal.RateUpdate;
import org.rhcc.core.signal.RateUpdateRecord;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.MessageProxy;

/**
 * Cost of rhcc's wire codecs on the two per-signal paths: decoding an {@code IioSample} and a {@code ProbeAck}
 * frame ({@link MessageAdapter#onFrame}: {@code FrameValidator}'s checks, then the decoder and the listener call),
 * the same for the two decisions of the command stream ({@code MbaLevelCommand}, {@code RateUpdate}, read through
 * their views as the signals are), and a whole hop on one thread: {@link MessageProxy} claims and encodes a frame on
 * an {@code aeron:ipc} publication and the subscription's poll decodes it. Target: 0 B/op.
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
public class CodecBenchmark
{
    /** The sample every operation publishes, reused as a sensor agent reuses its own. */
    private final IioSampleRecord sample = new IioSampleRecord();

    /** The ACK every operation publishes, reused as a sender reuses its slot. */
    private final ProbeAckRecord ack = new ProbeAckRecord();

    private static final int FRAME_CAPACITY = 128;

    private final UnsafeBuffer iioFrame = new UnsafeBuffer(new byte[FRAME_CAPACITY]);
    private final UnsafeBuffer ackFrame = new UnsafeBuffer(new byte[FRAME_CAPACITY]);
    private final UnsafeBuffer mbaFrame = new UnsafeBuffer(new byte[FRAME_CAPACITY]);
    private final UnsafeBuffer rateFrame = new UnsafeBuffer(new byte[FRAME_CAPACITY]);
    private int iioLength;
    private int ackLength;
    private int mbaLength;
    private int rateLength;
    private MessageAdapter adapter;
    private Sink sink;

    private IpcBenchStream stream;
    private Subscription subscription;
    private MessageProxy proxy;
    private long nowNs;

    /**
     * Encodes one frame of each kind through an IPC stream (so that the frames are the proxy's own) and starts the
     * stream of the round-trip benchmark.
     *
     * @param blackhole consumes the decoded fields.
     * @throws Exception if the media driver cannot start.
     */
    @Setup
    public void setUp(final Blackhole blackhole) throws Exception
    {
        stream = new IpcBenchStream("rhcc-codec-bench");
        subscription = stream.subscription();
        final ExclusivePublication publication = stream.publication();
        proxy = new MessageProxy(publication, Integer.MAX_VALUE, new BusySpinIdleStrategy());
        sink = new Sink(blackhole);
        adapter = new MessageAdapter("codec-bench", sink);

        proxy.iioSample(3, 17L, sample.set(47.5, 91.25, 1_000L));
        proxy.probeAck(ack.set(12, 123_456, 124_000, true, 87.5, 2_000L));
        proxy.mbaLevelCommand(3, 18L, new MbaLevelCommandRecord().set(0, 4, MbaLevelCommand.REASON_STEP_DOWN, 3_000L));
        proxy.rateUpdate(RateUpdateRecord.of(12, 41.5, 4_000L));
        final UnsafeBuffer[] targets = { iioFrame, ackFrame, mbaFrame, rateFrame };
        final int[] lengths = new int[targets.length];
        final int[] captured = { 0 };
        while (captured[0] < targets.length)
        {
            subscription.poll((buffer, offset, length, header) ->
            {
                targets[captured[0]].putBytes(0, buffer, offset, length);
                lengths[captured[0]++] = length;
            }, targets.length);
        }
        iioLength = lengths[0];
        ackLength = lengths[1];
        mbaLength = lengths[2];
        rateLength = lengths[3];
    }

    /**
     * Closes the stream and the driver.
     *
     * @throws Exception if the work directory cannot be deleted.
     */
    @TearDown
    public void tearDown() throws Exception
    {
        stream.close();
    }

    /**
     * @return the template id dispatched.
     */
    @Benchmark
    public int decodeIioSample()
    {
        return adapter.onFrame(iioFrame, 0, iioLength);
    }

    /**
     * @return the template id dispatched.
     */
    @Benchmark
    public int decodeProbeAck()
    {
        return adapter.onFrame(ackFrame, 0, ackLength);
    }

    /**
     * @return the template id dispatched.
     */
    @Benchmark
    public int decodeMbaLevelCommand()
    {
        return adapter.onFrame(mbaFrame, 0, mbaLength);
    }

    /**
     * @return the template id dispatched.
     */
    @Benchmark
    public int decodeRateUpdate()
    {
        return adapter.onFrame(rateFrame, 0, rateLength);
    }

    /**
     * @return frames polled (1).
     */
    @Benchmark
    public int publishAndPollProbeAck()
    {
        final long t = ++nowNs;
        proxy.probeAck(ack.set((int)t & 1023, (int)t, (int)t + 300, true, 87.5, t));
        return subscription.poll(adapter, 1);
    }

    /**
     * Hands every decoded field to the blackhole, so that no decode is dead code.
     */
    static final class Sink implements MessageListener
    {
        private final Blackhole blackhole;

        Sink(final Blackhole blackhole)
        {
            this.blackhole = blackhole;
        }

        @Override
        public void onIioSample(final int hostId, final long seq, final IioSample sample)
        {
            blackhole.consume(hostId);
            blackhole.consume(seq);
            blackhole.consume(sample.nowNs());
            blackhole.consume(sample.occupancy());
            blackhole.consume(sample.pcieGbps());
        }

        @Override
        public void onProbeAck(final ProbeAck ack)
        {
            blackhole.consume(ack.qp());
            blackhole.consume(ack.reqRecvTsNs());
            blackhole.consume(ack.respSendTsNs());
            blackhole.consume(ack.rccGbps());
            blackhole.consume(ack.nowNs());
        }

        @Override
        public void onMbaLevelCommand(final int hostId, final long seq, final MbaLevelCommand command)
        {
            blackhole.consume(hostId);
            blackhole.consume(seq);
            blackhole.consume(command.group());
            blackhole.consume(command.level());
            blackhole.consume(command.reasonCode());
            blackhole.consume(command.nowNs());
        }

        @Override
        public void onRateUpdate(final RateUpdate update)
        {
            blackhole.consume(update.qp());
            blackhole.consume(update.rRevGbps());
            blackhole.consume(update.nowNs());
        }
    }
}
