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

    private static double releasedAtFullRate(final double remoteReadsAtHome)
    {
        final SimParameters p = SimParameters.calibrated();
        final IoPath io = new IoPath(p.io(), p.pcie(), p.stepNs(), 0.0);
        io.hitProbability(1.0);
        io.remoteReadsAtHome(remoteReadsAtHome);
        final WriteBacklog backlog = new WriteBacklog(2, 100.0);
        for (int k = 0; k < 20_000; k++)
        {
            io.advance(backlog);
            io.issue(io.issueBudget());
            io.afterAdmission(backlog, 0.0);
        }
        return io.releasedLines();
    }

    @Test
    void shouldKeepThePcieRateThroughTheHomeTrackerWithoutRemoteReads()
    {
        final SimParameters p = SimParameters.calibrated();
        final double pcieLines = p.pcie().usableGbps() / 512.0 * 20_000 * p.stepNs();
        assertTrue(releasedAtFullRate(0.0) > 0.97 * pcieLines, "K_tor must not throttle the uncontended NIC");
    }

    @Test
    void shouldShareTheHomeTrackerWithRemoteReadsInProportionToDemand()
    {
        final double alone = releasedAtFullRate(0.0);
        final double shared = releasedAtFullRate(60.0);
        assertTrue(shared < 0.8 * alone, "remote reads holding tracker entries slow NIC writes: " + shared);
        assertTrue(shared > 0.1 * alone, "proportional sharing never starves the NIC: " + shared);
    }

    @Test
    void shouldCountTrackerEntriesInArrivalOrderAndHoldThemWhileRemoteReadsFillTheTracker()
    {
        final SimParameters p = SimParameters.calibrated();
        final IoPath io = new IoPath(p.io(), p.pcie(), p.stepNs(), 0.0);
        io.hitProbability(1.0);
        final WriteBacklog backlog = new WriteBacklog(2, 100.0);
        io.remoteReadsAtHome(1_000.0 * p.io().homeTrackerLines());
        io.advance(backlog);
        io.issue(4.0);
        io.afterAdmission(backlog, 0.0);
        for (int k = 0; k < io.pcieSteps(); k++)
        {
            io.advance(backlog);
            io.afterAdmission(backlog, 0.0);
        }
        assertEquals(4.0, io.arrivedLines(), 1e-9);
        assertTrue(io.trackerEnteredLines() < 0.1, "remote reads hold nearly every tracker entry");
        io.remoteReadsAtHome(0.0);
        io.advance(backlog);
        assertEquals(io.arrivedLines(), io.trackerEnteredLines(), 1e-9);
    }
}
