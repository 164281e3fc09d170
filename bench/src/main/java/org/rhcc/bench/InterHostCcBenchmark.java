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
import org.rhcc.core.hpcc.HpccFlows;
import org.rhcc.core.hpcc.HpccParameters;
import org.rhcc.core.hpcc.IntRecords;
import org.rhcc.core.swift.SwiftFlows;
import org.rhcc.core.swift.SwiftParameters;

/**
 * Cost of one ACK through HPCC (three INT hops, one full update per eight ACKs) and through Swift (fabric and
 * endpoint windows, delays around their targets) on random flows at 1k and 1M flows. Target: 0 B/op.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 3, jvmArgsAppend = "-Dagrona.disable.bounds.checks=true")
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class InterHostCcBenchmark
{
    private static final int STREAM_LENGTH = 1 << 16;
    private static final int STREAM_MASK = STREAM_LENGTH - 1;
    private static final long BASE_RTT_NS = 8_000;

    @Param({ "1000", "1000000" })
    int flows;

    private HpccFlows hpcc;
    private SwiftFlows swift;
    private final IntRecords records = new IntRecords();
    private final int[] flowStream = new int[STREAM_LENGTH];
    private final long[] delayStream = new long[STREAM_LENGTH];
    private int cursor;
    private long nowNs;

    /**
     * Opens every flow and draws a fixed stream of random flows and queueing delays.
     */
    @Setup
    public void setUp()
    {
        hpcc = new HpccFlows(HpccParameters.paper(100.0, BASE_RTT_NS, 100), flows);
        swift = new SwiftFlows(SwiftParameters.defaults(100.0, 4_096, BASE_RTT_NS, 2_000), flows);
        final SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < STREAM_LENGTH; i++)
        {
            flowStream[i] = random.nextInt(flows);
            delayStream[i] = random.nextInt(6_000);
        }
    }

    /**
     * @return the flow's HPCC rate after the ACK.
     */
    @Benchmark
    public double hpccAck()
    {
        final int i = cursor++;
        final int flow = flowStream[i & STREAM_MASK];
        nowNs += 50;
        final long queueBytes = delayStream[i & STREAM_MASK] * 12;
        records.hops(3)
            .hop(0, queueBytes, nowNs * 11, nowNs, 100.0)
            .hop(1, 0, nowNs * 6, nowNs + 400, 400.0)
            .hop(2, queueBytes >> 1, nowNs * 12, nowNs + 800, 100.0);
        final long ackSeq = (long)i << 10;
        hpcc.onAck(flow, (i & 7) == 0 ? ackSeq + (1L << 40) : 0, ackSeq + 4_096, records);
        return hpcc.rateGbps(flow);
    }

    /**
     * @return the flow's Swift rate after the ACK.
     */
    @Benchmark
    public double swiftAck()
    {
        final int i = cursor++;
        final int flow = flowStream[i & STREAM_MASK];
        nowNs += 50;
        final long queueNs = delayStream[i & STREAM_MASK];
        swift.onAck(flow, nowNs, BASE_RTT_NS + queueNs, 500 + (queueNs >> 1), 3, 1.0);
        return swift.rateGbps(flow);
    }
}
