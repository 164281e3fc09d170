package org.rhcc.nativeio.sys;

import java.util.Arrays;

/**
 * The kernel's CPU list format ({@code "0-3,8,10-11"}, as in {@code cpus_list}, {@code cpulist} files and
 * {@code cpulist_parse()}).
 */
public final class CpuList
{
    private CpuList()
    {
    }

    /**
     * @param text a CPU list such as {@code "0-3,8"}; empty means no CPU.
     * @return the CPUs, ascending, without duplicates.
     * @throws IllegalArgumentException naming the bad element.
     */
    public static int[] parse(final String text)
    {
        final String trimmed = text.trim();
        if (trimmed.isEmpty())
        {
            return new int[0];
        }
        int[] cpus = new int[16];
        int count = 0;
        for (final String element : trimmed.split(","))
        {
            final String item = element.trim();
            final int dash = item.indexOf('-');
            final int first;
            final int last;
            try
            {
                first = Integer.parseInt(dash < 0 ? item : item.substring(0, dash));
                last = dash < 0 ? first : Integer.parseInt(item.substring(dash + 1));
            }
            catch (final NumberFormatException ex)
            {
                throw new IllegalArgumentException("bad CPU list element '" + item + "' in '" + text +
                    "': expected N or N-M, e.g. 0-3,8", ex);
            }
            if (first < 0 || last < first)
            {
                throw new IllegalArgumentException("bad CPU range '" + item + "' in '" + text + "'");
            }
            for (int cpu = first; cpu <= last; cpu++)
            {
                if (count == cpus.length)
                {
                    cpus = Arrays.copyOf(cpus, count * 2);
                }
                cpus[count++] = cpu;
            }
        }
        return Arrays.stream(cpus, 0, count).sorted().distinct().toArray();
    }

    /**
     * @param cpus CPU numbers, ascending.
     * @return the compact list form, e.g. {@code "0-3,8"}; empty for no CPU.
     */
    public static String format(final int[] cpus)
    {
        final StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < cpus.length)
        {
            int j = i;
            while (j + 1 < cpus.length && cpus[j + 1] == cpus[j] + 1)
            {
                j++;
            }
            if (sb.length() > 0)
            {
                sb.append(',');
            }
            sb.append(cpus[i]);
            if (j > i)
            {
                sb.append('-').append(cpus[j]);
            }
            i = j + 1;
        }
        return sb.toString();
    }
}
