package org.rhcc.bench;

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
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.net.QpContextCache;

/**
 * The receiver NIC's QP-context lookup, done by the simulator once per packet and probe that reaches the receive
 * pipeline (docs/model.md §4.3): {@value #ENTRIES} contexts, QPs looked up round robin as the sender NIC serves them.
 * With 512 QPs every lookup hits; with 65,536 every lookup misses and evicts. Allocation-free either way ({@code -prof
 * gc}: 0 B/op).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class QpContextCacheBenchmark
{
    private static final int ENTRIES = SimParameters.QpcCache.ESTIMATED_ENTRIES;

    @Param({ "512", "65536" })
    private int qps;

    private QpContextCache cache;
    private int next;

    /**
     * A cache of the estimated size over the QPs under test.
     */
    @Setup
    public void setUp()
    {
        cache = new QpContextCache(ENTRIES, qps);
        next = 0;
    }

    /**
     * @return whether the lookup hit.
     */
    @Benchmark
    public boolean lookup()
    {
        final int qp = next;
        next = qp + 1 == qps ? 0 : qp + 1;
        return cache.lookup(qp);
    }
}
