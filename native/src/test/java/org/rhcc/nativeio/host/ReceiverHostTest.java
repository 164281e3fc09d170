package org.rhcc.nativeio.host;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.port.MbaActuator;
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
            actuator.applyLevel(1, 4, 0);
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

    private void assertReleased() throws IOException
    {
        assertEquals(0, msr.peek(CPU, OCC_CTL), "occupancy counter released");
        assertEquals(0, msr.peek(CPU, CLK_CTL), "clock counter released");
        assertFalse(Files.exists(heartbeatFile), "no heartbeat");
    }
}
