package org.rhcc.sim.net;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The QP-context cache is least-recently-used: checked against {@link LinkedHashMap} in access order with
 * {@code removeEldestEntry}, the JDK's documented LRU cache, and on the cyclic pattern a round-robin scheduler
 * produces (every lookup misses once the QPs outnumber the entries).
 */
class QpContextCacheTest
{
    private static final class ReferenceLru extends LinkedHashMap<Integer, Boolean>
    {
        private static final long serialVersionUID = 1L;
        private final int capacity;
        private boolean evicted;

        ReferenceLru(final int capacity)
        {
            super(16, 0.75f, true);
            this.capacity = capacity;
        }

        boolean lookup(final int qp)
        {
            evicted = false;
            if (null != get(qp))
            {
                return true;
            }
            put(qp, Boolean.TRUE);
            return false;
        }

        @Override
        protected boolean removeEldestEntry(final Map.Entry<Integer, Boolean> eldest)
        {
            evicted = size() > capacity;
            return evicted;
        }
    }

    @Test
    @DisplayName("hits, misses and evictions match the JDK's LRU on 200,000 skewed random lookups")
    void shouldMatchReferenceLru()
    {
        final int qps = 5_000;
        final int capacity = 700;
        final QpContextCache cache = new QpContextCache(capacity, qps);
        final ReferenceLru reference = new ReferenceLru(capacity);
        final SplittableRandom random = new SplittableRandom(7L);
        long hits = 0;
        for (int i = 0; i < 200_000; i++)
        {
            // half the lookups go to a hot tenth of the QPs, so hits and misses both occur often
            final int qp = random.nextBoolean() ? random.nextInt(qps / 10) : random.nextInt(qps);
            final boolean expected = reference.lookup(qp);
            assertEquals(expected, cache.lookup(qp), "lookup " + i + " of QP " + qp);
            if (!expected)
            {
                assertEquals(reference.evicted, cache.evictedOnLastMiss(), "eviction at lookup " + i);
            }
            hits += expected ? 1 : 0;
        }
        assertEquals(200_000L, cache.lookups());
        assertEquals(200_000L - hits, cache.misses());
        assertEquals(capacity, cache.size());
        assertTrue(hits > 40_000 && hits < 160_000, "a mix of hits and misses: " + hits);
    }

    @Test
    @DisplayName("round robin over as many QPs as entries misses once per QP; over one more, every lookup misses")
    void shouldThrashUnderRoundRobinBeyondCapacity()
    {
        final QpContextCache fits = new QpContextCache(64, 65);
        final QpContextCache thrashes = new QpContextCache(64, 65);
        for (int round = 0; round < 10; round++)
        {
            for (int qp = 0; qp < 64; qp++)
            {
                fits.lookup(qp);
            }
            for (int qp = 0; qp < 65; qp++)
            {
                thrashes.lookup(qp);
            }
        }
        assertEquals(64L, fits.misses());
        assertEquals(0L, fits.evictions());
        assertEquals(650L, thrashes.misses());
        assertEquals(650L - 64L, thrashes.evictions());
    }

    @Test
    @DisplayName("a hit on the most recent QP and a repeated lookup keep the order; no eviction before full")
    void shouldNotEvictBeforeFull()
    {
        final QpContextCache cache = new QpContextCache(3, 10);
        assertFalse(cache.lookup(1));
        assertTrue(cache.lookup(1));
        assertFalse(cache.lookup(2));
        assertFalse(cache.lookup(3));
        assertFalse(cache.evictedOnLastMiss());
        assertTrue(cache.lookup(1));
        assertFalse(cache.lookup(4));
        assertTrue(cache.evictedOnLastMiss());
        assertFalse(cache.lookup(2), "2 was the least recently used and is gone");
        assertTrue(cache.lookup(1));
    }

    @Test
    @DisplayName("a cache without entries or QPs is refused with the values named")
    void shouldRefuseEmptyCache()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new QpContextCache(0, 10));
        assertTrue(e.getMessage().contains("capacity 0"), e.getMessage());
    }
}
