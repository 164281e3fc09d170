package org.rhcc.sim.net;

import java.util.function.IntPredicate;

/**
 * A sender NIC that serves at most {@code activeQps} of its QPs at a time (docs/model.md §4.2, "Active-QP budget"):
 * the active QPs are a window of consecutive QPs in the sender's rotation; each active QP may send one slice
 * ({@code sliceBytes}, one probe interval) and then waits, and the window moves on past the QPs at its start that
 * have sent their slice, or have nothing to send. Round robin over thousands of QPs makes every QP-context lookup at
 * the receiver miss once the QPs outnumber its contexts; a window no larger than the receiver's cache keeps the
 * lookups inside it, one miss per QP and slice.
 * <p>
 * With {@code activeQps} at or above the QPs per sender the window covers every QP and never moves: the scheduler is
 * the plain round robin.
 * <p>
 * <b>Note:</b> allocation-free after construction; not thread-safe.
 */
final class ActiveQpWindow
{
    private final int perSender;
    private final int size;
    private final boolean limited;
    private final long sliceBytes;
    private final int[] start;
    private final long[] sentInSlice;
    private final IntPredicate probePending;
    private final IntPredicate noData;

    /**
     * @param senders    sender NICs.
     * @param perSender  QPs per sender, numbered {@code s * perSender + i}.
     * @param activeQps  QPs a sender serves at a time; 0 for all.
     * @param sliceBytes payload an active QP sends before it waits for its next turn, bytes.
     * @param probePending true for a QP with a probe to send: it keeps its place until the probe has gone.
     * @param noData       true for a QP with no data it may send now (nothing posted): it gives its place up.
     */
    ActiveQpWindow(final int senders, final int perSender, final int activeQps, final long sliceBytes,
        final IntPredicate probePending, final IntPredicate noData)
    {
        this.perSender = perSender;
        this.limited = activeQps > 0 && activeQps < perSender;
        this.size = limited ? activeQps : perSender;
        this.sliceBytes = sliceBytes;
        this.start = new int[senders];
        this.sentInSlice = new long[limited ? senders * perSender : 0];
        this.probePending = probePending;
        this.noData = noData;
    }

    /**
     * @return QPs a sender serves at a time.
     */
    int size()
    {
        return size;
    }

    /**
     * @param sender sender NIC.
     * @param offset position in its window, 0..size-1.
     * @return the sender's index (0..perSender-1) of the QP at that position.
     */
    int indexAt(final int sender, final int offset)
    {
        final int idx = start[sender] + offset;
        return idx < perSender ? idx : idx - perSender;
    }

    /**
     * @param qp an active QP.
     * @return true while it has not sent its slice.
     */
    boolean hasSliceLeft(final int qp)
    {
        return !limited || sentInSlice[qp] < sliceBytes;
    }

    /**
     * Counts a data packet an active QP sent, and moves its sender's window past the QPs done with their turn.
     *
     * @param sender       sender NIC.
     * @param qp           the QP.
     * @param payloadBytes the packet's payload, bytes.
     */
    void onSent(final int sender, final int qp, final int payloadBytes)
    {
        if (limited)
        {
            sentInSlice[qp] += payloadBytes;
            advance(sender);
        }
    }

    /**
     * Moves a sender's window past the QPs at its start that sent their slice (and their probe) or have nothing to
     * send.
     *
     * @param sender sender NIC.
     */
    void advance(final int sender)
    {
        if (!limited)
        {
            return;
        }
        final int base = sender * perSender;
        for (int moved = 0; moved < perSender; moved++)
        {
            final int qp = base + start[sender];
            if (probePending.test(qp) || sentInSlice[qp] < sliceBytes && !noData.test(qp))
            {
                return;
            }
            sentInSlice[qp] = 0L;
            start[sender] = start[sender] + 1 == perSender ? 0 : start[sender] + 1;
        }
    }
}
