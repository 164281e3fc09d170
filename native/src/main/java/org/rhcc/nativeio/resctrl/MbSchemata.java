package org.rhcc.nativeio.resctrl;

import java.util.Arrays;

/**
 * The {@code MB} line of a resctrl schemata file. The kernel prints it as {@code "%*s:"} (resource names padded to
 * the longest one) followed by {@code "%d=%*u"} per domain separated by {@code ';'} ({@code show_doms()} in
 * {@code fs/resctrl/ctrlmondata.c}), e.g. {@code "MB:0= 80;1=100"} on Intel (width 3) or
 * {@code "  MB:0=2048;1=  16"} on AMD (width 4, with SMBA present). Commands are written without padding and must
 * end in a newline.
 *
 * @param domainIds the MB domain (L3 cache) ids, in the order printed.
 * @param values    the control value of each domain: percent on Intel, 1/8 GB/s on AMD, MiB/s with mba_MBps.
 */
public record MbSchemata(int[] domainIds, long[] values)
{
    /** Resource name of memory bandwidth allocation in schemata files. */
    public static final String RESOURCE = "MB";

    /**
     * @param schemata content of a schemata file.
     * @return the MB line's domains and values.
     * @throws IllegalArgumentException if there is no parsable MB line (MBA not enabled in resctrl).
     */
    public static MbSchemata parse(final String schemata)
    {
        for (final String line : schemata.split("\n"))
        {
            final int colon = line.indexOf(':');
            if (colon < 0 || !RESOURCE.equals(line.substring(0, colon).trim()))
            {
                continue;
            }
            final String[] entries = line.substring(colon + 1).split(";");
            final int[] ids = new int[entries.length];
            final long[] values = new long[entries.length];
            for (int i = 0; i < entries.length; i++)
            {
                final int eq = entries[i].indexOf('=');
                try
                {
                    ids[i] = Integer.parseInt(entries[i].substring(0, eq).trim());
                    values[i] = Long.parseLong(entries[i].substring(eq + 1).trim());
                }
                catch (final RuntimeException ex)
                {
                    throw new IllegalArgumentException("bad MB schemata entry '" + entries[i] + "' in line '" +
                        line + "'", ex);
                }
            }
            return new MbSchemata(ids, values);
        }
        throw new IllegalArgumentException("schemata has no MB line (MBA is not enabled in this resctrl mount): '" +
            schemata.trim() + "'");
    }

    /**
     * @param domainIds domains to set.
     * @param value     the same control value for each of them.
     * @return the command, e.g. {@code "MB:0=80;1=80\n"}, with the trailing newline the kernel requires.
     */
    public static String command(final int[] domainIds, final long value)
    {
        final StringBuilder sb = new StringBuilder(RESOURCE).append(':');
        for (int i = 0; i < domainIds.length; i++)
        {
            if (i > 0)
            {
                sb.append(';');
            }
            sb.append(domainIds[i]).append('=').append(value);
        }
        return sb.append('\n').toString();
    }

    /**
     * @param domainId an MB domain id.
     * @return its value.
     * @throws IllegalArgumentException if the domain is not in this line.
     */
    public long valueOf(final int domainId)
    {
        for (int i = 0; i < domainIds.length; i++)
        {
            if (domainIds[i] == domainId)
            {
                return values[i];
            }
        }
        throw new IllegalArgumentException("no MB domain " + domainId + " in " + Arrays.toString(domainIds));
    }

    /**
     * @param value a control value.
     * @return true if every domain holds it.
     */
    public boolean allEqual(final long value)
    {
        return Arrays.stream(values).allMatch((v) -> v == value);
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof MbSchemata && Arrays.equals(domainIds, ((MbSchemata)o).domainIds) &&
            Arrays.equals(values, ((MbSchemata)o).values);
    }

    @Override
    public int hashCode()
    {
        return 31 * Arrays.hashCode(domainIds) + Arrays.hashCode(values);
    }

    @Override
    public String toString()
    {
        return "MbSchemata" + Arrays.toString(domainIds) + "=" + Arrays.toString(values);
    }
}
