package org.rhcc.bench;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.rhcc.core.receiver.IioCongestionDetector;
import org.rhcc.core.receiver.MbaCascade;
import org.rhcc.core.receiver.MbaCascadeConfig;
import org.rhcc.core.receiver.MbaLevelSink;

/**
 * Cost of one receiver-loop decision per IIO sample: Eq. (1) EWMA, threshold, and the MBA cascade, on a sample stream
 * that crosses I_thr back and forth so the cascade really changes levels. Target: <= 10 ns/op, 0 B/op.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 3, jvmArgsAppend = "-Dagrona.disable.bounds.checks=true")
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class IioSampleBenchmark
{
    private static final int STREAM_LENGTH = 1 << 14;
    private static final long SAMPLE_INTERVAL_NS = 400;

    private final double[] samples = new double[STREAM_LENGTH];
    private IioCongestionDetector detector;
    private MbaCascade cascade;
    private final LevelCounter sink = new LevelCounter();
    private int cursor;
    private long nowNs;

    /**
     * Counts level changes, so the benchmark's sink does real work without allocating.
     */
    static final class LevelCounter implements MbaLevelSink
    {
        long changes;

        @Override
        public void onLevelChange(final int group, final int level, final long timeNs)
        {
            changes += level;
        }
    }

    /**
     * A slow oscillation around I_thr = 45: one congestion episode every ~1.6 ms of samples.
     */
    @Setup
    public void setUp()
    {
        detector = new IioCongestionDetector();
        cascade = new MbaCascade(MbaCascadeConfig.paperDefaults());
        for (int i = 0; i < STREAM_LENGTH; i++)
        {
            samples[i] = 45.0 + 40.0 * Math.sin(2.0 * Math.PI * i / 4096.0) + (i % 7);
        }
    }

    /**
     * @return number of level changes of this decision.
     */
    @Benchmark
    public int iioSampleDecision()
    {
        nowNs += SAMPLE_INTERVAL_NS;
        final boolean congested = detector.onSample(samples[cursor++ & (STREAM_LENGTH - 1)]);
        return cascade.onDecision(congested, nowNs, sink);
    }
}
