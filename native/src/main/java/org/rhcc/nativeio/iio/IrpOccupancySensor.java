package org.rhcc.nativeio.iio;

import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.nativeio.msr.MsrFile;
import org.rhcc.nativeio.msr.MsrSpace;

import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * {@link IioOccupancySensor} on the uncore IRP counter {@code UNC_I_CACHE_TOTAL_OCCUPANCY.MEM} of the NIC's IIO
 * stack, read through {@code /dev/cpu/N/msr} (docs/platform.md §2, §4).
 * <p>
 * The occupancy counter adds the IRP's current occupancy on every IRP clock, so the average occupancy over an
 * interval is {@code delta(occupancy) / delta(IRP cycles)}. The IRP cycles come from {@code UNC_I_CLOCKTICKS} on the
 * box's other counter, either read on every sample ({@link ClockMode#MEASURED}) or calibrated once against the
 * monotonic clock at start-up and then derived from the caller's {@code nowNs} ({@link ClockMode#CALIBRATED}, one
 * MSR read per sample). Nothing is hard-coded (hostCC assumes a 3.3 GHz TSC and a 500 MHz IRP clock). Deltas are
 * taken modulo 2^48, so counter wrap is handled.
 * <p>
 * Start-up never fights another tool: if a control register is already enabled with a different event, the sensor
 * refuses and names the likely owner (pcm, perf, hostcc). A control register already holding our own event (a
 * previous rhcc run that crashed) is reused. {@link #close()} releases the counters it enabled.
 * <p>
 * <b>Note:</b> not thread-safe; {@link #sampleOccupancy(long)} allocates nothing and never logs. For lowest latency
 * pin the calling thread to {@link Context#cpu()}, a CPU on the NIC's socket (otherwise every read is an IPI).
 */
public final class IrpOccupancySensor implements IioOccupancySensor, AutoCloseable
{
    /**
     * Where the IRP cycle count of an interval comes from.
     */
    public enum ClockMode
    {
        /** Read {@code UNC_I_CLOCKTICKS} on every sample: exact, two MSR reads per sample. */
        MEASURED,
        /** Calibrate the IRP clock rate at start-up; one MSR read per sample, cycles = elapsed ns x rate. */
        CALIBRATED
    }

    /**
     * Configuration, with fluent setters and defaults.
     */
    public static final class Context
    {
        /** Default calibration window: long enough for a 500 MHz clock to count 10^7 cycles. */
        public static final long DEFAULT_CALIBRATION_NS = 20_000_000L;
        /** Default number of timed reads behind {@link #readLatencyNs()}. */
        public static final int DEFAULT_LATENCY_SAMPLES = 2_000;

        private MsrSpace msrSpace;
        private IrpCounterLayout layout;
        private int stack = -1;
        private int cpu = -1;
        private int occupancyCounter = 1;
        private ClockMode clockMode = ClockMode.CALIBRATED;
        private long calibrationNs = DEFAULT_CALIBRATION_NS;
        private int latencySamples = DEFAULT_LATENCY_SAMPLES;
        private LongSupplier nanoClock = System::nanoTime;
        private Path procRoot = Path.of("/proc");

        /**
         * @param msrSpace the MSR space, {@link MsrSpace#system()} in production.
         * @return this.
         */
        public Context msrSpace(final MsrSpace msrSpace)
        {
            this.msrSpace = msrSpace;
            return this;
        }

        /**
         * @param layout the IRP counter addresses of the CPU generation, from {@link IrpCounterLayout#forCpu}.
         * @return this.
         */
        public Context layout(final IrpCounterLayout layout)
        {
            this.layout = layout;
            return this;
        }

        /**
         * @param stack the NIC's IIO stack (see {@link IioStackLocator}).
         * @return this.
         */
        public Context stack(final int stack)
        {
            this.stack = stack;
            return this;
        }

        /**
         * @param cpu a CPU on the NIC's socket whose msr file is used.
         * @return this.
         */
        public Context cpu(final int cpu)
        {
            this.cpu = cpu;
            return this;
        }

        /**
         * @return the CPU whose msr file is used.
         */
        public int cpu()
        {
            return cpu;
        }

        /**
         * @param occupancyCounter IRP counter index for the occupancy event (default 1, as hostCC since commit
         *                         b74495c); the clock uses the other one.
         * @return this.
         */
        public Context occupancyCounter(final int occupancyCounter)
        {
            this.occupancyCounter = occupancyCounter;
            return this;
        }

        /**
         * @param clockMode where IRP cycles come from.
         * @return this.
         */
        public Context clockMode(final ClockMode clockMode)
        {
            this.clockMode = clockMode;
            return this;
        }

        /**
         * @param calibrationNs length of the start-up clock calibration.
         * @return this.
         */
        public Context calibrationNs(final long calibrationNs)
        {
            this.calibrationNs = calibrationNs;
            return this;
        }

        /**
         * @param latencySamples number of timed reads behind {@link #readLatencyNs()}.
         * @return this.
         */
        public Context latencySamples(final int latencySamples)
        {
            this.latencySamples = latencySamples;
            return this;
        }

        /**
         * @param nanoClock monotonic clock for start-up calibration and latency measurement only.
         * @return this.
         */
        public Context nanoClock(final LongSupplier nanoClock)
        {
            this.nanoClock = nanoClock;
            return this;
        }

        /**
         * @param procRoot {@code /proc}, used to name a counter's owner.
         * @return this.
         */
        public Context procRoot(final Path procRoot)
        {
            this.procRoot = procRoot;
            return this;
        }

        void conclude()
        {
            if (null == msrSpace || null == layout)
            {
                throw new IllegalArgumentException("IRP sensor needs an MSR space and a counter layout (IrpCounterLayout"
                    + ".forCpu returned null? then this CPU has no IRP counter table; run 'rhcc doctor')");
            }
            if (stack < 0 || stack >= layout.stackCount())
            {
                throw new IllegalArgumentException("IIO stack " + stack + " is outside 0.." +
                    (layout.stackCount() - 1) + " on " + layout + ": set the NIC's stack (IioStackLocator or "
                    + "pcm-iio tells which)");
            }
            if (cpu < 0)
            {
                throw new IllegalArgumentException("IRP sensor needs a CPU on the NIC's socket, got " + cpu);
            }
            if (occupancyCounter != 0 && occupancyCounter != 1)
            {
                throw new IllegalArgumentException("IRP counter index must be 0 or 1, got " + occupancyCounter);
            }
            if (calibrationNs <= 0 || latencySamples <= 0)
            {
                throw new IllegalArgumentException("calibrationNs and latencySamples must be > 0, got " +
                    calibrationNs + " and " + latencySamples);
            }
        }
    }

    private final MsrFile msr;
    private final ClockMode clockMode;
    private final long occupancyCtr;
    private final long clockCtr;
    private final long occupancyCtl;
    private final long clockCtl;
    private final double irpCyclesPerNs;
    private final long readLatencyNs;
    private final String description;

    private boolean primed;
    private long lastOccupancy;
    private long lastClock;
    private long lastNs;
    private double lastValue;
    private boolean closed;
    private volatile long latencySink;

    private IrpOccupancySensor(final Context ctx, final MsrFile msr)
    {
        this.msr = msr;
        this.clockMode = ctx.clockMode;
        final int clockCounter = 1 - ctx.occupancyCounter;
        occupancyCtr = ctx.layout.irpCtr(ctx.stack, ctx.occupancyCounter);
        clockCtr = ctx.layout.irpCtr(ctx.stack, clockCounter);
        occupancyCtl = ctx.layout.irpCtl(ctx.stack, ctx.occupancyCounter);
        clockCtl = ctx.layout.irpCtl(ctx.stack, clockCounter);

        claim(ctx, ctx.layout.irpBoxCtl(ctx.stack));
        irpCyclesPerNs = calibrate(ctx);
        readLatencyNs = measureReadLatency(ctx);
        description = ctx.layout + " IRP stack " + ctx.stack + " on CPU " + ctx.cpu + ": occupancy ctl/ctr 0x" +
            Long.toHexString(occupancyCtl) + "/0x" + Long.toHexString(occupancyCtr) + ", clock ctl/ctr 0x" +
            Long.toHexString(clockCtl) + "/0x" + Long.toHexString(clockCtr) + String.format(
            ", IRP clock %.1f MHz, read %d ns, mode %s", irpCyclesPerNs * 1000.0, readLatencyNs, clockMode);
    }

    /**
     * Claims and programs the counters, calibrates the IRP clock and measures the read latency.
     *
     * @param ctx configuration.
     * @return a ready sensor; its first {@link #sampleOccupancy(long)} returns 0 (the counter needs two reads).
     * @throws IllegalStateException if the counters belong to another tool, the box is frozen, or the clock does not
     *                               advance.
     * @throws org.rhcc.nativeio.msr.MsrAccessException if the msr device cannot be used (with the fix).
     */
    public static IrpOccupancySensor open(final Context ctx)
    {
        ctx.conclude();
        final MsrFile msr = ctx.msrSpace.open(ctx.cpu, true);
        try
        {
            return new IrpOccupancySensor(ctx, msr);
        }
        catch (final RuntimeException ex)
        {
            msr.close();
            throw ex;
        }
    }

    private void claim(final Context ctx, final long boxCtl)
    {
        final long box = msr.read(boxCtl);
        if ((box & IrpCounterLayout.BOX_CTL_FREEZE) != 0)
        {
            throw new IllegalStateException("IRP box of IIO stack " + ctx.stack + " is frozen (box ctl 0x" +
                Long.toHexString(boxCtl) + " = 0x" + Long.toHexString(box) + ", bit 8): its counters do not count. " +
                CounterOwnerHint.describe(ctx.procRoot));
        }
        checkFree(ctx, clockCtl, IrpCounterLayout.CLOCKTICKS_CTL, "UNC_I_CLOCKTICKS");
        checkFree(ctx, occupancyCtl, IrpCounterLayout.OCCUPANCY_CTL, "UNC_I_CACHE_TOTAL_OCCUPANCY.MEM");
        program(clockCtl, IrpCounterLayout.CLOCKTICKS_CTL);
        program(occupancyCtl, IrpCounterLayout.OCCUPANCY_CTL);
    }

    private void checkFree(final Context ctx, final long ctl, final long wanted, final String eventName)
    {
        final long current = msr.read(ctl);
        if ((current & IrpCounterLayout.CTL_ENABLE) != 0 && current != wanted)
        {
            throw new IllegalStateException(String.format(
                "IRP counter control 0x%x (for %s, IIO stack %d, CPU %d) is already enabled with 0x%x " +
                "(event 0x%02x umask 0x%02x): another tool owns it and rhcc will not reprogram it; %s",
                ctl, eventName, ctx.stack, ctx.cpu, current, current & 0xFF, (current >>> 8) & 0xFF,
                CounterOwnerHint.describe(ctx.procRoot)));
        }
    }

    private void program(final long ctl, final long value)
    {
        msr.write(ctl, value);
        final long readBack = msr.read(ctl);
        if (readBack != value)
        {
            throw new IllegalStateException(String.format("IRP counter control 0x%x reads back 0x%x after writing " +
                "0x%x: the write did not take (a hypervisor may be filtering uncore MSRs)", ctl, readBack, value));
        }
    }

    private double calibrate(final Context ctx)
    {
        // clock then counter at both ends, so both intervals carry the same read offset
        final long t0 = ctx.nanoClock.getAsLong();
        final long c0 = msr.read(clockCtr);
        long t1 = t0;
        while (t1 - t0 < ctx.calibrationNs)
        {
            LockSupport.parkNanos(Math.min(1_000_000L, ctx.calibrationNs - (t1 - t0)));
            t1 = ctx.nanoClock.getAsLong();
        }
        final long c1 = msr.read(clockCtr);
        final long cycles = (c1 - c0) & IrpCounterLayout.COUNTER_MASK;
        if (cycles == 0)
        {
            throw new IllegalStateException("IRP clock counter 0x" + Long.toHexString(clockCtr) + " did not advance in " +
                (t1 - t0) / 1_000_000.0 + " ms: the box is not counting (frozen or reset by another tool). " +
                CounterOwnerHint.describe(ctx.procRoot));
        }
        return (double)cycles / (double)(t1 - t0);
    }

    private long measureReadLatency(final Context ctx)
    {
        long sink = 0;
        final long start = ctx.nanoClock.getAsLong();
        for (int i = 0; i < ctx.latencySamples; i++)
        {
            sink += msr.read(occupancyCtr);
            if (clockMode == ClockMode.MEASURED)
            {
                sink += msr.read(clockCtr);
            }
        }
        final long elapsed = ctx.nanoClock.getAsLong() - start;
        latencySink = sink; // keeps the timed reads from being optimised away
        return Math.max(1, elapsed / ctx.latencySamples);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Average occupancy since the previous call = delta(occupancy counter) / delta(IRP cycles), with 48-bit wrap.
     */
    public double sampleOccupancy(final long nowNs)
    {
        final long occupancy = msr.read(occupancyCtr);
        final long clock = clockMode == ClockMode.MEASURED ? msr.read(clockCtr) : 0;
        if (!primed)
        {
            primed = true;
            lastOccupancy = occupancy;
            lastClock = clock;
            lastNs = nowNs;
            lastValue = 0;
            return 0;
        }
        final double cycles = clockMode == ClockMode.MEASURED ?
            (double)((clock - lastClock) & IrpCounterLayout.COUNTER_MASK) : (nowNs - lastNs) * irpCyclesPerNs;
        if (cycles <= 0)
        {
            return lastValue;
        }
        lastValue = ((occupancy - lastOccupancy) & IrpCounterLayout.COUNTER_MASK) / cycles;
        lastOccupancy = occupancy;
        lastClock = clock;
        lastNs = nowNs;
        return lastValue;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Measured at start-up: the mean of {@link Context#DEFAULT_LATENCY_SAMPLES} timed reads of this sensor's MSRs.
     */
    public long readLatencyNs()
    {
        return readLatencyNs;
    }

    /**
     * @return the IRP clock rate measured at start-up, in cycles per ns (GHz).
     */
    public double irpCyclesPerNs()
    {
        return irpCyclesPerNs;
    }

    /**
     * @return addresses, clock and latency, for the start-up log.
     */
    public String describe()
    {
        return description;
    }

    /**
     * Releases the counters (control registers back to 0) and closes the msr file.
     */
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        try
        {
            msr.write(occupancyCtl, 0);
            msr.write(clockCtl, 0);
        }
        finally
        {
            msr.close();
        }
    }
}
