package org.rhcc.testvectors;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rhcc.core.dcqcn.DcqcnParameters;
import org.rhcc.core.dcqcn.DcqcnReactionPoints;
import org.rhcc.core.receiver.HostCcLocalPolicy;
import org.rhcc.core.receiver.IioCongestionDetector;
import org.rhcc.core.receiver.MbaCascade;
import org.rhcc.core.receiver.MbaCascadeConfig;
import org.rhcc.core.sender.ProbeCadence;
import org.rhcc.core.sender.QpStateTable;
import org.rhcc.core.sender.SenderGate;
import org.rhcc.core.sender.ReceivableRateController;
import org.rhcc.core.sender.SenderParameters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rhcc.testvectors.VectorFile.integer;
import static org.rhcc.testvectors.VectorFile.num;

/**
 * Replays every committed vector row through a fresh core, reading only the inputs, and checks every output column.
 */
class CoreReproducesVectorsTest
{
    /**
     * @param name {@code probe_ack.csv} (rhcc), {@code probe_ack_gated.csv} (rhcc-gated, whose file says
     *             {@code receiver_gated=1} and gives the receiver's reported state per row) or
     *             {@code probe_ack_hostcc_emulated.csv} (hostcc-emulated, whose file gives its increase interval and
     *             the QP's increase clock per row).
     */
    @ParameterizedTest
    @ValueSource(strings = { "probe_ack.csv", "probe_ack_gated.csv", "probe_ack_hostcc_emulated.csv" })
    void shouldReproduceEveryProbeAckRow(final String name)
    {
        final VectorFile file = VectorFile.read(name);
        final boolean gated = "1".equals(file.params.get(ProbeAckVectors.RECEIVER_GATED));
        assertEquals(name.contains("gated"), gated, name + " declares its ceiling rule");
        final boolean emulated = file.params.containsKey(ProbeAckVectors.INCREASE_INTERVAL_NS);
        assertEquals(name.contains("hostcc_emulated"), emulated, name + " declares its increase interval");
        if (emulated)
        {
            assertEquals(Integer.toString(ReceivableRateController.INCREASE_INTERVAL_NS),
                file.params.get(ProbeAckVectors.INCREASE_INTERVAL_NS));
        }
        final SenderParameters params = new SenderParameters(
            Double.parseDouble(file.params.get("g_probe")), Double.parseDouble(file.params.get("alpha")),
            Double.parseDouble(file.params.get("beta")), Integer.parseInt(file.params.get("d_thr_ns")),
            Double.parseDouble(file.params.get("r_min_gbps")), Double.parseDouble(file.params.get("r_line_gbps")),
            Integer.parseInt(file.params.get("probe_interval_bytes")))
            .withSenderGate(gated ? SenderGate.RECEIVER : emulated ? SenderGate.INCREASE_INTERVAL : SenderGate.NONE);
        String currentCase = "";
        ReceivableRateController controller = null;
        final long[] bytes = new long[ProbeAckVectors.QPS];
        int line = 0;
        for (final Map<String, String> row : file.rows)
        {
            line++;
            if (!row.get("case").equals(currentCase))
            {
                currentCase = row.get("case");
                controller = new ReceivableRateController(params, new QpStateTable(ProbeAckVectors.QPS));
                for (int qp = 0; qp < ProbeAckVectors.QPS; qp++)
                {
                    controller.open(qp);
                    bytes[qp] = 0;
                }
            }
            final int qp = (int)integer(row, "qp");
            final long sent = integer(row, "bytes_sent");
            assertEquals(integer(row, "probes_due"),
                ProbeCadence.probesDue(bytes[qp], sent, params.probeIntervalBytes()), "row " + line);
            bytes[qp] = sent;
            final boolean receiverCongested = !gated || 1 == integer(row, ProbeAckVectors.RECEIVER_CONGESTED);
            final double rSend = controller.onProbeAck(qp, (int)integer(row, "t_recv_ns"),
                (int)integer(row, "t_resp_ns"), receiverCongested, num(row, "r_cc_gbps"));
            final String where = name + " row " + line + " " + row;
            assertEquals(row.get("status"), rSend == ReceivableRateController.REJECTED_NEGATIVE_DELAY ?
                "negative_delay" : rSend == ReceivableRateController.REJECTED_BAD_RATE ? "bad_rate" : "ok", where);
            assertEquals(num(row, "d_cur_ns"), controller.delayNs(qp), 0.0, where);
            assertEquals(num(row, "r_rev_gbps"), controller.receivableRateGbps(qp), 0.0, where);
            if (emulated)
            {
                assertEquals(integer(row, ProbeAckVectors.INCREASE_TICK), controller.table().increaseTick(qp), where);
            }
            if (rSend > 0)
            {
                assertEquals(num(row, "r_send_gbps"), rSend, 0.0, where);
                assertTrue(rSend >= params.rMinGbps() && rSend <= params.rLineGbps(), where);
            }
            else
            {
                assertEquals("", row.get("r_send_gbps"), where);
            }
        }
        assertTrue(line > 1000, "vector has " + line + " rows");
    }

    @Test
    void shouldReproduceEveryIioMbaRow()
    {
        final VectorFile file = VectorFile.read("iio_mba.csv");
        String currentCase = "";
        IioCongestionDetector detector = null;
        MbaCascade cascade = null;
        int line = 0;
        for (final Map<String, String> row : file.rows)
        {
            line++;
            if (!row.get("case").equals(currentCase))
            {
                currentCase = row.get("case");
                detector = new IioCongestionDetector(Double.parseDouble(file.params.get("g_iio")),
                    Double.parseDouble(file.params.get("i_thr")));
                cascade = new MbaCascade(MbaCascadeConfig.paperDefaults().withIntervals(
                    Long.parseLong(file.params.get("step_down_interval_ns")),
                    Long.parseLong(file.params.get("step_up_interval_ns"))));
            }
            final boolean congested = detector.onSample(num(row, "i_sample"));
            final int changes = cascade.onDecision(congested, integer(row, "t_ns"), (g, l, t) -> { });
            final String where = "iio_mba.csv row " + line + " " + row;
            assertEquals(num(row, "i_cur"), detector.iCur(), 0.0, where);
            assertEquals(row.get("congested"), congested ? "1" : "0", where);
            assertEquals(integer(row, "level_local"), cascade.level(0), where);
            assertEquals(integer(row, "level_xnuma"), cascade.level(1), where);
            assertEquals(integer(row, "changes"), changes, where);
        }
        assertTrue(line > 1000, "vector has " + line + " rows");
    }

    @Test
    void shouldReproduceEveryHostCcRow()
    {
        final VectorFile file = VectorFile.read("hostcc.csv");
        String currentCase = "";
        HostCcLocalPolicy policy = null;
        int line = 0;
        for (final Map<String, String> row : file.rows)
        {
            line++;
            if (!row.get("case").equals(currentCase))
            {
                currentCase = row.get("case");
                policy = new HostCcLocalPolicy(Double.parseDouble(file.params.get("i_t")),
                    Double.parseDouble(file.params.get("b_t_gbps")),
                    Long.parseLong(file.params.get("relax_interval_ns")), Integer.parseInt(file.params.get("groups")));
            }
            final int changes = policy.onSample(num(row, "occ_sample"), num(row, "pcie_sample_gbps"),
                integer(row, "t_ns"), (g, l, t) -> { });
            final String where = "hostcc.csv row " + line + " " + row;
            assertEquals(num(row, "occ_smoothed"), policy.smoothedOccupancy(), 0.0, where);
            assertEquals(num(row, "pcie_smoothed_gbps"), policy.pcieGbps(), 0.0, where);
            assertEquals(integer(row, "hostcc_level"), policy.hostCcLevel(), where);
            assertEquals(integer(row, "level_local"), policy.level(0), where);
            assertEquals(integer(row, "level_xnuma"), policy.level(1), where);
            assertEquals(row.get("marking"), policy.occupancyAboveThreshold() ? "1" : "0", where);
            assertEquals(integer(row, "changes"), changes, where);
        }
        assertTrue(line > 1000, "vector has " + line + " rows");
    }

    @Test
    void shouldReproduceEveryDcqcnRowOfBothProfiles()
    {
        replayDcqcn("dcqcn.csv", DcqcnParameters.nvidia(DcqcnVectors.LINE_RATE_GBPS));
        replayDcqcn("dcqcn_paper.csv", DcqcnParameters.paper(DcqcnVectors.LINE_RATE_GBPS));
    }

    private static void replayDcqcn(final String name, final DcqcnParameters params)
    {
        final VectorFile file = VectorFile.read(name);
        assertEquals(Long.toString(params.rateIncreaseIntervalNs()), file.params.get("rate_increase_interval_ns"));
        String currentCase = "";
        DcqcnReactionPoints rp = null;
        int line = 0;
        for (final Map<String, String> row : file.rows)
        {
            line++;
            if (!row.get("case").equals(currentCase))
            {
                currentCase = row.get("case");
                rp = new DcqcnReactionPoints(params, DcqcnVectors.FLOWS, 0);
            }
            final int flow = (int)integer(row, "flow");
            final long t = integer(row, "t_ns");
            switch (row.get("event"))
            {
                case "open":
                    rp.open(flow, t);
                    break;
                case "cnp":
                    rp.onCnp(flow, t);
                    break;
                case "bytes":
                    rp.onBytesSent(flow, integer(row, "bytes"), t);
                    break;
                case "advance":
                    rp.advance(flow, t);
                    break;
                default:
                    throw new IllegalStateException(name + " row " + line + ": unknown event " + row.get("event"));
            }
            final String where = name + " row " + line + " " + row;
            assertEquals(num(row, "rc_gbps"), rp.rateGbps(flow), 0.0, where);
            assertEquals(num(row, "rt_gbps"), rp.targetRateGbps(flow), 0.0, where);
            assertEquals(num(row, "alpha"), rp.alpha(flow), 0.0, where);
            assertTrue(rp.rateGbps(flow) >= params.minRateGbps() && rp.rateGbps(flow) <= params.lineRateGbps());
        }
        assertTrue(line > 100, name + " has " + line + " rows");
    }
}
