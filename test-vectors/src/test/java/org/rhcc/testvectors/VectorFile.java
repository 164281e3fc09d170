package org.rhcc.testvectors;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A committed vector file, parsed: its {@code # param} lines and its rows by column name.
 */
final class VectorFile
{
    final Map<String, String> params = new LinkedHashMap<>();
    final List<Map<String, String>> rows = new ArrayList<>();

    static Path dir()
    {
        return Paths.get(VectorGenerator.VERSION);
    }

    static VectorFile read(final String name)
    {
        try
        {
            final VectorFile file = new VectorFile();
            String[] header = null;
            for (final String line : Files.readAllLines(dir().resolve(name)))
            {
                if (line.startsWith("# param "))
                {
                    final String kv = line.substring("# param ".length());
                    final int eq = kv.indexOf('=');
                    file.params.put(kv.substring(0, eq), kv.substring(eq + 1));
                }
                else if (line.startsWith("#") || line.isEmpty())
                {
                    continue;
                }
                else if (null == header)
                {
                    header = line.split(",", -1);
                }
                else
                {
                    final String[] cells = line.split(",", -1);
                    if (cells.length != header.length)
                    {
                        throw new IllegalStateException(name + ": row has " + cells.length + " cells: " + line);
                    }
                    final Map<String, String> row = new LinkedHashMap<>();
                    for (int i = 0; i < cells.length; i++)
                    {
                        row.put(header[i], cells[i]);
                    }
                    file.rows.add(row);
                }
            }
            return file;
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    static double num(final Map<String, String> row, final String column)
    {
        return Double.parseDouble(row.get(column));
    }

    static long integer(final Map<String, String> row, final String column)
    {
        return Long.parseLong(row.get(column));
    }
}
