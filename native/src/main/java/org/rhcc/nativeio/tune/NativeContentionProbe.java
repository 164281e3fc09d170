package org.rhcc.nativeio.tune;

import java.util.Locale;

import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.signal.MbaLevelCommandRecord;
import org.rhcc.core.tune.ContentionProbe;
import org.rhcc.core.tune.ProbePoint;

/**
 * The contention probe of {@code rhcc tune --native} on a real host (docs/design.md §4.2): the NIC receives at its
 * line rate from a peer (the operator's traffic, e.g. {@code ib_write_bw}); for a loaded point the probe sets the
 * load's MBA group to the level and starts the {@link MemoryLoad} on the NIC's socket; after a settling time it
 * measures one window:
 * <ul>
 *     <li>goodput: the increase of the port's {@code port_rcv_data} over the window ({@link NicPortCounters});</li>
 *     <li>PCIe stalls: the driver's {@code outbound_pci_stalled_wr} at the window's end (a share of the last second:
 *     with a settling time plus window of a second or more it covers this point alone);</li>
 *     <li>IIO occupancy: the IRP occupancy counter's mean over the window (two reads of the sensor);</li>
 *     <li>D: the mean receiver processing delay the sender measured over the window ({@link DelaySource}).</li>
 * </ul>
 * Whatever happens, the load stops and the group is back at level 1 (unthrottled) when a measurement returns or
 * throws. The idle measurement must show the NIC loaded: below {@link Context#minLoadFraction} of the port's rate the
 * probe refuses, as nothing it measured would mean anything.
 * <p>
 * <b>Note:</b> not thread-safe; a measurement takes the settling time plus the window of real time.
 */
public final class NativeContentionProbe implements ContentionProbe
{
    /** Default settling time before each window, ms. */
    public static final long DEFAULT_SETTLE_MS = 500;
    /** Default measurement window, ms (with the settling time, the second {@code outbound_pci_stalled_wr} covers). */
    public static final long DEFAULT_WINDOW_MS = 500;
    /** Default least idle goodput, a fraction of the port's rate, for the NIC to count as loaded. */
    public static final double DEFAULT_MIN_LOAD_FRACTION = 0.8;
    /** The MBA group the load's threads are placed in. */
    public static final int LOAD_GROUP = 0;
    /**
     * Time the load may outlive its window before its threads stop by themselves, ns: room for the delay source's
     * two reads (an HTTP scrape each, 5 s timeout) and the counters'.
     */
    private static final long LOAD_GRACE_NS = 12_000_000_000L;

    /**
     * The probe's parts and settings, with fluent setters.
     */
    public static final class Context
    {
        private IioOccupancySensor sensor;
        private MbaActuator actuator;
        private NicPortCounters nic;
        private MemoryLoad load;
        private DelaySource delay;
        private ProbeClock clock = ProbeClock.SYSTEM;
        private int levels = 5;
        private long settleMs = DEFAULT_SETTLE_MS;
        private long windowMs = DEFAULT_WINDOW_MS;
        private double minLoadFraction = DEFAULT_MIN_LOAD_FRACTION;

        /**
         * @param sensor the IIO occupancy of the NIC's stack.
         * @return this.
         */
        public Context sensor(final IioOccupancySensor sensor)
        {
            this.sensor = sensor;
            return this;
        }

        /**
         * @param actuator MBA, whose group 0 ({@code LOAD_GROUP}) holds the load's threads.
         * @return this.
         */
        public Context actuator(final MbaActuator actuator)
        {
            this.actuator = actuator;
            return this;
        }

        /**
         * @param nic the receiving port.
         * @return this.
         */
        public Context nic(final NicPortCounters nic)
        {
            this.nic = nic;
            return this;
        }

        /**
         * @param load the memory load, placing its threads in the actuator's group 0.
         * @return this.
         */
        public Context load(final MemoryLoad load)
        {
            this.load = load;
            return this;
        }

        /**
         * @param delay where D comes from.
         * @return this.
         */
        public Context delay(final DelaySource delay)
        {
            this.delay = delay;
            return this;
        }

        /**
         * @param clock real time ({@link ProbeClock#SYSTEM}) or a test's.
         * @return this.
         */
        public Context clock(final ProbeClock clock)
        {
            this.clock = clock;
            return this;
        }

        /**
         * @param levels the host's MBA levels, 1 = unthrottled.
         * @return this.
         */
        public Context levels(final int levels)
        {
            this.levels = levels;
            return this;
        }

        /**
         * @param settleMs time between setting a point up and its window, ms.
         * @return this.
         */
        public Context settleMs(final long settleMs)
        {
            this.settleMs = settleMs;
            return this;
        }

        /**
         * @param windowMs the measurement window, ms.
         * @return this.
         */
        public Context windowMs(final long windowMs)
        {
            this.windowMs = windowMs;
            return this;
        }

        /**
         * @param minLoadFraction least idle goodput, a fraction of the port's rate, in (0, 1].
         * @return this.
         */
        public Context minLoadFraction(final double minLoadFraction)
        {
            this.minLoadFraction = minLoadFraction;
            return this;
        }

        void conclude()
        {
            if (null == sensor || null == actuator || null == nic || null == load || null == delay || null == clock)
            {
                throw new IllegalArgumentException("the native probe needs a sensor, an MBA actuator, the NIC's " +
                    "counters, a memory load, a delay source and a clock");
            }
            if (levels < 2 || levels > 16)
            {
                throw new IllegalArgumentException("MBA levels = " + levels + " must be in 2..16");
            }
            if (settleMs < 0 || settleMs > 60_000)
            {
                throw new IllegalArgumentException("settling time " + settleMs + " ms must be in 0..60000 ms");
            }
            if (windowMs < 10 || windowMs > 60_000)
            {
                throw new IllegalArgumentException("measurement window " + windowMs + " ms must be in 10..60000 ms");
            }
            if (!(minLoadFraction > 0.0 && minLoadFraction <= 1.0))
            {
                throw new IllegalArgumentException("least idle load " + minLoadFraction + " must be a fraction of " +
                    "the port's rate in (0, 1]");
            }
        }
    }

    private final Context ctx;

    /**
     * @param ctx the parts and settings.
     * @throws IllegalArgumentException for a missing part or a setting out of range, naming it.
     */
    public NativeContentionProbe(final Context ctx)
    {
        ctx.conclude();
        this.ctx = ctx;
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalStateException if the NIC is not loaded at idle cores, a counter or the delay source cannot be
     *                               read, or the load or MBA cannot be applied (the host is left unthrottled).
     */
    @Override
    public ProbePoint measure(final int mbaLevel)
    {
        if (mbaLevel < 0 || mbaLevel > ctx.levels)
        {
            throw new IllegalArgumentException("mbaLevel = " + mbaLevel + " must be in 0.." + ctx.levels);
        }
        final ProbePoint point;
        try
        {
            point = measureOnce(mbaLevel);
        }
        catch (final RuntimeException ex)
        {
            try
            {
                restore();
            }
            catch (final RuntimeException restoreFailure)
            {
                ex.addSuppressed(restoreFailure);
            }
            throw ex;
        }
        restore();
        return point;
    }

    private ProbePoint measureOnce(final int mbaLevel)
    {
        final ProbeClock clock = ctx.clock;
        final long settleNs = ctx.settleMs * 1_000_000L;
        final long windowNs = ctx.windowMs * 1_000_000L;
        if (mbaLevel > 0)
        {
            ctx.actuator.apply(MbaLevelCommandRecord.of(LOAD_GROUP, mbaLevel, clock.nowNs()));
            ctx.load.start(System.nanoTime() + settleNs + windowNs + LOAD_GRACE_NS);
        }
        clock.sleepNs(settleNs);
        final long startNs = clock.nowNs();
        final long startBytes = ctx.nic.receivedBytes();
        final DelayReading startDelay = ctx.delay.read();
        ctx.sensor.sampleOccupancy(startNs);
        clock.sleepNs(windowNs);
        final long endNs = clock.nowNs();
        final double iioLines = ctx.sensor.sampleOccupancy(endNs);
        final long endBytes = ctx.nic.receivedBytes();
        final DelayReading endDelay = ctx.delay.read();
        final double stallFraction = ctx.nic.stallFraction();
        if (mbaLevel > 0 && !ctx.load.isRunning())
        {
            throw new IllegalStateException("the memory load stopped before the end of the window at MBA level " +
                mbaLevel + ": its threads outlived their deadline or died (see stderr); check the host is not " +
                "starved of CPU or memory");
        }
        final double goodputGbps = 8.0 * (endBytes - startBytes) / (double)(endNs - startNs);
        if (0 == mbaLevel)
        {
            checkLoaded(goodputGbps);
        }
        return new ProbePoint(mbaLevel, goodputGbps, stallFraction, iioLines,
            startDelay.meanNsUntil(endDelay));
    }

    private void checkLoaded(final double goodputGbps)
    {
        final double rateGbps = ctx.nic.rateGbps();
        if (goodputGbps < ctx.minLoadFraction * rateGbps)
        {
            throw new IllegalStateException(String.format(Locale.ROOT, "%s received %.1f Gbit/s with the cores " +
                "idle, below %.0f %% of its %.0f Gbit/s: the tuning needs the NIC at line rate. Run a bulk RDMA " +
                "writer against it from a peer host (e.g. ib_write_bw -d DEV -q 8 -s 65536 --run_infinitely on " +
                "both ends) with that sender's rhcc node measuring the probes, then run rhcc tune --native again",
                ctx.nic.name(), goodputGbps, 100.0 * ctx.minLoadFraction, rateGbps));
        }
    }

    /**
     * Stops the load and resets MBA to unthrottled; both are tried, and the first failure is thrown.
     */
    private void restore()
    {
        RuntimeException failure = null;
        try
        {
            ctx.load.stop();
        }
        catch (final RuntimeException ex)
        {
            failure = ex;
        }
        try
        {
            ctx.actuator.resetToUnthrottled();
        }
        catch (final RuntimeException ex)
        {
            if (null == failure)
            {
                failure = ex;
            }
            else
            {
                failure.addSuppressed(ex);
            }
        }
        if (null != failure)
        {
            throw failure;
        }
    }

    /**
     * @return the settling time before each window, ms.
     */
    public long settleMs()
    {
        return ctx.settleMs;
    }

    /**
     * @return each window, ms.
     */
    public long windowMs()
    {
        return ctx.windowMs;
    }
}
