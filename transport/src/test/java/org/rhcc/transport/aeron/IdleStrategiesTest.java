package org.rhcc.transport.aeron;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.junit.jupiter.api.Test;

import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IdleStrategiesTest
{
    @Test
    void shouldParseNamedStrategies()
    {
        assertInstanceOf(BusySpinIdleStrategy.class, IdleStrategies.parse("busy-spin"));
        assertInstanceOf(YieldingIdleStrategy.class, IdleStrategies.parse("yielding"));
        assertInstanceOf(YieldingIdleStrategy.class, IdleStrategies.parse("yield"));
        assertInstanceOf(BackoffIdleStrategy.class, IdleStrategies.parse(" Backoff "));
        assertInstanceOf(NoOpIdleStrategy.class, IdleStrategies.parse("noop"));
    }

    @Test
    void shouldParseSleepPeriodsWithUnits()
    {
        final IdleStrategy millis = IdleStrategies.parse("sleep-1ms");
        assertInstanceOf(SleepingIdleStrategy.class, millis, "parked, so that a resting thread can be woken");
        assertTrue(millis.toString().contains("sleepPeriodNs=1000000"), millis.toString());

        final IdleStrategy micros = IdleStrategies.parse("sleep-250us");
        assertInstanceOf(SleepingIdleStrategy.class, micros);
        assertTrue(micros.toString().contains("sleepPeriodNs=250000"), micros.toString());

        final IdleStrategy nanos = IdleStrategies.parse("SLEEP-500NS");
        assertTrue(nanos.toString().contains("sleepPeriodNs=500"), nanos.toString());
    }

    @Test
    void shouldRejectInvalidSpecsWithTheValidForms()
    {
        for (final String spec : new String[]{ "spin", "sleep-1", "sleep-ms", "sleep-0ms", "sleep--5us", "", null })
        {
            final IllegalArgumentException ex =
                assertThrows(IllegalArgumentException.class, () -> IdleStrategies.parse(spec), String.valueOf(spec));
            assertTrue(ex.getMessage().contains("busy-spin, yielding, backoff"), ex.getMessage());
        }
    }

    @Test
    void shouldSupplyFreshInstances()
    {
        final Supplier<IdleStrategy> supplier = IdleStrategies.supplier("backoff");
        assertNotSame(supplier.get(), supplier.get());
        assertThrows(IllegalArgumentException.class, () -> IdleStrategies.supplier("turbo"));
    }
}
