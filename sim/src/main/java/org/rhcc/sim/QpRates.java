package org.rhcc.sim;

/**
 * The RDMA QPs' rates at one instant of a run, as a {@link ProgressListener} sees them at a progress tick: a read-only
 * view over the senders' state, valid during the call only (the run goes on changing it afterwards).
 * <p>
 * Reading it costs the run nothing: the getters read fields the senders keep anyway and change no state, so a run
 * gives the same result bit for bit whether or not they are read.
 */
public interface QpRates
{
    /** A run without RDMA QPs. */
    QpRates NONE = new QpRates()
    {
        public int qpCount()
        {
            return 0;
        }

        public double receivableRateGbps(final int qp)
        {
            throw new IndexOutOfBoundsException("the run has no RDMA QPs");
        }

        public double ccRateGbps(final int qp)
        {
            throw new IndexOutOfBoundsException("the run has no RDMA QPs");
        }

        public long ackedPayloadBytes(final int qp)
        {
            throw new IndexOutOfBoundsException("the run has no RDMA QPs");
        }

        public long measuredPayloadBytes(final int qp)
        {
            throw new IndexOutOfBoundsException("the run has no RDMA QPs");
        }
    };

    /**
     * @return the number of RDMA QPs of the run (all senders), numbered from 0.
     */
    int qpCount();

    /**
     * @param qp QP number.
     * @return the QP's receivable-rate cap R_rev as its sender applies it (Eq. (4)), Gbit/s: the line rate until a
     * controller sets it.
     */
    double receivableRateGbps(int qp);

    /**
     * @param qp QP number.
     * @return the QP's R_cc, its inter-host CC's rate as of its last update (for DCQCN: a CNP, or the timer and byte
     * counter brought up to date when the QP last sent), Gbit/s.
     */
    double ccRateGbps(int qp);

    /**
     * @param qp QP number.
     * @return payload bytes of the QP acknowledged to its sender since the start of the run (whole messages and the
     * full-MTU packets of the message in flight); its increase over an interval is the QP's goodput.
     */
    long ackedPayloadBytes(int qp);

    /**
     * @param qp QP number.
     * @return payload bytes of the QP acknowledged to its sender since the measured window began (the end of the
     * warm-up; 0 before it), counted as {@link #ackedPayloadBytes}: over the whole window, divided by its length, the
     * QP's goodput in the measured window.
     */
    long measuredPayloadBytes(int qp);
}
