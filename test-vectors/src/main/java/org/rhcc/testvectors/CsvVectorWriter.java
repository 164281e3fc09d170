package org.rhcc.testvectors;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Locale;

/**
 * Writes one vector file: {@code #} comment lines, {@code # param key=value} lines, a header and rows. Numbers are
 * written in Java's shortest round-trip form ({@link Double#toString(double)}), which C's {@code strtod} also reads.
 */
final class CsvVectorWriter
{
    private final Writer out;

    CsvVectorWriter(final Writer out)
    {
        this.out = out;
    }

    CsvVectorWriter comment(final String text)
    {
        return line("# " + text);
    }

    CsvVectorWriter param(final String key, final Object value)
    {
        return line("# param " + key + "=" + value);
    }

    CsvVectorWriter header(final String... columns)
    {
        return line(String.join(",", columns));
    }

    CsvVectorWriter row(final Object... cells)
    {
        final StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cells.length; i++)
        {
            if (i > 0)
            {
                sb.append(',');
            }
            sb.append(format(cells[i]));
        }
        return line(sb.toString());
    }

    static String format(final Object cell)
    {
        if (cell instanceof Double || cell instanceof Float)
        {
            return Double.toString(((Number)cell).doubleValue());
        }
        if (cell instanceof Boolean)
        {
            return ((Boolean)cell) ? "1" : "0";
        }
        return null == cell ? "" : cell.toString().toLowerCase(Locale.ROOT);
    }

    private CsvVectorWriter line(final String text)
    {
        try
        {
            out.write(text);
            out.write('\n');
            return this;
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }
}
