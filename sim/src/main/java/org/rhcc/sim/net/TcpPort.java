package org.rhcc.sim.net;

/**
 * Fluid TCP flows from other hosts into the receiver NIC's second (lossy) port, for the pure-PCIe-congestion
 * scenario (docs/model.md §4.2, docs/paper.md §4 B15: iperf at 37/71/95 Gbit/s sharing only PCIe with RDMA).
 * <p>
 * Each flow sends at {@code min(offered_i, cwnd_i / RTT)} (iperf's target rate, then the window), all flows together
 * at most the port's line rate. Arrivals that do not fit the port's RX buffer are dropped; every flow that sent in a
 * round with drops cuts its window by {@code beta} once per round (CUBIC-like multiplicative decrease, synchronised
 * drop-tail losses), and otherwise grows it by one MSS plus 10 % per round (a fast, CUBIC-like probe back to its
 * target). Rounds are one base RTT long.
 * <p>
 * <b>Note:</b> allocation-free per step; not thread-safe.
 */
public final class TcpPort
{
    private static final double MSS_BYTES = 8_948.0;

    private final int flows;
    private final double offeredGbpsPerFlow;
    private final double lineRateGbps;
    private final double rttNs;
    private final double bufferCapacityBytes;
    private final double minWindowBytes;
    private final double beta;
    private final double[] cwndBytes;
    private double bufferBytes;
    private boolean lossThisRound;
    private double nextRoundNs;

    private double arrivedBytes;
    private double droppedBytes;
    private double deliveredBytes;

    /**
     * @param flows           number of flows (>= 1).
     * @param offeredGbps     total offered load, Gbit/s.
     * @param lineRateGbps    the second port's line rate, Gbit/s.
     * @param rttNs           base round-trip time, ns.
     * @param bufferBytes     the port's RX buffer, bytes.
     * @param minWindowBytes  smallest window, bytes.
     * @param decreaseFactor  beta.
     */
    public TcpPort(final int flows, final double offeredGbps, final double lineRateGbps, final double rttNs,
        final int bufferBytes, final int minWindowBytes, final double decreaseFactor)
    {
        if (flows < 1)
        {
            throw new IllegalArgumentException("TCP needs at least one flow when load is offered, got " + flows);
        }
        this.flows = flows;
        this.offeredGbpsPerFlow = offeredGbps / flows;
        this.lineRateGbps = lineRateGbps;
        this.rttNs = rttNs;
        this.bufferCapacityBytes = bufferBytes;
        this.minWindowBytes = minWindowBytes;
        this.beta = decreaseFactor;
        cwndBytes = new double[flows];
        final double target = offeredGbpsPerFlow * rttNs / 8.0;
        for (int i = 0; i < flows; i++)
        {
            cwndBytes[i] = Math.max(minWindowBytes, target);
        }
        nextRoundNs = rttNs;
    }

    /**
     * Arrivals of one host step into the port's buffer, and the window update at round boundaries.
     *
     * @param nowNs  start of the step, ns.
     * @param stepNs step length, ns.
     */
    public void step(final double nowNs, final double stepNs)
    {
        double rateGbps = 0.0;
        for (int i = 0; i < flows; i++)
        {
            rateGbps += Math.min(offeredGbpsPerFlow, cwndBytes[i] * 8.0 / rttNs);
        }
        rateGbps = Math.min(rateGbps, lineRateGbps);
        final double bytes = rateGbps * stepNs / 8.0;
        arrivedBytes += bytes;
        final double room = bufferCapacityBytes - bufferBytes;
        if (bytes > room)
        {
            droppedBytes += bytes - Math.max(0.0, room);
            bufferBytes = bufferCapacityBytes;
            lossThisRound = true;
        }
        else
        {
            bufferBytes += bytes;
        }
        if (nowNs >= nextRoundNs)
        {
            nextRoundNs += rttNs;
            for (int i = 0; i < flows; i++)
            {
                if (lossThisRound)
                {
                    cwndBytes[i] = Math.max(minWindowBytes, cwndBytes[i] * beta);
                }
                else
                {
                    final double cap = Math.max(minWindowBytes, offeredGbpsPerFlow * rttNs / 8.0) * 1.5;
                    cwndBytes[i] = Math.min(cap, cwndBytes[i] + MSS_BYTES + 0.1 * cwndBytes[i]);
                }
            }
            lossThisRound = false;
        }
    }

    /**
     * @return bytes waiting in the port's buffer for the DMA engine.
     */
    public double pendingBytes()
    {
        return bufferBytes;
    }

    /**
     * The DMA engine takes bytes from the port's buffer.
     *
     * @param bytes bytes taken (at most {@link #pendingBytes()}).
     */
    public void take(final double bytes)
    {
        final double x = Math.min(bytes, bufferBytes);
        bufferBytes -= x;
        deliveredBytes += x;
    }

    /**
     * @return bytes delivered to the host so far.
     */
    public double deliveredBytes()
    {
        return deliveredBytes;
    }

    /**
     * @return bytes that reached the port so far (accepted or dropped).
     */
    public double arrivedBytes()
    {
        return arrivedBytes;
    }

    /**
     * @return bytes dropped at the port so far.
     */
    public double droppedBytes()
    {
        return droppedBytes;
    }
}
