package org.rhcc.core.control;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.rhcc.core.sender.QpStateTable;
import org.rhcc.core.sender.ReceivableRateController;
import org.rhcc.core.sender.SenderParameters;
import org.rhcc.core.signal.ProbeAckRecord;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SenderControllerTest
{
    @Test
    void shouldHandTheLimiterRRevAndRecordMinOfReceivableAndInterHostRate()
    {
        final List<double[]> updates = new ArrayList<>();
        final SenderController sender = new SenderController(ControllerConfig.defaults(Scheme.RHCC, 100.0), 2,
            (update) -> updates.add(new double[]{ update.qp(), update.rRevGbps(), update.nowNs() }));
        final double rSendGbps = sender.decide(1, new ProbeAckRecord().set(1, 0, 900, true, 60.0, 10));
        assertEquals(ReceivableRateController.REJECTED_NEGATIVE_DELAY, sender.decide(1,
            new ProbeAckRecord().set(1, 100, 50, true, 60.0, 20)));
        assertEquals(1, updates.size(), "a rejected ACK sets no rate");
        final double[] update = updates.get(0);
        assertEquals(1.0, update[0]);
        assertEquals(10.0, update[2], "the decision's time is the ACK's");
        assertEquals(sender.controller().receivableRateGbps(1), update[1], 0.0);
        assertEquals(Math.min(update[1], 60.0), rSendGbps, "R_send at the ACK, min(R_rev, R_cc), is the record");
    }

    @Test
    void shouldDecideForABlockAsForTheWholeHost()
    {
        final SenderParameters params = SenderParameters.paperDefaults(100.0);
        final List<double[]> host = new ArrayList<>();
        final SenderController whole = new SenderController(ControllerConfig.defaults(Scheme.RHCC, 100.0), 8,
            (update) -> host.add(new double[]{ update.qp(), update.rRevGbps(), update.nowNs() }));
        final List<double[]> block = new ArrayList<>();
        final QpStateTable blockTable = SenderController.openedTable(params, 4);
        final SenderController upper = new SenderController(params, blockTable, 4,
            (update) -> block.add(new double[]{ update.qp(), update.rRevGbps(), update.nowNs() }));

        for (int k = 0; k < 20; k++)
        {
            final int delayNs = 400 + 90 * k;
            final ProbeAckRecord ack = new ProbeAckRecord().set(6, 1000 * k, 1000 * k + delayNs, true, 80.0, 10L * k);
            whole.onProbeAck(ack);
            assertTrue(upper.decide(2, ack) > 0.0, "the block's QP 2 is the host's QP 6");
        }
        assertEquals(host.size(), block.size());
        for (int k = 0; k < host.size(); k++)
        {
            assertArrayEquals(host.get(k), block.get(k), "decision " + k);
        }
        final byte[] hostState = new byte[QpStateTable.BYTES_PER_QP];
        final byte[] blockState = new byte[QpStateTable.BYTES_PER_QP];
        whole.controller().table().getState(6, hostState, 0);
        blockTable.getState(2, blockState, 0);
        assertArrayEquals(hostState, blockState);
    }
}
