package org.rhcc.nativeio.host;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.signal.MbaLevelCommandRecord;
import org.rhcc.nativeio.failsafe.Heartbeat;
import org.rhcc.nativeio.fixture.FakeCpuid;
import org.rhcc.nativeio.fixture.FakeMsrSpace;
import org.rhcc.nativeio.fixture.FakeResctrl;
import org.rhcc.nativeio.fixture.FakeSysfs;
import org.rhcc.nativeio.iio.IrpCounterLayout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Opening a receiver host from configuration: each gap an operator can meet fails with one line naming what is
 * missing and what to do, and leaves nothing behind (no counter programmed, no group throttled, no heartbeat).
 */
class ReceiverHostTest
{
    private static final int CPU = 0;
    private static final int STACK = 1;
    private static final IrpCounterLayout LAYOUT = IrpCounterLayout.SKX_CLX;
    private static final long OCC_CTL = LAYOUT.irpCtl(STACK, 1);
    private static final long CLK_CTL = LAYOUT.irpCtl(STACK, 0);

    @TempDir
    Path dir;

    private FakeMsrSpace msr;
    private FakeSysfs proc;
    private Path heartbeatFile;
    private final Map<String, Object> settings = new LinkedHashMap<>();

    @BeforeEach
    void setUp() throws IOException
    {
        msr = new FakeMsrSpace(dir).addCpus(CPU)
            .live(CPU, LAYOUT.irpCtr(STACK, 0), () -> (System.nanoTime() / 2) & IrpCounterLayout.COUNTER_MASK);
        FakeCpuid.cascadeLake(msr.root(), CPU);
        proc = new FakeSysfs(dir.resolve("proc"));
        heartbeatFile = Files.createDirectories(dir.resolve("run")).resolve("receiver.heartbeat");
        settings.put("msr-root", msr.root().toString());
        new FakeSysfs(dir.resolve("sys")).file("devices/system/cpu/online", "0-7\n");
        settings.put("sys-root", dir.resolve("sys").toString());
        settings.put("proc-root", proc.root().toString());
        settings.put("iio-stack", STACK);
        settings.put("cpu", CPU);
        settings.put("heartbeat-file", heartbeatFile.toString());
    }

    private FakeResctrl resctrl(final FakeResctrl.Builder builder) throws IOException
    {
        final FakeResctrl resctrl = builder.build(dir);
        Files.copy(resctrl.mountsFile(), proc.root().resolve("mounts"));
        settings.put("resctrl-root", resctrl.root().toString());
        return resctrl;
    }

    private ReceiverHost open()
    {
        return ReceiverHost.open(ReceiverHostSettings.from(config()), msr.opener(), FakeResctrl::attach);
    }

    private Config config()
    {
        final Map<String, Object> prefixed = new LinkedHashMap<>();
        settings.forEach((key, value) -> prefixed.put(ReceiverHostSettings.PATH + "." + key, value));
        return ConfigFactory.load(ConfigFactory.parseMap(prefixed));
    }

    private static void assertOneLine(final RuntimeException ex, final String... parts)
    {
        assertFalse(ex.getMessage().contains("\n"), ex.getMessage());
        for (final String part : parts)
        {
            assertTrue(ex.getMessage().contains(part), "'" + part + "' in: " + ex.getMessage());
        }
    }

    @Test
    void shouldOpenWithTheCpuidCounterLayoutAndReleaseEverythingOnClose() throws IOException
    {
        final FakeResctrl resctrl = resctrl(FakeResctrl.builder());
        settings.put("remove-groups-on-stop", true);
        try (ReceiverHost host = open())
        {
            assertTrue(host.describe().startsWith("SKX_CLX IRP stack 1 on CPU 0"), host.describe());
            assertEquals(IrpCounterLayout.OCCUPANCY_CTL, msr.peek(CPU, OCC_CTL));
            assertEquals(List.of("rhcc-local", "rhcc-xnuma"), resctrl.groups());
            assertTrue(Files.exists(heartbeatFile));

            final MbaActuator actuator = host.actuator();
            assertEquals(2, actuator.groupCount());
            actuator.apply(MbaLevelCommandRecord.of(1, 4, 0));
            assertEquals(Map.of(0, 40L, 1, 40L), resctrl.mbValues("rhcc-xnuma"));
            assertEquals(Map.of(0, 100L, 1, 100L), resctrl.mbValues("rhcc-local"));
            host.sensor().sampleOccupancy(System.nanoTime());

            final IllegalStateException second = assertThrows(IllegalStateException.class, this::open);
            assertOneLine(second, "already open in this JVM");
        }
        assertEquals(List.of(), resctrl.groups(), "groups removed as configured");
        assertEquals(0, msr.peek(CPU, OCC_CTL));
        assertFalse(Files.exists(heartbeatFile));
    }

    @Test
    void shouldBeatOnlyWhileTheSamplingLoopReadsSamples() throws Exception
    {
        resctrl(FakeResctrl.builder());
        settings.put("heartbeat-interval", "10ms");
        try (ReceiverHost host = open())
        {
            assertTrue(host.describe().endsWith("every 10 ms"), host.describe());
            final long opened = sequence();
            Thread.sleep(60);
            assertTrue(sequence() > opened, "beats before the session's first sample");

            final IioOccupancySensor sensor = host.sensor();
            sensor.sampleOccupancy(System.nanoTime());
            Thread.sleep(60);
            final long stalled = sequence();
            Thread.sleep(120);
            assertEquals(stalled, sequence(), "no beat while no sample is read: the watchdog's timeout runs");

            final long endNs = System.nanoTime() + 120_000_000L;
            while (System.nanoTime() < endNs)
            {
                sensor.sampleOccupancy(System.nanoTime());
                Thread.sleep(1);
            }
            assertTrue(sequence() > stalled, "beats again once samples are read");
        }
    }

    private long sequence() throws IOException
    {
        return Heartbeat.parse(Files.readString(heartbeatFile)).sequence();
    }

    @Test
    void shouldNameTheMissingResctrlMount() throws IOException
    {
        resctrl(FakeResctrl.builder());
        Files.writeString(proc.root().resolve("mounts"), "sysfs /sys sysfs rw 0 0\n");
        final IllegalStateException ex = assertThrows(IllegalStateException.class, this::open);
        assertOneLine(ex, "resctrl is not mounted at", "mount -t resctrl resctrl");
        assertReleased();
    }

    @Test
    void shouldNameTheMissingMba() throws IOException
    {
        resctrl(FakeResctrl.builder().withoutMb());
        final IllegalStateException ex = assertThrows(IllegalStateException.class, this::open);
        assertOneLine(ex, "has no info/MB", "rhcc doctor");
        assertReleased();
    }

    @Test
    void shouldRefuseACounterAnotherToolOwns() throws IOException
    {
        final FakeResctrl resctrl = resctrl(FakeResctrl.builder());
        final long foreign = 0x83L | IrpCounterLayout.CTL_ENABLE;
        msr.poke(CPU, OCC_CTL, foreign);
        final IllegalStateException ex = assertThrows(IllegalStateException.class, this::open);
        assertOneLine(ex, "another tool owns it");
        assertEquals(foreign, msr.peek(CPU, OCC_CTL), "the other tool's counter is left alone");
        assertEquals(List.of(), resctrl.groups(), "no group created");
        assertFalse(Files.exists(heartbeatFile));
    }

    @Test
    void shouldNameAHeartbeatDirectoryThatDoesNotExist() throws IOException
    {
        final FakeResctrl resctrl = resctrl(FakeResctrl.builder());
        settings.put("heartbeat-file", dir.resolve("no-such-run/receiver.heartbeat").toString());
        final IllegalStateException ex = assertThrows(IllegalStateException.class, this::open);
        assertOneLine(ex, "cannot write the heartbeat file", "RuntimeDirectory=rhcc");
        assertReleased();
        assertEquals(Map.of(0, 100L, 1, 100L), resctrl.mbValues("rhcc-local"));
        settings.put("heartbeat-file", heartbeatFile.toString());
        try (ReceiverHost host = open())
        {
            assertTrue(Files.exists(heartbeatFile), "the failed open left no host behind: " + host.describe());
        }
    }

    @Test
    void shouldNameTheKeyOfABadSetting() throws IOException
    {
        resctrl(FakeResctrl.builder());
        settings.remove("iio-stack");
        assertOneLine(assertThrows(IllegalArgumentException.class, this::open),
            "set rhcc.receiver.host.nic-pci-address");
        settings.put("nic-pci-address", "18:00.0");
        assertOneLine(assertThrows(IllegalArgumentException.class, this::open),
            "rhcc.receiver.host.nic-pci-address = '18:00.0' is not a PCI address", "lspci -D");
        settings.remove("nic-pci-address");
        settings.put("iio-stack", STACK);
        settings.put("local-cpus", "0-3");
        settings.put("cross-numa-cpus", "3-7");
        assertOneLine(assertThrows(IllegalArgumentException.class, this::open),
            "CPU 3 is in both rhcc.receiver.host.local-cpus and rhcc.receiver.host.cross-numa-cpus");
        settings.put("cross-numa-cpus", "4-x");
        assertOneLine(assertThrows(IllegalArgumentException.class, this::open),
            "rhcc.receiver.host.cross-numa-cpus = '4-x' is not a CPU list");
        settings.put("cross-numa-cpus", "");
        settings.put("irp-counter-layout", "skylake");
        assertOneLine(assertThrows(IllegalArgumentException.class, this::open),
            "rhcc.receiver.host.irp-counter-layout = 'skylake' must be auto, skx-clx, icx or spr");
        assertReleased();
    }

    @Test
    void shouldOpenTheProtectedClassAsAThirdGroupWithItsCpus() throws IOException
    {
        final FakeResctrl resctrl = resctrl(FakeResctrl.builder());
        settings.put("local-cpus", "0-3");
        settings.put("cross-numa-cpus", "4-5");
        settings.put("protected-cpus", "6-7");
        settings.put("protected-floor-level", 2);
        final Map<String, Object> session = Map.of("rhcc.session.mba-groups", 3,
            "rhcc.session.params.protected_floor_level", 2);
        try (ReceiverHost host =
            ReceiverHost.open(ReceiverHostSettings.from(config(session)), msr.opener(), FakeResctrl::attach))
        {
            assertEquals(List.of("rhcc-local", "rhcc-protected", "rhcc-xnuma"),
                resctrl.groups().stream().sorted().toList());
            assertEquals(3, host.actuator().groupCount());
            assertTrue(host.describe().contains("rhcc-protected (protected, floor level 2)"), host.describe());
            assertEquals(java.util.Set.of(6, 7), resctrl.cpus("rhcc-protected"));
            host.actuator().apply(MbaLevelCommandRecord.of(2, 2, 0));
            assertEquals(Map.of(0, 80L, 1, 80L), resctrl.mbValues("rhcc-protected"));
            assertEquals(Map.of(0, 100L, 1, 100L), resctrl.mbValues("rhcc-local"));
        }
    }

    @Test
    void shouldNameTheKeysOfABadProtectedClass() throws IOException
    {
        resctrl(FakeResctrl.builder());
        settings.put("local-cpus", "0-3");
        settings.put("protected-cpus", "2-3,5");
        assertOneLine(assertThrows(IllegalArgumentException.class, this::open),
            "CPUs 2-3 are in both rhcc.receiver.host.local-cpus and rhcc.receiver.host.protected-cpus");
        settings.put("cross-numa-cpus", "5");
        settings.put("protected-cpus", "5-6");
        assertOneLine(assertThrows(IllegalArgumentException.class, this::open),
            "CPU 5 is in both rhcc.receiver.host.cross-numa-cpus and rhcc.receiver.host.protected-cpus");
        settings.put("protected-cpus", "6,x");
        assertOneLine(assertThrows(IllegalArgumentException.class, this::open),
            "rhcc.receiver.host.protected-cpus = '6,x' is not a CPU list");
        settings.put("protected-cpus", "6-9");
        assertOneLine(assertThrows(IllegalArgumentException.class, this::open),
            "rhcc.receiver.host.protected-cpus names CPUs 8-9 that this host does not have online", "online: 0-7");
        settings.put("protected-cpus", "6");
        settings.put("protected-floor-level", 6);
        assertOneLine(assertThrows(IllegalArgumentException.class, this::open),
            "rhcc.receiver.host.protected-floor-level = 6 is outside 1..5");
        settings.put("protected-floor-level", 0);
        assertOneLine(assertThrows(IllegalArgumentException.class, this::open),
            "rhcc.receiver.host.protected-floor-level = 0 is outside 1..5");
        settings.put("protected-floor-level", 1);
        settings.put("protected-group", "rhcc-local");
        assertOneLine(assertThrows(IllegalArgumentException.class, this::open),
            "rhcc.receiver.host.protected-group = 'rhcc-local' is also rhcc.receiver.host.local-group");
        settings.put("protected-group", "rhcc-protected");
        Files.delete(dir.resolve("sys").resolve("devices/system/cpu/online"));
        assertOneLine(assertThrows(IllegalArgumentException.class, this::open),
            "cannot read the online CPUs from", "rhcc.receiver.host.local-cpus", "check rhcc.receiver.host.sys-root");
        assertReleased();
    }

    @Test
    void shouldRefuseASessionThatDoesNotMatchTheProtectedClass() throws IOException
    {
        resctrl(FakeResctrl.builder());
        settings.put("protected-cpus", "6-7");
        settings.put("protected-floor-level", 2);
        final Map<String, Object> session = new LinkedHashMap<>();
        session.put("rhcc.session.mba-groups", 2);
        session.put("rhcc.session.params.protected_floor_level", 2);
        assertOneLine(assertThrows(IllegalArgumentException.class, () -> ReceiverHostSettings.from(config(session))),
            "rhcc.session.mba-groups = 2 but a receiver host has three MBA groups", "set rhcc.session.mba-groups = 3");
        session.put("rhcc.session.mba-groups", 3);
        session.put("rhcc.session.params.protected_floor_level", 1);
        assertOneLine(assertThrows(IllegalArgumentException.class, () -> ReceiverHostSettings.from(config(session))),
            "rhcc.session.params.protected_floor_level = 1 but rhcc.receiver.host.protected-floor-level = 2",
            "set rhcc.session.params.protected_floor_level = 2");
        session.remove("rhcc.session.params.protected_floor_level");
        assertOneLine(assertThrows(IllegalArgumentException.class, () -> ReceiverHostSettings.from(config(session))),
            "rhcc.session.params.protected_floor_level = 0 but rhcc.receiver.host.protected-floor-level = 2");
        session.put("rhcc.session.params.protected_floor_level", 2);
        assertEquals(2, ReceiverHostSettings.from(config(session)).protectedFloorLevel());

        settings.put("protected-cpus", "");
        session.put("rhcc.session.mba-groups", 2);
        assertOneLine(assertThrows(IllegalArgumentException.class, () -> ReceiverHostSettings.from(config(session))),
            "rhcc.session.params.protected_floor_level = 2 but the host has no protected CPU class");
    }

    private Config config(final Map<String, Object> session)
    {
        final Map<String, Object> all = new LinkedHashMap<>(session);
        settings.forEach((key, value) -> all.put(ReceiverHostSettings.PATH + "." + key, value));
        return ConfigFactory.load(ConfigFactory.parseMap(all));
    }

    private void assertReleased() throws IOException
    {
        assertEquals(0, msr.peek(CPU, OCC_CTL), "occupancy counter released");
        assertEquals(0, msr.peek(CPU, CLK_CTL), "clock counter released");
        assertFalse(Files.exists(heartbeatFile), "no heartbeat");
    }
}
