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
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.ProbeAckRecord;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.MessageProxy;

/**
 * Cost of rhcc's wire codecs on the two per-signal paths: decoding an {@code IioSample} and a {@code ProbeAck}
 * frame ({@link MessageAdapter#onFrame}: {@code FrameValidator}'s checks, then the decoder and the listener call),
 * and a whole hop on one thread: {@link MessageProxy} claims and encodes a frame on an {@code aeron:ipc}
 * publication and the subscription's poll decodes it. Target: 0 B/op.
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
    private int iioLength;
    private int ackLength;
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
        final MessageAdapter capture = new MessageAdapter("codec-bench-setup", new MessageListener()
        {
        });
        int captured = 0;
        while (captured < 2)
        {
            captured += subscription.poll((buffer, offset, length, header) ->
            {
                capture.onFrame(buffer, offset, length);
                final UnsafeBuffer target = 0 == iioLength ? iioFrame : ackFrame;
                target.putBytes(0, buffer, offset, length);
                if (0 == iioLength)
                {
                    iioLength = length;
                }
                else
                {
                    ackLength = length;
                }
            }, 2);
        }
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
    }
}
