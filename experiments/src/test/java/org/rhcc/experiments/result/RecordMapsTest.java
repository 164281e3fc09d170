package org.rhcc.experiments.result;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.rhcc.sim.api.RunMetrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

class RecordMapsTest
{
    @Test
    void shouldNameEveryRunMetricInSnakeCaseInDeclarationOrder()
    {
        final RunMetrics metrics = new RunMetrics(1, 2, 3, 4, 5, 6, 7, 8, 0.5, 10L, 11L, 0.25, 0.125, 14, 14.5, 15, 16,
            0.01);

        final Map<String, Number> map = RecordMaps.toNumberMap(metrics);

        assertEquals(List.of("rnic_gbps", "cpu_mem_gbps", "cpu_local_mem_gbps", "cpu_cross_mem_gbps",
            "rnic_mem_gbps", "total_mem_gbps", "latency_avg_us", "latency_p99_us", "pfc_pause_fraction",
            "pfc_frames", "cnp_count", "pcie_stall_fraction", "ddio_miss_rate", "iio_occupancy", "iio_residency_ns",
            "rx_delay_ns", "tcp_gbps", "tcp_drop_rate"), List.copyOf(map.keySet()).subList(0, 18));
        assertInstanceOf(Long.class, map.get("pfc_frames"));
        assertInstanceOf(Double.class, map.get("rnic_gbps"));
        assertEquals(0.125, map.get("ddio_miss_rate"));
    }

    @Test
    void shouldConvertCamelCaseToSnakeCase()
    {
        assertEquals("latency_p99_us", RecordMaps.snakeCase("latencyP99Us"));
        assertEquals("step_ns", RecordMaps.snakeCase("stepNs"));
        assertEquals("seed", RecordMaps.snakeCase("seed"));
    }

    @Test
    void shouldFlattenNestedRecordsEnumsAndArrays()
    {
        final Map<String, Object> map = RecordMaps.toMap(new Outer(new Inner(new double[]{ 1.5, 2.5 }), Mode.FAST));

        assertEquals(Map.of("delays_ns", List.of(1.5, 2.5)), map.get("inner"));
        assertEquals("fast", map.get("mode"));
    }

    enum Mode
    {
        FAST
    }

    record Inner(double[] delaysNs)
    {
    }

    record Outer(Inner inner, Mode mode)
    {
    }
}
