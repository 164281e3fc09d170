package org.rhcc.nativeio.host;

import com.typesafe.config.Config;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.actors.config.RhccConfig;
import org.rhcc.actors.node.NodeMain;
import org.rhcc.actors.node.RhccNode;
import org.rhcc.nativeio.failsafe.Heartbeat;
import org.rhcc.nativeio.fixture.FakeCpuid;
import org.rhcc.nativeio.fixture.FakeMsrSpace;
import org.rhcc.nativeio.fixture.FakeResctrl;
import org.rhcc.nativeio.fixture.FakeSysfs;
import org.rhcc.nativeio.iio.IrpCounterLayout;
import org.rhcc.transport.auth.FrameKey;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A receiver node started from {@code conf/profiles/real-host-receiver.conf}, with only the device paths pointed at
 * fixture trees: a Cascade Lake whose NIC hangs off IIO stack 2, an IRP occupancy counter that stays at 90 lines
 * (twice the threshold), and a resctrl "kernel" with MBA. The node is handed the production {@link ReceiverHost}
 * opened on those trees ({@link FixtureReceiverHost}), as {@code rhcc node} hands it the host on a real machine
 * (cli's {@code NodeCommandTest} covers the command's own one-line refusals).
 */
class RealHostReceiverNodeTest
{
    private static final Path PROFILE = Path.of("..", "conf", "profiles", "real-host-receiver.conf");
    private static final String NIC = "0000:18:00.0";
    private static final String ROOT_BUS = "0000:17";
    private static final int STACK = 2;
    private static final int CPU = 0;
    private static final IrpCounterLayout LAYOUT = IrpCounterLayout.SKX_CLX;
    /** The IRP counters as ReceiverHost programs them (occupancy on counter 1, clock on counter 0). */
    private static final long OCC_CTL = LAYOUT.irpCtl(STACK, 1);
    private static final long OCC_CTR = LAYOUT.irpCtr(STACK, 1);
    private static final long CLK_CTL = LAYOUT.irpCtl(STACK, 0);
    private static final long CLK_CTR = LAYOUT.irpCtr(STACK, 0);
    /** Occupied IIO write-buffer lines the fixture's counter accumulates per IRP cycle. */
    private static final long OCCUPANCY_LINES = 90;

    @TempDir
    Path dir;

    private FakeMsrSpace msr;
    private FakeSysfs sys;
    private FakeSysfs proc;
    private FakeResctrl resctrl;
    private Path heartbeatFile;

    @BeforeEach
    void setUp() throws IOException
    {
        // a 500 MHz IRP clock and a buffer that holds 90 lines on every cycle, both from the monotonic clock
        msr = new FakeMsrSpace(dir).addCpus(CPU)
            .live(CPU, CLK_CTR, () -> (System.nanoTime() / 2) & IrpCounterLayout.COUNTER_MASK)
            .live(CPU, OCC_CTR, () -> (System.nanoTime() / 2 * OCCUPANCY_LINES) & IrpCounterLayout.COUNTER_MASK);
        FakeCpuid.cascadeLake(msr.root(), CPU);
        sys = new FakeSysfs(dir.resolve("sys"))
            .pciDevice(NIC, ROOT_BUS, 0)
            .iioMapping(STACK, 0, ROOT_BUS)
            .node(0, "0-3")
            .file("devices/system/cpu/online", "0-7\n");
        proc = new FakeSysfs(dir.resolve("proc"));
        resctrl = FakeResctrl.builder().build(dir);
        Files.copy(resctrl.mountsFile(), proc.root().resolve("mounts"));
        heartbeatFile = Files.createDirectories(dir.resolve("run")).resolve("receiver.heartbeat");
    }

    @Test
    void shouldPollTheCounterThrottleTheGroupsBeatAndResetWhenStopped() throws IOException
    {
        final Config config = RhccConfig.load(PROFILE, fixturePaths());

        final RhccNode node = RhccNode.start(config, FixtureReceiverHost.open(config, msr));
        final long readsAtStart;
        final Heartbeat first;
        final Map<Integer, Long> crossNuma;
        try
        {
            assertTrue(resctrl.groups().containsAll(List.of("rhcc-local", "rhcc-xnuma")), resctrl.groups()::toString);
            assertEquals(new TreeSet<>(Set.of(0, 1, 2, 3)), resctrl.cpus("rhcc-local"));
            assertEquals(new TreeSet<>(Set.of(4, 5, 6, 7)), resctrl.cpus("rhcc-xnuma"));
            assertEquals(IrpCounterLayout.OCCUPANCY_CTL, msr.peek(CPU, OCC_CTL), "occupancy event programmed");
            first = Heartbeat.parse(Files.readString(heartbeatFile));
            assertNotNull(first, "a heartbeat as the watchdog reads it");
            assertEquals(ProcessHandle.current().pid(), first.pid());
            readsAtStart = msr.reads();

            // congested from the first samples: cross-NUMA cores jump to 40 %, local cores step down to 20 %
            awaitTrue(() -> allEqual(mbValues("rhcc-local"), 20), "local group at 20 %");
            crossNuma = mbValues("rhcc-xnuma");
            awaitTrue(() -> Heartbeat.parse(readOrEmpty(heartbeatFile)) != null &&
                Heartbeat.parse(readOrEmpty(heartbeatFile)).sequence() > first.sequence(), "heartbeat advancing");
            // the sensor keeps polling (on a loaded machine it may have read fewer than 100 samples by now)
            awaitTrue(() -> msr.reads() - readsAtStart > 100, "the sensor polled the counter more than 100 times");
        }
        finally
        {
            node.close();
        }

        assertTrue(!crossNuma.isEmpty() && crossNuma.values().stream().allMatch((v) -> v <= 40),
            "cross-NUMA group throttled to level 4 or below: " + crossNuma);
        assertEquals(Map.of(0, 100L, 1, 100L), resctrl.mbValues("rhcc-local"), "local group back to 100 %");
        assertEquals(Map.of(0, 100L, 1, 100L), resctrl.mbValues("rhcc-xnuma"), "cross-NUMA group back to 100 %");
        assertFalse(Files.exists(heartbeatFile), "heartbeat removed: the controller stopped");
        assertEquals(0, msr.peek(CPU, OCC_CTL), "occupancy counter released");
        assertEquals(0, msr.peek(CPU, CLK_CTL), "clock counter released");
    }

    @Test
    void shouldStepTheProtectedClassLastAndHoldItAtItsFloor() throws Exception
    {
        final Map<String, Object> settings = fixturePaths();
        settings.put("rhcc.receiver.host.cross-numa-cpus", "4-5");
        settings.put("rhcc.receiver.host.protected-cpus", "6-7");
        settings.put("rhcc.receiver.host.protected-floor-level", 2);
        settings.put("rhcc.session.mba-groups", 3);
        settings.put("rhcc.session.params.protected_floor_level", 2);
        final Config config = RhccConfig.load(PROFILE, settings);

        final RhccNode node = RhccNode.start(config, FixtureReceiverHost.open(config, msr));
        try
        {
            assertEquals(new TreeSet<>(Set.of(6, 7)), resctrl.cpus("rhcc-protected"));
            // congested from the first samples: local cores down to 20 %, then the protected class to its floor, 80 %
            awaitTrue(() -> allEqual(mbValues("rhcc-local"), 20), "local group at 20 %");
            awaitTrue(() -> allEqual(mbValues("rhcc-protected"), 80), "protected group at its floor, 80 %");
            Thread.sleep(50);
            assertEquals(Map.of(0, 80L, 1, 80L), resctrl.mbValues("rhcc-protected"), "never past its floor");
        }
        finally
        {
            node.close();
        }
        assertEquals(Map.of(0, 100L, 1, 100L), resctrl.mbValues("rhcc-protected"), "protected group back to 100 %");
    }

    @Test
    void shouldStopTheNodeOnOneLineWhenItsSessionCannotOpen() throws IOException
    {
        final Map<String, Object> settings = fixturePaths();
        settings.put("rhcc.session.params.i_thr", "-5");
        final Config config = NodeMain.load(List.of("receiver"), configFile(settings));

        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> NodeMain.run(config, FixtureReceiverHost.open(config, msr), false));
        assertFalse(ex.getMessage().contains("\n"), ex.getMessage());
        assertTrue(ex.getMessage().startsWith("the receiver's configured session (rhcc.session) did not open: "),
            ex.getMessage());
        assertTrue(ex.getMessage().endsWith("I_thr = -5.0 must be a positive number; the paper uses 45"),
            ex.getMessage());
        assertEquals(Map.of(0, 100L, 1, 100L), resctrl.mbValues("rhcc-local"));
        assertEquals(Map.of(0, 100L, 1, 100L), resctrl.mbValues("rhcc-xnuma"));
        assertFalse(Files.exists(heartbeatFile), "heartbeat removed: the node stopped");
        assertEquals(0, msr.peek(CPU, OCC_CTL), "occupancy counter released");
    }

    @Test
    void shouldRefuseASessionWithOtherThanTheHostsTwoGroupsAtStart()
    {
        final Map<String, Object> settings = fixturePaths();
        settings.put("rhcc.session.mba-groups", 3);
        final Config config = RhccConfig.load(PROFILE, settings);

        // refused while the host opens, before a node exists
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> FixtureReceiverHost.open(config, msr));
        assertEquals("rhcc.session.mba-groups = 3 but a receiver host has two MBA groups " +
            "(rhcc.receiver.host.local-group and .cross-numa-group): set rhcc.session.mba-groups = 2", ex.getMessage());
        assertFalse(Files.exists(heartbeatFile));
    }

    private Path configFile(final Map<String, Object> settings) throws IOException
    {
        final Path conf = dir.resolve("receiver.conf");
        final StringBuilder text = new StringBuilder("include file(\"" + PROFILE.toAbsolutePath().normalize() +
            "\")\n");
        for (final Map.Entry<String, Object> e : settings.entrySet())
        {
            text.append(e.getKey()).append(" = \"").append(e.getValue()).append("\"\n");
        }
        Files.writeString(conf, text.toString());
        return conf;
    }

    private Map<String, Object> fixturePaths()
    {
        final Map<String, Object> s = new LinkedHashMap<>();
        s.put("rhcc.work-dir", dir.resolve("work").toString());
        s.put("pekko.remote.artery.canonical.port", 0);
        s.put("rhcc.receiver.sensor-interval", "10us");
        s.put("rhcc.receiver.host.msr-root", msr.root().toString());
        s.put("rhcc.receiver.host.sys-root", sys.root().toString());
        s.put("rhcc.receiver.host.proc-root", proc.root().toString());
        s.put("rhcc.receiver.host.resctrl-root", resctrl.root().toString());
        s.put("rhcc.receiver.host.nic-pci-address", NIC);
        s.put("rhcc.receiver.host.local-cpus", "0-3");
        s.put("rhcc.receiver.host.cross-numa-cpus", "4-7");
        s.put("rhcc.receiver.host.heartbeat-file", heartbeatFile.toString());
        s.put("rhcc.receiver.host.heartbeat-interval", "20ms");
        final Path key = dir.resolve("frame.key");
        if (!Files.exists(key))
        {
            FrameKey.random().writeNew(key);
        }
        s.put("rhcc.security.frame-key-file", key.toString());
        return s;
    }

    private Map<Integer, Long> mbValues(final String group)
    {
        try
        {
            return resctrl.mbValues(group);
        }
        catch (final IOException | RuntimeException ex)
        {
            return Map.of(); // read while the node rewrites it
        }
    }

    private static boolean allEqual(final Map<Integer, Long> values, final long expected)
    {
        return !values.isEmpty() && values.values().stream().allMatch((v) -> v == expected);
    }

    private static String readOrEmpty(final Path file)
    {
        try
        {
            return Files.readString(file);
        }
        catch (final IOException ex)
        {
            return "";
        }
    }

    private static void awaitTrue(final BooleanSupplier condition, final String what)
    {
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new AssertionError("timed out waiting for: " + what);
            }
            try
            {
                Thread.sleep(10);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new AssertionError(ex);
            }
        }
    }
}
