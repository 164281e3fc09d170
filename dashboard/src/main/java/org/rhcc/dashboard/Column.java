package org.rhcc.dashboard;

import java.util.Arrays;

import com.fasterxml.jackson.databind.node.ArrayNode;

/**
 * One growing column of a run's time series on the dashboard.
 */
final class Column
{
    private double[] values = new double[64];
    private int size;

    void add(final double[] chunk)
    {
        if (size + chunk.length > values.length)
        {
            values = Arrays.copyOf(values, Math.max(values.length * 2, size + chunk.length));
        }
        System.arraycopy(chunk, 0, values, size, chunk.length);
        size += chunk.length;
    }

    void add(final double value)
    {
        add(new double[]{ value });
    }

    int size()
    {
        return size;
    }

    ArrayNode json()
    {
        return Json.array(values, 0, size);
    }
}
