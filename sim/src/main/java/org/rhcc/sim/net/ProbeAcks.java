package org.rhcc.sim.net;

import org.rhcc.core.signal.ProbeAck;

/**
 * Probe responses in flight from the receiver NIC to their senders (docs/model.md §4.4): a ring of slots, each holding
 * what the response carries (the QP, the two receiver-NIC timestamps and the receiver's Eq. (1) verdict) until its
 * event delivers it, as a {@link ProbeAck} view of the slot with the QP's R_cc at that time. The receiver NIC fills
 * a slot through its {@link Response} writer: a field the response gains is one array here, one setter and one getter.
 * <p>
 * <b>Note:</b> allocation-free; not thread-safe.
 */
public final class ProbeAcks
{
    private static final int SLOTS = 1 << 12;

    private final EventQueue events;
    private final SenderCc cc;
    private final FabricListener listener;
    private final double reversePathNs;
    private final int[] qp = new int[SLOTS];
    private final int[] recvNs = new int[SLOTS];
    private final int[] respNs = new int[SLOTS];
    private final boolean[] congested = new boolean[SLOTS];
    private final Response response = new Response();
    private final Delivered delivered = new Delivered();
    private int next;

    ProbeAcks(final EventQueue events, final SenderCc cc, final FabricListener listener, final double reversePathNs)
    {
        this.events = events;
        this.cc = cc;
        this.listener = listener;
        this.reversePathNs = reversePathNs;
    }

    /**
     * @param q the QP of the probe being answered.
     * @return the writer of the next slot, for the probe's QP; its other fields are to be set before
     * {@link Response#send}.
     */
    Response respond(final int q)
    {
        return response.claim(q);
    }

    /**
     * The response in {@code slot} reaches its sender, which reads its QP's R_cc with it.
     */
    void deliver(final int slot, final double now)
    {
        listener.onProbeAck(delivered.wrap(slot, cc.rateGbps(qp[slot], now), (long)now));
    }

    /**
     * The receiver NIC's writer of one slot: what the response carries, then {@link #send}.
     */
    public final class Response
    {
        private int slot;

        private Response claim(final int q)
        {
            slot = next;
            next = (next + 1) & (SLOTS - 1);
            qp[slot] = q;
            return this;
        }

        /**
         * @param reqRecvNs probe arrival at the receiver NIC, ns (stamped as t_recv).
         * @return this writer.
         */
        public Response reqRecvNs(final double reqRecvNs)
        {
            recvNs[slot] = (int)(long)reqRecvNs;
            return this;
        }

        /**
         * @param respStampNs the response timestamp t_resp, ns.
         * @return this writer.
         */
        public Response respStampNs(final double respStampNs)
        {
            respNs[slot] = (int)(long)respStampNs;
            return this;
        }

        /**
         * @param receiverCongested the receiver's Eq. (1) verdict as the response reports it.
         * @return this writer.
         */
        public Response receiverCongested(final boolean receiverCongested)
        {
            congested[slot] = receiverCongested;
            return this;
        }

        /**
         * Sends the response: it reaches its sender one reverse-path delay after it leaves.
         *
         * @param departNs time the response leaves the receiver NIC, ns.
         */
        public void send(final double departNs)
        {
            events.schedule(departNs + reversePathNs, FabricEvents.PROBE_ACK, slot, 0);
        }
    }

    /**
     * The slot being delivered, as the sender reads it.
     */
    private final class Delivered implements ProbeAck
    {
        private int slot;
        private double rccGbps;
        private long nowNs;

        Delivered wrap(final int slot, final double rccGbps, final long nowNs)
        {
            this.slot = slot;
            this.rccGbps = rccGbps;
            this.nowNs = nowNs;
            return this;
        }

        @Override
        public int qp()
        {
            return qp[slot];
        }

        @Override
        public int reqRecvTsNs()
        {
            return recvNs[slot];
        }

        @Override
        public int respSendTsNs()
        {
            return respNs[slot];
        }

        @Override
        public boolean receiverCongested()
        {
            return congested[slot];
        }

        @Override
        public double rccGbps()
        {
            return rccGbps;
        }

        @Override
        public long nowNs()
        {
            return nowNs;
        }
    }
}
