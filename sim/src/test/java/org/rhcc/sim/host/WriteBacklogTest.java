package org.rhcc.sim.host;

import org.junit.jupiter.api.Test;
import org.rhcc.sim.SimParameters;

import static org.junit.jupiter.api.Assertions.assertEquals;

class WriteBacklogTest
{
    @Test
    void shouldAdmitEveryoneWhileThereIsRoomAndShareInProportionWhenFull()
    {
        final MemoryController mc = new MemoryController(SimParameters.calibrated().dram());
        final WriteBacklog backlog = new WriteBacklog(2, 20.0);
        backlog.offer(WriteBacklog.IO, 4.0);
        backlog.offer(WriteBacklog.CPU_LOCAL, 6.0);
        backlog.step(mc);
        assertEquals(4.0, backlog.admitted(WriteBacklog.IO), 1e-9);
        assertEquals(6.0, backlog.admitted(WriteBacklog.CPU_LOCAL), 1e-9);

        final WriteBacklog full = new WriteBacklog(2, 20.0);
        full.offer(WriteBacklog.IO, 30.0);
        full.offer(WriteBacklog.CPU_LOCAL, 90.0);
        full.step(mc);
        assertEquals(20.0 * 30.0 / 120.0, full.admitted(WriteBacklog.IO), 1e-9);
        assertEquals(20.0 * 90.0 / 120.0, full.admitted(WriteBacklog.CPU_LOCAL), 1e-9);
        assertEquals(100.0, full.waiting(WriteBacklog.IO) + full.waiting(WriteBacklog.CPU_LOCAL), 1e-9);
    }
}
