package org.rhcc.sim.control;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.rhcc.core.control.Scheme;
import org.rhcc.sim.ProgressListener;
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.Simulation;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.Scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The receiver's state in the probe response (docs/model.md §4.10) as rhcc-gated uses it (docs/design.md §4): with TCP
 * sharing the receiver NIC's PCIe link and D_thr set far below the delay the probes see (10 ns against about 140),
 * D stays above D_thr while the IIO buffer is not congested. The paper's loop cuts anyway; the gated loop, told by
 * every response that the receiver is not congested, stands aside and the run is DCQCN's. One QP, so that the paper's
 * loop, which starts from line rate and cuts through Eq. (3) alone while D_cur > D_thr, binds within the run.
 */
class ReceiverGateTest
{
    private static final Scenario PCIE = new Scenario(true, 0, CpuTraffic.LOCAL, 1, 1, 65536, 0, 71.0, 2,
        3_000_000L, 2_000_000L, 11L);
    /** Far below the probes' delay under this contention, so that the paper's sender loop acts on it. */
    private static final Map<String, String> LOW_D_THR = Map.of("d_thr_ns", "10");

    @Test
    void shouldStandAsideWhereTheReceiverReportsNoIioCongestion()
    {
        final double dcqcnGbps = goodputGbps(ControllerHook.NONE);
        final double paperGbps = goodputGbps(new InProcessControllerHook(Scheme.RHCC, LOW_D_THR));
        final double gatedGbps = goodputGbps(new InProcessControllerHook(Scheme.RHCC_GATED, LOW_D_THR));

        assertTrue(paperGbps < 0.8 * dcqcnGbps, "the paper's loop cuts: " + paperGbps + " vs " + dcqcnGbps);
        assertEquals(dcqcnGbps, gatedGbps, 0.005 * dcqcnGbps, "the gated loop stands aside");
    }

    @Test
    void shouldReportTheReceiverLoopsVerdictOnlyForSchemesWithOne()
    {
        assertTrue(new InProcessControllerHook(Scheme.RNIC_ONLY, Map.of()).receiverCongested(),
            "no receiver loop: nothing reported, the probe counts as congested");
        assertTrue(ControllerHook.NONE.receiverCongested());
    }

    private static double goodputGbps(final ControllerHook hook)
    {
        return Simulation.run(PCIE, SimParameters.calibrated(), hook, ProgressListener.NONE).metrics().rnicGbps();
    }
}
