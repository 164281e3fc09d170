package org.rhcc.sim.host;

import org.junit.jupiter.api.Test;
import org.rhcc.sim.SimParameters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IoPathTest
{
    @Test
    void shouldStopIssuingWhenPostedCreditsRunOutAndResumeOnCreditReturn()
    {
        final SimParameters p = SimParameters.calibrated();
        final IoPath io = new IoPath(p.io(), p.pcie(), p.stepNs(), 0.0);
        io.hitProbability(0.0);
        final WriteBacklog blocked = new WriteBacklog(2, 1.0);
        final MemoryController mc = new MemoryController(p.dram());
        double issued = 0.0;
        for (int k = 0; k < 2_000; k++)
        {
            io.advance(blocked);
            final double n = io.issueBudget();
            io.issue(n);
            issued += n;
            io.afterAdmission(blocked, 0.0);
        }
        final double tlpLines = p.pcie().mpsBytes() / 64.0;
        assertTrue(issued > p.io().creditsLines() - tlpLines && issued <= p.io().creditsLines() + 1e-9,
            "the NIC uses its posted credits down to less than one TLP: " + issued);
        assertFalse(io.canIssue());
        assertEquals(issued, io.occupancy(), 1e-6);
        for (int k = 0; k < 2_000; k++)
        {
            io.advance(blocked);
            blocked.step(mc);
            io.afterAdmission(blocked, 0.0);
            mc.step(1e6 + k * 5.0, 5.0);
        }
        assertTrue(io.canIssue());
        assertTrue(io.releasedLines() > 0.0);
    }

    @Test
    void shouldReleaseDdioHitsAfterTheLlcPhase()
    {
        final SimParameters p = SimParameters.calibrated();
        final IoPath io = new IoPath(p.io(), p.pcie(), p.stepNs(), 0.0);
        io.hitProbability(1.0);
        final WriteBacklog backlog = new WriteBacklog(2, 100.0);
        io.advance(backlog);
        io.issue(4.0);
        io.afterAdmission(backlog, 0.0);
        for (int k = 0; k < io.pcieSteps() + io.llcSteps(); k++)
        {
            io.advance(backlog);
            io.afterAdmission(backlog, 0.0);
        }
        assertEquals(4.0, io.releasedLines(), 1e-9);
        assertEquals(0.0, io.occupancy(), 1e-9);
    }
}
