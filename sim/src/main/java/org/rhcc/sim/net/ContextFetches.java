package org.rhcc.sim.net;

/**
 * What a QP-context miss costs the receiver NIC (docs/model.md §4.3, "QP-context cache"): the wait for the context's
 * read from host memory, the write-back of the context it evicts, and the probes parked while their contexts are on
 * their way.
 * <ul>
 *   <li><b>Wait.</b> An unloaded miss ({@code missNs}: the round trip of a small DMA read) plus what the memory
 *   controller's queues add to a read arriving now ({@link #hostReadWaitNs(double)}, set by the host model every
 *   step): the context read is a device read of host memory, served behind the cores' reads.</li>
 *   <li><b>Write-back.</b> A QP the NIC received on has a changed context (its expected PSN at least), so an
 *   eviction writes {@code contextBytes} back to host memory through the posted-write path, beside the CQEs.</li>
 *   <li><b>Parked probes.</b> A probe whose context misses is answered only once the context is on chip; its
 *   arrival time ({@code t_recv}) is kept here meanwhile, so the miss is part of its {@code t_resp - t_recv}.</li>
 * </ul>
 * <p>
 * <b>Note:</b> allocation-free after construction; not thread-safe.
 */
final class ContextFetches
{
    private static final int PARKED_SLOTS = 1 << 10;

    private final QpContextCache cache;
    private final double missNs;
    private final int contextBytes;
    private final double[] parkedRecvNs = new double[PARKED_SLOTS];
    private int parkedNext;
    private int parked;
    private double hostReadWaitNs;
    private long writebackBytesPending;

    /**
     * @param entries      contexts the NIC keeps on chip.
     * @param contextBytes bytes of one context.
     * @param missNs       an unloaded miss, ns.
     * @param qps          QPs of the run.
     */
    ContextFetches(final int entries, final int contextBytes, final double missNs, final int qps)
    {
        this.cache = new QpContextCache(entries, qps);
        this.missNs = missNs;
        this.contextBytes = contextBytes;
    }

    /**
     * Looks a QP's context up; a miss evicting a context queues its write-back.
     *
     * @param qp QP number.
     * @return 0 on a hit, else how long the NIC waits for the context, ns.
     */
    double lookup(final int qp)
    {
        if (cache.lookup(qp))
        {
            return 0.0;
        }
        if (cache.evictedOnLastMiss())
        {
            writebackBytesPending += contextBytes;
        }
        return missNs + hostReadWaitNs;
    }

    /**
     * @param waitNs what the memory controller's queues add to a read arriving now, ns.
     */
    void hostReadWaitNs(final double waitNs)
    {
        hostReadWaitNs = waitNs;
    }

    /**
     * @return context bytes evicted and not yet handed to the DMA engine, and clears them.
     */
    long takeWritebackBytes()
    {
        final long bytes = writebackBytesPending;
        writebackBytesPending = 0L;
        return bytes;
    }

    /**
     * Keeps a probe's arrival time while its context is fetched.
     *
     * @param recvNs the probe's arrival at the NIC ({@code t_recv}), ns.
     * @return the slot to hand back to {@link #unpark(int)}.
     * @throws IllegalStateException if more probes wait for contexts than the NIC has slots for.
     */
    int park(final double recvNs)
    {
        if (parked == PARKED_SLOTS)
        {
            throw new IllegalStateException(PARKED_SLOTS + " probes wait for their QP contexts at once");
        }
        final int slot = parkedNext;
        parkedNext = (parkedNext + 1) & (PARKED_SLOTS - 1);
        parkedRecvNs[slot] = recvNs;
        parked++;
        return slot;
    }

    /**
     * @param slot a slot {@link #park(double)} returned.
     * @return the parked probe's arrival time, ns; the slot is free again.
     */
    double unpark(final int slot)
    {
        parked--;
        return parkedRecvNs[slot];
    }

    /**
     * @return context lookups so far (packets and probes reaching the receive pipeline).
     */
    long lookups()
    {
        return cache.lookups();
    }

    /**
     * @return context misses so far.
     */
    long misses()
    {
        return cache.misses();
    }
}
