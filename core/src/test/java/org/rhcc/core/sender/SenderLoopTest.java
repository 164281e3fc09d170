package org.rhcc.core.sender;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SenderLoopTest
{
    @Test
    void shouldSetRateAtMostMinOfReceivableAndInterHostRate()
    {
        final ReceivableRateController controller =
            new ReceivableRateController(SenderParameters.paperDefaults(100.0), new QpStateTable(2));
        controller.open(1);
        final List<double[]> updates = new ArrayList<>();
        final SenderLoop loop = new SenderLoop(controller, (qp, rRev, rSend, t) -> updates.add(new double[]{ rRev, rSend }));
        loop.onProbeAck(1, 0, 900, 60.0, 10);
        loop.onProbeAck(1, 100, 50, 60.0, 20);
        assertEquals(1, updates.size(), "a rejected ACK sets no rate");
        final double[] update = updates.get(0);
        assertTrue(update[1] <= Math.min(update[0], 60.0));
        assertEquals(controller.receivableRateGbps(1), update[0], 0.0);
    }
}
