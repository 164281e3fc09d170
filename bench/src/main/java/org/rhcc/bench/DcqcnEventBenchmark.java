package org.rhcc.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

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
import org.openjdk.jmh.annotations.Warmup;
import org.rhcc.core.dcqcn.DcqcnParameters;
import org.rhcc.core.dcqcn.DcqcnReactionPoints;

/**
 * Cost of one DCQCN reaction-point event (one CNP per eight byte-counter events, NVIDIA defaults) on random flows at
 * 1, 1k and 1M flows. Target: 0 B/op.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 3, jvmArgsAppend = "-Dagrona.disable.bounds.checks=true")
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class DcqcnEventBenchmark
{
    private static final int STREAM_LENGTH = 1 << 16;
    private static final int STREAM_MASK = STREAM_LENGTH - 1;

    @Param({ "1", "1000", "1000000" })
    int qps;

    private DcqcnReactionPoints reactionPoints;
    private final int[] flowStream = new int[STREAM_LENGTH];
    private int cursor;
    private long nowNs;

    /**
     * Opens every flow and draws a fixed stream of random flows.
     */
    @Setup
    public void setUp()
    {
        reactionPoints = new DcqcnReactionPoints(DcqcnParameters.nvidia(100.0), qps, 0);
        final SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < STREAM_LENGTH; i++)
        {
            flowStream[i] = random.nextInt(qps);
        }
    }

    /**
     * @return the flow's rate after the event.
     */
    @Benchmark
    public double dcqcnEvent()
    {
        final int i = cursor++;
        final int flow = flowStream[i & STREAM_MASK];
        nowNs += 50;
        if ((i & 7) == 0)
        {
            reactionPoints.onCnp(flow, nowNs);
        }
        else
        {
            reactionPoints.onBytesSent(flow, 4096, nowNs);
        }
        return reactionPoints.rateGbps(flow);
    }
}
