package org.rhcc.nativeio.tune;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.core.tune.KneeSearch;
import org.rhcc.core.tune.ProbePoint;
import org.rhcc.core.tune.TunedThresholds;
import org.rhcc.nativeio.fixture.FakeMsrSpace;
import org.rhcc.nativeio.fixture.FakeResctrl;
import org.rhcc.nativeio.fixture.FakeSysfs;
import org.rhcc.nativeio.iio.IrpCounterLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The native probe on a fixture host: sysfs with an RDMA port on IIO stack 2, an MSR space whose IRP counters count,
 * a resctrl "kernel", and a clock whose sleeps advance the counters the way a host at the MBA level the probe wrote to
 * the group's schemata (and with the load running or not) would.
 */
class NativeTuneHostTest
{
    private static final String NIC = "0000:18:00.0";
    private static final int STACK = 2;
    private static final int CPU = 0;
    private static final IrpCounterLayout LAYOUT = IrpCounterLayout.SKX_CLX;
    private static final double IRP_GHZ = 0.5;
    private static final String RCV_DATA = "class/infiniband/mlx5_0/ports/1/counters/port_rcv_data";
    private static final String STALL = "class/infiniband/mlx5_0/ports/1/hw_counters/outbound_pci_stalled_wr";

    @TempDir
    Path dir;

    private FakeSysfs sys;
    private FakeSysfs proc;
    private FakeMsrSpace msr;
    private FakeResctrl resctrl;
    private final FixtureHost host = new FixtureHost();
    private NativeTuneHost opened;

    /**
     * What the fixture host does at each MB percentage of the load's group (idle cores: {@link #idle}).
     */
    private static final class FixtureHost implements ProbeClock, DelaySource
    {
        double[] idle = { 97.0, 20.0, 150.0, 0 };
        /** Rows by MB percent 100, 80, 60, 40, 20: goodput Gbit/s, IIO lines, D ns, stall %. */
        double[][] loaded = {
            { 70.0, 120.0, 900.0, 40 },
            { 85.0, 90.0, 600.0, 20 },
            { 96.5, 50.0, 230.0, 1 },
            { 97.0, 35.0, 190.0, 0 },
            { 97.0, 25.0, 170.0, 0 } };
        long nowNs = 1_000_000_000L;
        /** Real time the IRP clock ran for while the sensor calibrated it, before the probe's first sleep. */
        long calibrationNs;
        boolean probing;
        final long createdNs = System.nanoTime();
        long rcvUnits;
        long occupancy;
        double delaySumNs;
        long delaySamples;
        FakeSysfs sys;
        FakeResctrl resctrl;
        final List<Long> windowPercents = new ArrayList<>();
        RuntimeException delayFailure;

        public long nowNs()
        {
            return nowNs;
        }

        /**
         * @return the IRP clock's time: real time while the sensor calibrates at open, the probe's clock from the
         * first measurement on.
         */
        long irpClockNs()
        {
            if (!probing)
            {
                calibrationNs = System.nanoTime() - createdNs;
            }
            return nowNs + calibrationNs;
        }

        public void sleepNs(final long durationNs)
        {
            probing = true;
            final double[] row = row();
            nowNs += durationNs;
            rcvUnits += Math.round(row[0] * durationNs / 8.0 / NicPortCounters.RCV_DATA_UNIT_BYTES);
            occupancy += Math.round(row[1] * durationNs * IRP_GHZ);
            final long probes = durationNs / 1_000;
            delaySumNs += row[2] * probes;
            delaySamples += probes;
            try
            {
                sys.file(RCV_DATA, rcvUnits + "\n");
                sys.file(STALL, (long)row[3] + "\n");
            }
            catch (final IOException ex)
            {
                throw new IllegalStateException(ex);
            }
        }

        private double[] row()
        {
            final boolean loading = Thread.getAllStackTraces().keySet().stream()
                .anyMatch((t) -> t.getName().startsWith("rhcc-tune-load-") && t.isAlive());
            if (!loading)
            {
                return idle;
            }
            final long percent = groupPercent();
            windowPercents.add(percent);
            return loaded[(int)((100 - percent) / 20)];
        }

        long groupPercent()
        {
            try
            {
                return resctrl.mbValues(NativeTuneHost.GROUP).get(0);
            }
            catch (final IOException ex)
            {
                throw new IllegalStateException(ex);
            }
        }

        public DelayReading read()
        {
            if (null != delayFailure)
            {
                throw delayFailure;
            }
            return new DelayReading(delaySumNs, delaySamples);
        }

        public String describe()
        {
            return "the fixture's sender";
        }
    }

    @BeforeEach
    void setUp() throws IOException
    {
        sys = new FakeSysfs(dir.resolve("sys"))
            .pciDevice(NIC, "0000:17", 0)
            .iioMapping(STACK, 0, "0000:17")
            .node(0, "0-1")
            .node(1, "2-3")
            .rdmaPort("mlx5_0", 1, NIC, "100 Gb/sec (4X EDR)", 0L)
            .file("devices/system/cpu/cpu0/cache/index3/size", "64K\n");
        proc = new FakeSysfs(dir.resolve("proc"))
            .threadSelf(4242, 4243)
            .file("self/status", "Name:\tjava\nCpus_allowed_list:\t0-1\n");
        msr = new FakeMsrSpace(dir).addCpus(0, 1, 2, 3)
            .live(CPU, LAYOUT.irpCtr(STACK, 0), () -> (long)(host.irpClockNs() * IRP_GHZ) & IrpCounterLayout.COUNTER_MASK)
            .live(CPU, LAYOUT.irpCtr(STACK, 1), () -> host.occupancy & IrpCounterLayout.COUNTER_MASK);
        resctrl = FakeResctrl.builder().cpus(4).build(dir);
        Files.copy(resctrl.mountsFile(), proc.root().resolve("mounts"));
        host.sys = sys;
        host.resctrl = resctrl;
    }

    @AfterEach
    void tearDown()
    {
        if (null != opened)
        {
            opened.close();
        }
    }

    private NativeTuneHost.Context context()
    {
        return new NativeTuneHost.Context()
            .sysRoot(sys.root())
            .procRoot(proc.root())
            .msrRoot(msr.root())
            .opener(msr.opener())
            .resctrlRoot(resctrl.root())
            .resctrlFs((root) -> resctrl)
            .layout(LAYOUT)
            .nic("mlx5_0")
            .delay(host)
            .clock(host)
            .settleMs(100)
            .windowMs(200)
            .bytesPerThread(4096);
    }

    @Test
    void shouldFindTheKneeFromTheHostsCounters() throws IOException
    {
        opened = NativeTuneHost.open(context());

        final TunedThresholds tuned = new KneeSearch(5).search(opened.probe());

        assertEquals(3, tuned.knee().mbaLevel());
        assertEquals(50, tuned.iThrLines());
        assertEquals(230, tuned.dThrNs());
        final ProbePoint idle = tuned.idle();
        assertEquals(97.0, idle.goodputGbps(), 0.01, "port_rcv_data x 4 bytes over the window");
        assertEquals(20.0, idle.iioLines(), 0.01, "IRP occupancy over IRP clocks");
        assertEquals(150.0, idle.delayNs(), 1e-9);
        assertEquals(2, tuned.firstLoss().mbaLevel());
        assertEquals(0.20, tuned.firstLoss().stallFraction(), 1e-9, "outbound_pci_stalled_wr is a percentage");
        assertEquals(List.of(20L, 20L, 40L, 40L, 60L, 60L, 80L, 80L), host.windowPercents,
            "each loaded point ran its settling time and window at its own level, from the deepest up");
        assertEquals(100L, host.groupPercent(), "unthrottled after the search");
        assertTrue(resctrl.read(NativeTuneHost.GROUP + "/tasks").contains("4243"), "load threads in the group");
        assertTrue(opened.describe().contains("mlx5_0:1"), opened.describe());
        assertTrue(opened.describe().contains("IIO stack 2"), opened.describe());

        opened.close();
        assertFalse(resctrl.groups().contains(NativeTuneHost.GROUP), "close removes the group");
        assertEquals(0, msr.peek(CPU, LAYOUT.irpCtl(STACK, 1)), "close releases the counters");
    }

    @Test
    void shouldRefuseWhenTheNicIsNotReceivingAtLineRate()
    {
        host.idle = new double[] { 12.0, 3.0, 150.0, 0 };
        opened = NativeTuneHost.open(context());

        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> opened.probe().measure(0));

        assertTrue(ex.getMessage().startsWith("mlx5_0:1 received 12.0 Gbit/s with the cores idle, below 80 % of " +
            "its 100 Gbit/s"), ex.getMessage());
        assertTrue(ex.getMessage().contains("ib_write_bw"), ex.getMessage());
    }

    @Test
    void shouldStopTheLoadAndUnthrottleWhenAMeasurementFails()
    {
        opened = NativeTuneHost.open(context());
        host.delayFailure = new IllegalStateException("sender node gone");

        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> opened.probe().measure(4));

        assertEquals("sender node gone", ex.getMessage());
        assertEquals(100L, host.groupPercent(), "the group is back at 100 % after the failure");
        assertFalse(Thread.getAllStackTraces().keySet().stream()
            .anyMatch((t) -> t.getName().startsWith("rhcc-tune-load-") && t.isAlive()), "the load stopped");
        assertEquals(List.of(40L), host.windowPercents, "MBA level 4 was applied for the settling time");
    }

    @Test
    void shouldRefuseToLoadFromOutsideTheNicsNode() throws IOException
    {
        proc.file("self/status", "Cpus_allowed_list:\t0-3\n");

        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> NativeTuneHost.open(context()));

        assertTrue(ex.getMessage().contains("numactl --cpunodebind=0 --membind=0"), ex.getMessage());
        assertFalse(resctrl.groups().contains(NativeTuneHost.GROUP), "nothing is left behind");
    }

    @Test
    void shouldReleaseTheCountersWhenResctrlIsMissing() throws IOException
    {
        Files.writeString(proc.root().resolve("mounts"), "sysfs /sys sysfs rw 0 0\n");

        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> NativeTuneHost.open(context()));

        assertTrue(ex.getMessage().startsWith("resctrl is not mounted"), ex.getMessage());
        assertEquals(0, msr.peek(CPU, LAYOUT.irpCtl(STACK, 1)), "the counters opened before were released");
    }

    @Test
    void shouldAskForTheDelaySource()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> NativeTuneHost.open(context().delay(null)));

        assertTrue(ex.getMessage().contains("--delay-source"), ex.getMessage());
    }

    @Test
    void shouldNameTheDevicesWhenTheNicIsAmbiguousOrUnknown() throws IOException
    {
        sys.rdmaPort("mlx5_1", 1, NIC, "100 Gb/sec (4X EDR)", null);

        final IllegalArgumentException ambiguous = assertThrows(IllegalArgumentException.class,
            () -> NicPortCounters.open(sys.root(), null));
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
            () -> NicPortCounters.open(sys.root(), "mlx5_7"));
        final IllegalArgumentException badPort = assertThrows(IllegalArgumentException.class,
            () -> NicPortCounters.open(sys.root(), "mlx5_1:2"));

        assertTrue(ambiguous.getMessage().contains("[mlx5_0, mlx5_1]: name the one that receives with --nic"),
            ambiguous.getMessage());
        assertTrue(unknown.getMessage().contains("no RDMA device 'mlx5_7'"), unknown.getMessage());
        assertEquals("mlx5_1 has no port 2: its ports are [1]", badPort.getMessage());
        final NicPortCounters withoutStall = NicPortCounters.open(sys.root(), "mlx5_1:1");
        assertFalse(withoutStall.hasStallCounter());
        assertEquals(0.0, withoutStall.stallFraction());
        assertEquals(NIC, withoutStall.pciAddress());
        assertEquals(100.0, withoutStall.rateGbps());
    }
}
