package org.rhcc.nativeio.failsafe;

import org.rhcc.core.signal.MbaLevelCommandRecord;
import org.rhcc.nativeio.fixture.FakeResctrl;
import org.rhcc.nativeio.resctrl.ResctrlMbaActuator;

import java.nio.file.Path;

/**
 * A stand-in receiver controller for the fail-safe process tests: opens the resctrl actuator on a fixture tree,
 * throttles both groups (local to level 3 = 60 %, cross-NUMA to level 5 = 20 %), beats, prints {@code THROTTLED}
 * and waits to be killed. Mode {@code beat} keeps beating every 50 ms; mode {@code hang} beats once and then stops,
 * like a controller stuck in a loop.
 * <p>
 * Arguments: resctrl-root heartbeat-file beat|hang.
 */
public final class ThrottlingControllerMain
{
    private ThrottlingControllerMain()
    {
    }

    /**
     * @param args resctrl-root heartbeat-file beat|hang.
     * @throws Exception on any failure (the test then sees no THROTTLED line).
     */
    public static void main(final String[] args) throws Exception
    {
        final Path root = Path.of(args[0]);
        final FakeResctrl fs = FakeResctrl.attach(root);
        final ResctrlMbaActuator actuator = ResctrlMbaActuator.open(new ResctrlMbaActuator.Context()
            .fs(fs).procMounts(fs.mountsFile()).groupCpus(new int[][]{ { 0, 1 }, { 4, 5 } }));
        ShutdownHookGuard.install(actuator);
        actuator.apply(MbaLevelCommandRecord.of(0, 3, 0));
        actuator.apply(MbaLevelCommandRecord.of(1, 5, 0));
        final HeartbeatWriter heartbeat = new HeartbeatWriter(Path.of(args[1]), Path.of("/proc"));
        if ("hang".equals(args[2]))
        {
            heartbeat.beat();
        }
        else
        {
            heartbeat.start(50);
        }
        System.out.println("THROTTLED pid=" + ProcessHandle.current().pid());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
