package org.rhcc.transport.counters;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.regex.Pattern;

import io.aeron.Aeron;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersReader;

/**
 * A node's counters: Aeron counters in its media driver's counters file, keyed ({@link CounterKey}), with the sum of
 * every retired count kept per type, index and scope, so that a node's total of anything counted stays monotonic
 * while sessions come and go.
 * <p>
 * Why retired sums, and not one counter per node for everything: a session's counts have one writer, its agent's
 * thread, which publishes them with ordered stores (a plain {@code mov} on x86, no fence, no locked instruction);
 * two sessions of a role can run at once on a node (and a session's agent is replaced after a crash), so a counter
 * shared by sessions would need an atomic add per sample or ACK. The session's counters also answer per-session
 * questions (AeronStat, a session's end). When a session ends, its agents have stopped; {@link #retire} then adds each
 * count to the node's retired counter of its type, index and scope (allocated on first use, session
 * {@link CounterKey#NODE}, labelled {@code ... sessions retired}), sets the session's counter to 0 and frees it, all
 * under this object's lock. A reader that sums a type over the counters file under the same lock ({@link #read})
 * therefore sees each count exactly once: either in its session's counter or in the retired sum, never in both or
 * neither, although the driver frees a counter asynchronously (a freed counter may stay in the file, at 0, for a few
 * milliseconds). Neither side is on a hot path: retiring happens when a session ends, reading when someone scrapes.
 * <p>
 * Gauges (a level, an occupancy) are not retired: their owner closes them, and they leave the file.
 * <p>
 * Once the client closes (the node's last step, or the client's own after a stall past the driver's liveness
 * timeout), nothing is read or retired any more: the client unmaps the counters file right after its close handlers
 * have run, and this object's close handler waits for a read or retirement in progress.
 */
public final class NodeCounters implements CounterAllocator
{
    private static final Pattern SESSION = Pattern.compile("session=-?[0-9]+");
    private static final long CLOSE_WAIT_MS = 1_000;

    private final Aeron aeron;
    private final Map<Family, AtomicCounter> retired = new HashMap<>();
    private final ReentrantLock lock = new ReentrantLock();
    private volatile boolean clientClosed;

    /**
     * @param aeron the node's Aeron client, connected to its media driver.
     */
    public NodeCounters(final Aeron aeron)
    {
        this.aeron = aeron;
        aeron.addCloseHandler(this::onClientClosed);
    }

    /**
     * The client's close handler, on its conductor thread, which holds the client's lock: a retirement in progress may
     * be waiting for that lock to allocate a retired sum, so this waits a bounded time for it (a counter allocated
     * then is refused by the closing client, and the retirement ends).
     */
    private void onClientClosed()
    {
        clientClosed = true;
        try
        {
            if (lock.tryLock(CLOSE_WAIT_MS, TimeUnit.MILLISECONDS))
            {
                lock.unlock();
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public AtomicCounter allocate(final int typeId, final CounterKey key, final String label)
    {
        return CounterAllocator.addCounter(aeron, typeId, key, label);
    }

    /**
     * Adds the count to the node's retired sum of its type, index and scope, sets it to 0 and frees it.
     * <p>
     * {@inheritDoc}
     */
    public void retire(final AtomicCounter counter)
    {
        lock.lock();
        try
        {
            retireLocked(counter);
        }
        finally
        {
            lock.unlock();
        }
    }

    private void retireLocked(final AtomicCounter counter)
    {
        if (clientClosed || counter.isClosed())
        {
            return;
        }
        final long value = counter.get();
        if (0 != value)
        {
            final CountersReader reader = aeron.countersReader();
            final int id = counter.id();
            final int typeId = reader.getCounterTypeId(id);
            final CounterKey key = CounterKey.decode(reader.metaDataBuffer(),
                CountersReader.metaDataOffset(id) + CountersReader.KEY_OFFSET, CountersReader.MAX_KEY_LENGTH);
            final Family family = new Family(typeId, key.index(), key.scope());
            AtomicCounter sum = retired.get(family);
            if (null == sum)
            {
                sum = allocate(typeId, CounterKey.node(key.index(), key.scope()), retiredLabel(reader, id));
                retired.put(family, sum);
            }
            sum.setRelease(sum.get() + value);
            counter.setRelease(0);
        }
        counter.close();
    }

    /**
     * Reads the counters file while no count is being retired: a count is then in its session's counter or in its
     * retired sum, exactly once.
     *
     * @param reading what to read (control path: may allocate).
     * @param <T>     what it returns.
     * @return its result.
     * @throws IllegalStateException once the node's Aeron client has closed.
     */
    public <T> T read(final Function<CountersReader, T> reading)
    {
        lock.lock();
        try
        {
            if (clientClosed)
            {
                throw new IllegalStateException("the node's Aeron client has closed: its counters are gone");
            }
            return reading.apply(aeron.countersReader());
        }
        finally
        {
            lock.unlock();
        }
    }

    /**
     * @return the node's Aeron client.
     */
    public Aeron aeron()
    {
        return aeron;
    }

    private record Family(int typeId, int index, String scope)
    {
    }

    private static String retiredLabel(final CountersReader reader, final int id)
    {
        final String label = reader.getCounterLabel(id);
        final String replaced = SESSION.matcher(label).replaceAll("sessions retired");
        return replaced.equals(label) ? label + " (sessions retired)" : replaced;
    }
}
