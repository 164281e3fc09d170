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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.actors.journal.WriteAheadMark;
import org.rhcc.actors.receiver.MbaActuatorAgent;
import org.rhcc.actors.receiver.MbaLevelTelemetry;
import org.rhcc.actors.receiver.ReceiverDecisionLog;
import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.ReceiverController;
import org.rhcc.core.control.Scheme;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.port.EcnMarkingProxy;
import org.rhcc.transport.port.MbaActuatorProxy;

/**
 * One IIO sample through the receiver's actuator agent, as a node runs it but without the hop that brings the
 * sample: {@link MbaActuatorAgent#onIioSample} counts it, marks it in the write-ahead mark, runs core's
 * {@link ReceiverController} (Eq. (1), the threshold, the MBA cascade) and keeps its counters (and, as a node wires it,
 * the level telemetry between the controller and the decision log); a level change is published as an
 * {@code MbaLevelCommand} on an {@code aeron:ipc} stream that the same thread drains (frames unsigned). Samples 400 ns
 * apart, the occupancy crossing I_thr = 45 every 50 us, so about 1 % of the samples change a level (the decision's
 * journal event is the one allocation, 32 B). The media driver parks 10 ms with 16 MiB terms. {@link #iioSampleFrame}
 * adds the hop: the sample arrives as the sensor's frame on the stream the agent polls and is read there in place.
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
public class MbaActuatorBenchmark
{
    /** The sample every operation publishes, reused as a sensor agent reuses its own. */
    private final IioSampleRecord sample = new IioSampleRecord();

    private static final long SAMPLE_INTERVAL_NS = 400;
    private static final long HALF_PERIOD_NS = 50_000;

    private final FragmentHandler discard = (buffer, offset, length, header) -> { };
    private IpcBenchStream stream;
    private Subscription commands;
    private ReceiverDecisionLog log;
    private MbaActuatorAgent agent;
    private MessageProxy sensor;
    private long seq;
    private long nowNs;

    /**
     * Starts the command stream and the agent.
     *
     * @throws Exception if the media driver cannot start.
     */
    @Setup
    public void setUp() throws Exception
    {
        stream = IpcBenchStream.parked("rhcc-mba-actuator-bench");
        commands = stream.subscription();
        final MessageProxy proxy = stream.unauthenticatedProxy(FramePublisher.RECEIVER_CONTROLLER);
        sensor = stream.unauthenticatedProxy(FramePublisher.PLATFORM_IIO);
        final AgentCounters.MbaActuator counters = AgentCounters.mbaActuator(CounterAllocator.unpublished(), 1L, 2);
        log = new ReceiverDecisionLog(1 << 16);
        final ReceiverController controller = new ReceiverController(
            ControllerConfig.of(Scheme.RHCC, 100.0, Map.of()), new MbaActuatorProxy(proxy, 0, 2),
            new EcnMarkingProxy(proxy, 0), new MbaLevelTelemetry(counters, log));
        agent = new MbaActuatorAgent(commands, FrameAuth.off().verifier(1L, FramePublisher.PLATFORM_IIO), proxy,
            controller, log, WriteAheadMark.inMemory(), 1L, 0, 1, 64, counters);
    }

    /**
     * @throws Exception if the driver's directory cannot be removed.
     */
    @TearDown
    public void tearDown() throws Exception
    {
        stream.close();
    }

    /**
     * One sample, then the commands and the decision queue drained.
     *
     * @return frames drained.
     */
    @Benchmark
    public int iioSample()
    {
        nowNs += SAMPLE_INTERVAL_NS;
        final double occupancy = 0 == (nowNs / HALF_PERIOD_NS & 1) ? 60.0 : 30.0;
        agent.onIioSample(0, seq++, sample.set(occupancy, 50.0, nowNs));
        log.queue().drain((event) -> { });
        return commands.poll(discard, 64);
    }

    /**
     * One sample as a node takes it: the sensor's frame published on the stream the agent polls, the agent's duty
     * cycle reading it in place (and any command it publishes on the same stream), then the decision queue drained.
     *
     * @return frames the agent read.
     */
    @Benchmark
    public int iioSampleFrame()
    {
        nowNs += SAMPLE_INTERVAL_NS;
        final double occupancy = 0 == (nowNs / HALF_PERIOD_NS & 1) ? 60.0 : 30.0;
        sensor.iioSample(0, seq++, sample.set(occupancy, 50.0, nowNs));
        final int frames = agent.doWork();
        log.queue().drain((event) -> { });
        return frames;
    }
}
