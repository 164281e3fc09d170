package org.rhcc.testvectors;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.rhcc.core.sender.ProbeCadence;
import org.rhcc.core.sender.QpStateTable;
import org.rhcc.core.sender.SenderGate;
import org.rhcc.core.sender.ReceivableRateController;
import org.rhcc.core.sender.SenderParameters;

/**
 * Vector (a): a probe-ACK stream through the sender loop (paper Eq. (2)-(4)), with the expected D_cur, R_rev and
 * R_send after each ACK. Columns:
 * <pre>
 * case,qp,bytes_sent,probes_due,t_recv_ns,t_resp_ns,r_cc_gbps,status,d_sample_ns,d_cur_ns,r_rev_gbps,r_send_gbps
 * </pre>
 * Each case starts with fresh state (every QP at line rate, no delay sample). {@code bytes_sent} is the QP's
 * cumulative byte count when the ACK arrives; {@code probes_due} the probes the 32 KB cadence requested since the
 * QP's previous row; timestamps are unsigned 32-bit ns (consecutive {@code t_recv_ns} of a QP also give its delivered
 * rate, which caps R_rev at twice that rate); {@code status} is {@code ok}, {@code negative_delay} or
 * {@code bad_rate}; {@code r_send_gbps} is empty when the ACK was rejected (the rate stays as it was).
 */
final class ProbeAckVectors
{
    static final double LINE_RATE_GBPS = 100.0;
    static final int QPS = 4;
    static final String[] HEADER = { "case", "qp", "bytes_sent", "probes_due", "t_recv_ns", "t_resp_ns",
        "r_cc_gbps", "status", "d_sample_ns", "d_cur_ns", "r_rev_gbps", "r_send_gbps" };

    private final CsvVectorWriter out;
    private final SplittableRandom random;
    /** The {@code # param} key of the gated file: 1 when the loop is gated by the receiver ({@code rhcc-gated}). */
    static final String RECEIVER_GATED = "receiver_gated";
    /** The gated file's extra column: the receiver's state the probe response reports, 1 congested, 0 not. */
    static final String RECEIVER_CONGESTED = "receiver_congested";
    /** The gated file's header: the receiver's state after R_cc. */
    static final String[] GATED_HEADER = { "case", "qp", "bytes_sent", "probes_due", "t_recv_ns", "t_resp_ns",
        "r_cc_gbps", RECEIVER_CONGESTED, "status", "d_sample_ns", "d_cur_ns", "r_rev_gbps", "r_send_gbps" };
    /** Rows of a case per block of one receiver state: two congested blocks, then one not, and again. */
    private static final int STATE_BLOCK_ROWS = 13;
    /** The {@code # param} key of the hostcc-emulated file: R_rev rises at most once per this many ns. */
    static final String INCREASE_INTERVAL_NS = "increase_interval_ns";
    /** The {@code # param} key of the hostcc-emulated file: the increase clock's tick, ns. */
    static final String INCREASE_TICK_NS = "increase_tick_ns";
    /** The {@code # param} key of the hostcc-emulated file: ticks after the last rise before the next may pass. */
    static final String INCREASE_INTERVAL_TICKS = "increase_interval_ticks";
    /** The hostcc-emulated file's extra column: the QP's increase clock after the ACK (byte 15 of its state). */
    static final String INCREASE_TICK = "increase_tick";
    /** The hostcc-emulated file's header: the paper's columns, then the increase clock. */
    static final String[] EMULATED_HEADER = { "case", "qp", "bytes_sent", "probes_due", "t_recv_ns", "t_resp_ns",
        "r_cc_gbps", "status", "d_sample_ns", "d_cur_ns", "r_rev_gbps", "r_send_gbps", INCREASE_TICK };

    private final SenderParameters params;
    private ReceivableRateController controller;
    private final long[] bytesSent = new long[QPS];
    private long clockNs;
    private String caseName;
    private int rowInCase;

    /**
     * @param out         where the rows go.
     * @param seed        seed of the cases' random draws.
     * @param senderGate the sender loop's gate: {@link SenderGate#NONE} for {@code probe_ack.csv} (rhcc),
     *                   {@link SenderGate#RECEIVER} for {@code probe_ack_gated.csv} (rhcc-gated), whose rows also give
     *                   the receiver's reported state: blocks of 13 rows, congested, congested, not, and again;
     *                   {@link SenderGate#INCREASE_INTERVAL} for {@code probe_ack_hostcc_emulated.csv}
     *                   (hostcc-emulated), whose rows also give the QP's increase clock and which adds the cases that
     *                   exercise its 300 us interval.
     */
    ProbeAckVectors(final CsvVectorWriter out, final long seed, final SenderGate senderGate)
    {
        this.out = out;
        this.random = new SplittableRandom(seed);
        this.params = parameters(senderGate);
    }

    static SenderParameters parameters(final SenderGate senderGate)
    {
        return SenderParameters.paperDefaults(LINE_RATE_GBPS).withSenderGate(senderGate);
    }

    void write()
    {
        out.comment("rhcc test vectors " + VectorGenerator.VERSION +
            " (a): probe-ACK stream through the sender loop, paper Eq. (2)-(4)" +
            (gated() ? ", gated by the receiver's reported state (rhcc-gated)" : "") +
            (emulated() ? ", R_rev rising at most once per 300 us (hostcc-emulated)" : ""));
        out.comment("generated by org.rhcc.testvectors.VectorGenerator from rhcc-core; do not edit by hand");
        out.param("g_probe", params.gProbe());
        out.param("alpha", params.alpha());
        out.param("beta", params.beta());
        out.param("d_thr_ns", params.dThrNs());
        out.param("r_min_gbps", params.rMinGbps());
        out.param("r_line_gbps", params.rLineGbps());
        out.param("probe_interval_bytes", params.probeIntervalBytes());
        if (gated())
        {
            out.param(RECEIVER_GATED, 1);
        }
        if (emulated())
        {
            out.param(INCREASE_INTERVAL_NS, ReceivableRateController.INCREASE_INTERVAL_NS);
            out.param(INCREASE_TICK_NS, 1 << ReceivableRateController.INCREASE_TICK_SHIFT);
            out.param(INCREASE_INTERVAL_TICKS, ReceivableRateController.INCREASE_INTERVAL_TICKS);
        }
        out.header(gated() ? GATED_HEADER : emulated() ? EMULATED_HEADER : HEADER);

        begin("normal");
        for (int i = 0; i < 200; i++)
        {
            ack(0, 120 + random.nextInt(41), LINE_RATE_GBPS);
        }

        begin("step");
        for (int i = 0; i < 300; i++)
        {
            ack(0, i < 50 || i >= 200 ? 120 : 900, LINE_RATE_GBPS);
        }

        begin("oscillating");
        for (int i = 0; i < 300; i++)
        {
            final int delayNs = (int)Math.max(0.0, 200.0 + 300.0 * Math.sin(2.0 * Math.PI * i / 25.0));
            ack(0, delayNs, (i / 40) % 2 == 0 ? 30.0 : 90.0);
        }

        begin("extreme");
        for (int i = 0; i < 50; i++)
        {
            ack(0, 0, LINE_RATE_GBPS);
        }
        for (int i = 0; i < 5; i++)
        {
            ack(0, Integer.MAX_VALUE, LINE_RATE_GBPS);
        }
        ack(0, 200, 1e9);
        ack(0, 200, 1e-6);
        ack(0, 200, 0.0);
        ack(0, 200, Double.POSITIVE_INFINITY);
        for (int i = 0; i < 100; i++)
        {
            ack(0, 1, 0.5 + i);
        }

        begin("wrap");
        for (int i = 0; i < 60; i++)
        {
            final int delayNs = 150 + random.nextInt(400);
            if (i % 2 == 0)
            {
                // the probe arrives just before the 32-bit timestamp wraps and is answered just after
                final long nextWrapNs = ((clockNs >>> 32) + 1) << 32;
                ackAt(0, nextWrapNs - 1 - random.nextInt(delayNs), delayNs, LINE_RATE_GBPS);
            }
            else
            {
                ack(0, delayNs, LINE_RATE_GBPS);
            }
        }

        begin("malformed");
        for (int i = 0; i < 120; i++)
        {
            switch (i % 6)
            {
                case 1:
                    ack(0, -(1 + random.nextInt(1000)), LINE_RATE_GBPS);
                    break;
                case 3:
                    ack(0, 300, -1.0);
                    break;
                case 4:
                    ack(0, 300, Double.NaN);
                    break;
                default:
                    ack(0, 250 + random.nextInt(500), LINE_RATE_GBPS);
                    break;
            }
        }

        begin("delivered_rate_cap");
        for (int i = 0; i < 120; i++)
        {
            // 32 KB probes 52.4 us apart: the QP delivers 5 Gbit/s, so R_rev may not wind above 10 Gbit/s
            ackAt(0, clockNs + 52_429 + random.nextInt(64), i < 40 ? 150 : 900, LINE_RATE_GBPS);
        }

        begin("multi_qp");
        for (int i = 0; i < 300; i++)
        {
            final int qp = random.nextInt(QPS);
            final int delayNs = qp == 0 ? 120 : qp == 1 ? 700 : 150 + random.nextInt(900);
            ack(qp, delayNs, qp == 3 ? 25.0 : LINE_RATE_GBPS);
        }
        if (emulated())
        {
            writeIncreaseIntervalCases();
        }
    }

    /**
     * The cases of hostcc-emulated's 300 us rate-increase interval: rises held between cuts, probes around 300 us
     * apart (the gap clause), a run of cuts longer than the 8-bit clock's 256 ticks, and QPs whose intervals run
     * independently.
     */
    private void writeIncreaseIntervalCases()
    {
        begin("increase_interval");
        for (int i = 0; i < 1_600; i++)
        {
            // 50 ACKs above target, 500 below, and again: cuts at once, one rise per 300 us in between
            final int phase = i % 550;
            ack(0, phase < 50 ? 700 + random.nextInt(400) : 60 + random.nextInt(80), LINE_RATE_GBPS);
        }

        begin("probe_gaps_around_interval");
        for (int i = 0; i < 200; i++)
        {
            // a QP near R_min, its probes 290 .. 310 us apart: either side of the 300 us gap clause, and of 75 ticks
            ackAt(0, clockNs + 290_000 + random.nextInt(20_001), i < 20 ? 2_000 : 50 + random.nextInt(100),
                LINE_RATE_GBPS);
        }

        begin("cuts_past_clock_wrap");
        for (int i = 0; i < 900; i++)
        {
            // 1.8 ms of cuts (over 256 ticks of 4.096 us), then rises: the first one passes at once
            ack(0, i < 600 ? 400 + random.nextInt(200) : 50 + random.nextInt(100), LINE_RATE_GBPS);
        }

        begin("multi_qp_intervals");
        for (int i = 0; i < 1_200; i++)
        {
            final int qp = random.nextInt(QPS);
            final boolean above = (i / 150 + qp) % 3 == 0;
            ack(qp, above ? 600 + random.nextInt(600) : 40 + random.nextInt(120), qp == 2 ? 40.0 : LINE_RATE_GBPS);
        }
    }

    private void begin(final String name)
    {
        caseName = name;
        rowInCase = 0;
        controller = new ReceivableRateController(params, new QpStateTable(QPS));
        for (int qp = 0; qp < QPS; qp++)
        {
            controller.open(qp);
            bytesSent[qp] = 0;
        }
        clockNs = 1_000_000L;
    }

    private void ack(final int qp, final int delayNs, final double rccGbps)
    {
        ackAt(qp, clockNs + 2_000 + random.nextInt(2_000), delayNs, rccGbps);
    }

    private void ackAt(final int qp, final long recvNs, final int delayNs, final double rccGbps)
    {
        final long before = bytesSent[qp];
        final long after = before + 32768 + 32L * (random.nextInt(201) - 100);
        bytesSent[qp] = after;
        final long probesDue = ProbeCadence.probesDue(before, after, params.probeIntervalBytes());
        clockNs = recvNs;
        final int tRecv = (int)clockNs;
        final int tResp = tRecv + delayNs;
        final String status;
        final double rSend;
        if (gated())
        {
            final boolean congested = 2 != (rowInCase++ / STATE_BLOCK_ROWS) % 3;
            rSend = controller.onProbeAck(qp, tRecv, tResp, congested, rccGbps);
            status = status(rSend);
            out.row(caseName, qp, after, probesDue, Integer.toUnsignedLong(tRecv), Integer.toUnsignedLong(tResp),
                rccGbps, congested ? 1 : 0, status, tResp - tRecv, controller.delayNs(qp),
                controller.receivableRateGbps(qp), rSend < 0 ? null : rSend);
        }
        else
        {
            rSend = controller.onProbeAck(qp, tRecv, tResp, rccGbps);
            status = status(rSend);
            final Object[] cells = { caseName, qp, after, probesDue, Integer.toUnsignedLong(tRecv),
                Integer.toUnsignedLong(tResp), rccGbps, status, tResp - tRecv, controller.delayNs(qp),
                controller.receivableRateGbps(qp), rSend < 0 ? null : rSend, controller.table().increaseTick(qp) };
            out.row(emulated() ? cells : Arrays.copyOf(cells, HEADER.length));
        }
    }

    private boolean gated()
    {
        return SenderGate.RECEIVER == params.senderGate();
    }

    private boolean emulated()
    {
        return SenderGate.INCREASE_INTERVAL == params.senderGate();
    }

    private static String status(final double rSend)
    {
        return rSend == ReceivableRateController.REJECTED_NEGATIVE_DELAY ? "negative_delay" :
            rSend == ReceivableRateController.REJECTED_BAD_RATE ? "bad_rate" : "ok";
    }
}
