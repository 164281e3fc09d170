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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FrameKey;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.auth.FrameSigner;
import org.rhcc.transport.auth.FrameVerifier;
import org.rhcc.transport.codec.IioSampleEncoder;
import org.rhcc.transport.codec.MessageHeaderEncoder;
import org.rhcc.transport.message.FrameDropCounters;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageProxy;

/**
 * What frame authentication (transport/README.md, "Authenticated frames") costs on the IIO path: signing one
 * {@code IioSample} frame, signing and verifying it, and the whole hop on one thread ({@link MessageProxy} claims,
 * encodes and signs on an {@code aeron:ipc} publication, the subscription's poll validates, verifies and decodes),
 * with authentication {@code off} (the path as before, frames with a zero trailer) and {@code on}. Target: 0 B/op.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {
    "-Dagrona.disable.bounds.checks=true",
    "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens", "java.base/java.util.zip=ALL-UNNAMED",
    "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED" })
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class FrameAuthBenchmark
{
    /** The sample every operation publishes, reused as a sensor agent reuses its own. */
    private final IioSampleRecord sample = new IioSampleRecord();

    private static final long SESSION = 77L;
    private static final int MESSAGE_LENGTH = MessageHeaderEncoder.ENCODED_LENGTH + IioSampleEncoder.BLOCK_LENGTH;

    /** Frame authentication: {@code off} (before) or {@code on}. */
    @Param({ "off", "on" })
    public String auth;

    private final UnsafeBuffer frame = new UnsafeBuffer(new byte[128]);
    private FrameSigner signer;
    private FrameVerifier verifier;

    private IpcBenchStream stream;
    private Subscription subscription;
    private MessageProxy proxy;
    private MessageAdapter adapter;
    private long nowNs;

    /**
     * @param blackhole consumes the decoded fields.
     * @throws Exception if the media driver cannot start.
     */
    @Setup
    public void setUp(final Blackhole blackhole) throws Exception
    {
        final FrameAuth frameAuth = "on".equals(auth) ? FrameAuth.of(FrameKey.random()) : FrameAuth.off();
        new IioSampleEncoder().wrapAndApplyHeader(frame, 0, new MessageHeaderEncoder())
            .hostId(3).seq(17L).nowNs(1_000L).occupancy(47.5).pcieGbps(91.25);
        signer = frameAuth.signer(FramePublisher.PLATFORM_IIO, SESSION);
        verifier = frameAuth.verifier(SESSION, FramePublisher.PLATFORM_IIO);

        stream = new IpcBenchStream("rhcc-auth-bench");
        subscription = stream.subscription();
        final ExclusivePublication publication = stream.publication();
        proxy = new MessageProxy(publication, Integer.MAX_VALUE, new BusySpinIdleStrategy(),
            frameAuth.signer(FramePublisher.PLATFORM_IIO, SESSION));
        adapter = new MessageAdapter(new CodecBenchmark.Sink(blackhole), new FrameDropCounters("auth-bench"),
            frameAuth.verifier(SESSION, FramePublisher.PLATFORM_IIO));
    }

    /**
     * Closes the stream and the driver.
     *
     * @throws Exception if the work directory cannot be deleted.
     */
    @TearDown
    public void tearDown() throws Exception
    {
        if (adapter.dropCounters().totalCount() > 0)
        {
            throw new IllegalStateException(adapter.dropCounters().totalCount() + " frames failed to verify");
        }
        stream.close();
    }

    /**
     * @return the sequence number written.
     */
    @Benchmark
    public long signIioSample()
    {
        signer.sign(frame, 0, MESSAGE_LENGTH);
        return signer.lastSeq();
    }

    /**
     * @return the verdict (0: accepted).
     */
    @Benchmark
    public int signAndVerifyIioSample()
    {
        signer.sign(frame, 0, MESSAGE_LENGTH);
        return verifier.verify(frame, 0, MESSAGE_LENGTH);
    }

    /**
     * @return frames polled (1).
     */
    @Benchmark
    public int publishAndPollIioSample()
    {
        final long t = ++nowNs;
        proxy.iioSample(3, t, sample.set(47.5, 91.25, t));
        return subscription.poll(adapter, 1);
    }
}
