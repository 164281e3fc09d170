package org.rhcc.nativeio.iio;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.nativeio.fixture.FakeMsrSpace;
import org.rhcc.nativeio.fixture.FakeSysfs;
import org.rhcc.nativeio.msr.MsrAccessException;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IrpOccupancySensorTest
{
    private static final int CPU = 0;
    private static final int STACK = 2;
    private static final IrpCounterLayout LAYOUT = IrpCounterLayout.SKX_CLX;
    private static final long OCC_CTL = LAYOUT.irpCtl(STACK, 1);
    private static final long OCC_CTR = LAYOUT.irpCtr(STACK, 1);
    private static final long CLK_CTL = LAYOUT.irpCtl(STACK, 0);
    private static final long CLK_CTR = LAYOUT.irpCtr(STACK, 0);
    /** The fake IRP clock: 500 MHz, as hostCC assumes for CLX. */
    private static final double IRP_GHZ = 0.5;

    @TempDir
    Path dir;

    private FakeMsrSpace msr;
    private FakeSysfs proc;
    private long fakeNowNs = 1_000_000_000L;
    private long occupancy;

    @BeforeEach
    void setUp() throws IOException
    {
        proc = new FakeSysfs(dir.resolve("proc"));
        msr = new FakeMsrSpace(dir).addCpus(CPU, 1)
            .live(CPU, CLK_CTR, () -> (long)(fakeNowNs * IRP_GHZ) & IrpCounterLayout.COUNTER_MASK)
            .live(CPU, OCC_CTR, () -> occupancy & IrpCounterLayout.COUNTER_MASK);
    }

    private IrpOccupancySensor.Context context()
    {
        return new IrpOccupancySensor.Context()
            .msrSpace(msr.space()).layout(LAYOUT).stack(STACK).cpu(CPU)
            .procRoot(proc.root())
            .calibrationNs(10_000_000L).latencySamples(100)
            .nanoClock(() -> fakeNowNs += 1_000_000L);
    }

    @Test
    void shouldProgramBothCountersAndCalibrateTheIrpClock() throws IOException
    {
        try (IrpOccupancySensor sensor = IrpOccupancySensor.open(context()))
        {
            assertEquals(IrpCounterLayout.OCCUPANCY_CTL, msr.peek(CPU, OCC_CTL));
            assertEquals(IrpCounterLayout.CLOCKTICKS_CTL, msr.peek(CPU, CLK_CTL));
            assertEquals(IRP_GHZ, sensor.irpCyclesPerNs(), 1e-9);
            assertTrue(sensor.readLatencyNs() > 0);
            assertTrue(sensor.describe().contains("500.0 MHz"), sensor.describe());
        }
        assertEquals(0, msr.peek(CPU, OCC_CTL), "close releases the counters");
        assertEquals(0, msr.peek(CPU, CLK_CTL));
    }

    @Test
    void shouldDivideOccupancyDeltaByElapsedIrpCycles()
    {
        try (IrpOccupancySensor sensor = IrpOccupancySensor.open(context()))
        {
            occupancy = 1_000;
            assertEquals(0.0, sensor.sampleOccupancy(5_000), "first sample primes the counter");
            occupancy += 40L * 500; // 1000 ns at 0.5 GHz = 500 IRP cycles at occupancy 40
            assertEquals(40.0, sensor.sampleOccupancy(6_000), 1e-9);
            occupancy += 70L * 250;
            assertEquals(70.0, sensor.sampleOccupancy(6_500), 1e-9);
            assertEquals(70.0, sensor.sampleOccupancy(6_500), 1e-9, "no elapsed time: last value");
        }
    }

    @Test
    void shouldHandleFortyEightBitWrap()
    {
        try (IrpOccupancySensor sensor = IrpOccupancySensor.open(context()))
        {
            occupancy = IrpCounterLayout.COUNTER_MASK - 99;
            sensor.sampleOccupancy(0);
            occupancy = IrpCounterLayout.COUNTER_MASK + 1 + 400; // wrapped: delta 500
            assertEquals(1.0, sensor.sampleOccupancy(1_000), 1e-9);
        }
    }

    @Test
    void shouldUseTheClockCounterInMeasuredMode()
    {
        try (IrpOccupancySensor sensor = IrpOccupancySensor.open(
            context().clockMode(IrpOccupancySensor.ClockMode.MEASURED)))
        {
            sensor.sampleOccupancy(0);
            fakeNowNs += 2_000; // 1000 IRP cycles on the counter, whatever nowNs the caller passes
            occupancy += 25L * 1000;
            assertEquals(25.0, sensor.sampleOccupancy(123), 1e-9);
        }
    }

    @Test
    void shouldRefuseACounterOwnedByAnotherToolAndNameIt() throws IOException
    {
        proc.process(4242, "pcm-iio", 'S', 100);
        msr.poke(CPU, OCC_CTL, 0x004001D5L);
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> IrpOccupancySensor.open(context()));
        assertTrue(ex.getMessage().contains("pcm-iio (pid 4242)"), ex.getMessage());
        assertTrue(ex.getMessage().contains("0xa9c"), ex.getMessage());
        assertEquals(0x004001D5L, msr.peek(CPU, OCC_CTL), "the other tool's setting is left alone");
    }

    @Test
    void shouldReuseItsOwnEventLeftByACrashedRun() throws IOException
    {
        msr.poke(CPU, OCC_CTL, IrpCounterLayout.OCCUPANCY_CTL);
        try (IrpOccupancySensor sensor = IrpOccupancySensor.open(context()))
        {
            assertEquals(IRP_GHZ, sensor.irpCyclesPerNs(), 1e-9);
        }
    }

    @Test
    void shouldRefuseAFrozenBox() throws IOException
    {
        msr.poke(CPU, LAYOUT.irpBoxCtl(STACK), IrpCounterLayout.BOX_CTL_FREEZE);
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> IrpOccupancySensor.open(context()));
        assertTrue(ex.getMessage().contains("frozen"), ex.getMessage());
    }

    @Test
    void shouldRefuseAClockThatDoesNotCount() throws IOException
    {
        final FakeMsrSpace stopped = new FakeMsrSpace(dir.resolve("stopped")).addCpus(CPU);
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> IrpOccupancySensor.open(context().msrSpace(stopped.space())));
        assertTrue(ex.getMessage().contains("did not advance"), ex.getMessage());
    }

    @Test
    void shouldExplainWhenTheCpuHasNoSuchCounters() throws IOException
    {
        final FakeMsrSpace vm = new FakeMsrSpace(dir.resolve("vm")).addCpus(CPU)
            .unsupported(LAYOUT.irpBoxCtl(STACK));
        final MsrAccessException ex = assertThrows(MsrAccessException.class,
            () -> IrpOccupancySensor.open(context().msrSpace(vm.space())));
        assertEquals(MsrAccessException.Reason.UNSUPPORTED_MSR, ex.reason());
    }

    @Test
    void shouldRefuseToProgramUnderLockdown() throws IOException
    {
        msr.lockdown("confidentiality");
        final MsrAccessException ex = assertThrows(MsrAccessException.class,
            () -> IrpOccupancySensor.open(context()));
        assertEquals(MsrAccessException.Reason.LOCKDOWN, ex.reason());
    }

    @Test
    void shouldRejectAStackOutsideTheLayout()
    {
        assertThrows(IllegalArgumentException.class, () -> IrpOccupancySensor.open(context().stack(6)));
    }

    @Test
    void shouldSampleWithoutAllocating()
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        try (IrpOccupancySensor sensor = IrpOccupancySensor.open(context()))
        {
            double sum = 0;
            for (int i = 0; i < 20_000; i++)
            {
                occupancy += 100;
                sum += sensor.sampleOccupancy(i * 100L);
            }
            final long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
            for (int i = 20_000; i < 120_000; i++)
            {
                occupancy += 100;
                sum += sensor.sampleOccupancy(i * 100L);
            }
            final long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
            assertTrue(sum > 0);
            // one object per call would be >= 1.6 MB; allow a few one-off JIT/JDK allocations
            assertTrue(allocated < 10_000, "sampleOccupancy allocated " + allocated + " bytes in 100k calls");
        }
    }
}
