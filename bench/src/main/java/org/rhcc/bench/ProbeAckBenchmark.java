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
import org.rhcc.core.sender.QpStateTable;
import org.rhcc.core.sender.QpWeights;
import org.rhcc.core.sender.ReceivableRateController;
import org.rhcc.core.sender.SenderGate;
import org.rhcc.core.sender.SenderParameters;

/**
 * Cost of one probe-ACK update of the sender loop (Eq. (2)-(4) over the 16-byte QP table) at 1, 1k and 1M QPs with
 * random QP access, so that at 1M QPs (16 MB of state) the table misses the caches as a busy NIC's would. ACKs
 * arrive in time order (one every 50 ns), with random receiver processing delays and inter-host rates.
 * Targets: <= 20 ns/op at 1k QPs, <= 100 ns/op at 1M QPs, 0 B/op. {@link #weightedProbeAck} runs the same ACKs over
 * QPs opened with weights 1, 2, 4, 8 in turn (the weighted law of docs/design.md §4.1), with the same targets.
 * {@link #gatedProbeAck} runs them through rhcc-gated's loop (docs/design.md §4), the receiver reporting congestion
 * on a random three quarters of the responses, with the same targets. {@link #emulatedProbeAck} runs them through
 * hostcc-emulated's loop (R_rev rising at most once per 300 us, docs/design.md §4), with the same targets.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 3, jvmArgsAppend = { "-Dagrona.disable.bounds.checks=true",
    "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED" })
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class ProbeAckBenchmark
{
    private static final int STREAM_LENGTH = 1 << 16;
    private static final int STREAM_MASK = STREAM_LENGTH - 1;
    private static final int ACK_SPACING_NS = 50;

    @Param({ "1", "1000", "1000000" })
    int qps;

    private ReceivableRateController controller;
    private ReceivableRateController weighted;
    private ReceivableRateController gated;
    private ReceivableRateController emulated;
    private final boolean[] congestedStream = new boolean[STREAM_LENGTH];
    private final int[] qpStream = new int[STREAM_LENGTH];
    private final int[] delayStream = new int[STREAM_LENGTH];
    private final double[] rccStream = new double[STREAM_LENGTH];
    private int cursor;

    /**
     * Opens every QP and draws a fixed stream of random ACKs.
     */
    @Setup
    public void setUp()
    {
        controller = new ReceivableRateController(SenderParameters.paperDefaults(100.0), new QpStateTable(qps));
        weighted = new ReceivableRateController(SenderParameters.paperDefaults(100.0)
            .withWeights(SenderParameters.WEIGHT_UNIT_AUTO, QpWeights.parse("1,2,4,8")), new QpStateTable(qps));
        gated = new ReceivableRateController(
            SenderParameters.paperDefaults(100.0).withSenderGate(SenderGate.RECEIVER), new QpStateTable(qps));
        emulated = new ReceivableRateController(
            SenderParameters.paperDefaults(100.0).withSenderGate(SenderGate.INCREASE_INTERVAL),
            new QpStateTable(qps));
        for (int qp = 0; qp < qps; qp++)
        {
            controller.open(qp);
            weighted.open(qp);
            gated.open(qp);
            emulated.open(qp);
        }
        final SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < STREAM_LENGTH; i++)
        {
            qpStream[i] = random.nextInt(qps);
            delayStream[i] = 100 + random.nextInt(900);
            rccStream[i] = 20.0 + 80.0 * random.nextDouble();
            congestedStream[i] = random.nextInt(4) != 0;
        }
    }

    /**
     * @return R_send of one ACK.
     */
    @Benchmark
    public double probeAck()
    {
        final int c = cursor++;
        final int i = c & STREAM_MASK;
        // ACKs arrive in time order, one every ACK_SPACING_NS at the receiver (32-bit stamps wrap as on the NIC)
        final int recvNs = c * ACK_SPACING_NS;
        return controller.onProbeAck(qpStream[i], recvNs, recvNs + delayStream[i], rccStream[i]);
    }

    /**
     * @return R_send of one ACK of a weighted QP.
     */
    @Benchmark
    public double weightedProbeAck()
    {
        final int c = cursor++;
        final int i = c & STREAM_MASK;
        final int recvNs = c * ACK_SPACING_NS;
        return weighted.onProbeAck(qpStream[i], recvNs, recvNs + delayStream[i], rccStream[i]);
    }

    /**
     * @return R_send of one ACK through rhcc-gated's loop.
     */
    @Benchmark
    public double gatedProbeAck()
    {
        final int c = cursor++;
        final int i = c & STREAM_MASK;
        final int recvNs = c * ACK_SPACING_NS;
        return gated.onProbeAck(qpStream[i], recvNs, recvNs + delayStream[i], congestedStream[i], rccStream[i]);
    }

    /**
     * @return R_send of one ACK through hostcc-emulated's loop.
     */
    @Benchmark
    public double emulatedProbeAck()
    {
        final int c = cursor++;
        final int i = c & STREAM_MASK;
        final int recvNs = c * ACK_SPACING_NS;
        return emulated.onProbeAck(qpStream[i], recvNs, recvNs + delayStream[i], rccStream[i]);
    }
}
