package org.rhcc.sim;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.core.signal.RateUpdateRecord;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.Scenario;
import org.rhcc.sim.api.SimPorts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The telemetry a {@link ProgressListener} reads at each progress tick: the time series so far and the QPs' rates;
 * reading them changes nothing in the run.
 */
class ProgressTelemetryTest
{
    private static final long WARMUP_NS = 1_000_000L;
    private static final long DURATION_NS = 3_000_000L;

    /**
     * Caps every QP's receivable rate from the delay its probes see, so that R_rev differs between QPs and over time.
     */
    private static final class DelayCap implements ControllerHook
    {
        private SimPorts ports;

        public void attach(final SimPorts ports, final long nowNs)
        {
            this.ports = ports;
        }

        public boolean wantsProbes()
        {
            return true;
        }

        public void onProbeAck(final ProbeAck ack)
        {
            final double rRev = (ack.respSendTsNs() - ack.reqRecvTsNs()) > 300 ? 20.0 + ack.qp() : 90.0;
            ports.rateLimiter().apply(RateUpdateRecord.of(ack.qp(), rRev, ack.nowNs()));
        }
    }

    /**
     * Reads everything at every tick and checks it as it goes.
     */
    private static final class Reader implements ProgressListener
    {
        private final List<long[]> ticks = new ArrayList<>();
        private final List<Double> progress = new ArrayList<>();
        private long[] lastAcked;
        private long ackedAtWarmupEnd = -1;
        private long ackedAtEnd;
        private double minRRevGbps = Double.POSITIVE_INFINITY;
        private int telemetryBeforeProgress;

        public void onTelemetry(final TimeSeries series, final QpRates qps, final long nowNs)
        {
            telemetryBeforeProgress++;
            ticks.add(new long[]{ nowNs, series.windowCount() });
            assertEquals(nowNs / series.windowNs(), series.windowCount(), "windows closed by " + nowNs + " ns");
            if (null == lastAcked)
            {
                lastAcked = new long[qps.qpCount()];
            }
            long acked = 0;
            for (int q = 0; q < qps.qpCount(); q++)
            {
                final long bytes = qps.ackedPayloadBytes(q);
                assertTrue(bytes >= lastAcked[q], "acknowledged bytes never decrease");
                lastAcked[q] = bytes;
                acked += bytes;
                assertTrue(qps.receivableRateGbps(q) > 0.0 && qps.receivableRateGbps(q) <= 100.0);
                assertTrue(qps.ccRateGbps(q) > 0.0 && qps.ccRateGbps(q) <= 100.0);
                minRRevGbps = Math.min(minRRevGbps, qps.receivableRateGbps(q));
            }
            if (ackedAtWarmupEnd < 0 && nowNs >= WARMUP_NS)
            {
                ackedAtWarmupEnd = acked;
                assertEquals(WARMUP_NS, nowNs, "a tick falls on the end of the warm-up (1 % steps)");
            }
            ackedAtEnd = acked;
        }

        public void onProgress(final double fractionDone)
        {
            assertEquals(1, telemetryBeforeProgress, "telemetry comes once just before each progress call");
            telemetryBeforeProgress = 0;
            progress.add(fractionDone);
        }
    }

    private static Scenario scenario()
    {
        return new Scenario(true, 3, CpuTraffic.LOCAL, 1, 8, 65_536, 0, 0.0, 0, DURATION_NS, WARMUP_NS, 5L);
    }

    @Test
    void shouldShowTheSeriesAndTheQpsAtEveryTickWithoutChangingTheRun()
    {
        final Reader reader = new Reader();
        final SimulationResult read = Simulation.run(scenario(), SimParameters.calibrated(), new DelayCap(), reader);
        final SimulationResult unread =
            Simulation.run(scenario(), SimParameters.calibrated(), new DelayCap(), ProgressListener.NONE);

        assertEquals(unread.metrics(), read.metrics());
        assertEquals(unread.diagnostics(), read.diagnostics());
        assertArrayEquals(unread.timeSeries().rnicGbpsColumn(), read.timeSeries().rnicGbpsColumn());
        assertArrayEquals(unread.timeSeries().iioOccupancyColumn(), read.timeSeries().iioOccupancyColumn());
        assertArrayEquals(unread.timeSeries().rxDelayNsColumn(), read.timeSeries().rxDelayNsColumn());

        assertEquals(reader.progress.size(), reader.ticks.size());
        assertEquals(1.0, reader.progress.get(reader.progress.size() - 1));
        final long[] last = reader.ticks.get(reader.ticks.size() - 1);
        assertEquals(WARMUP_NS + DURATION_NS, last[0]);
        assertEquals(read.timeSeries().windowCount(), last[1], "the last tick sees every window");
        assertTrue(reader.minRRevGbps < 50.0, "the controller's caps are what the QPs show: " + reader.minRRevGbps);

        final double ackedGbps = (reader.ackedAtEnd - reader.ackedAtWarmupEnd) * 8.0 / DURATION_NS;
        assertEquals(read.metrics().rnicGbps(), ackedGbps, 0.02 * read.metrics().rnicGbps(),
            "the QPs' acknowledged payload over the measured window is the run's goodput");
    }
}
