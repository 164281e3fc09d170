package org.rhcc.nativeio.doctor;

import java.util.List;

/**
 * The doctor's findings, printable as aligned text or JSON.
 *
 * @param checks the lines, in check order.
 */
public record DoctorReport(List<Check> checks)
{
    /**
     * @param checks the lines.
     */
    public DoctorReport
    {
        checks = List.copyOf(checks);
    }

    /**
     * @param status a verdict.
     * @return number of lines with it.
     */
    public long count(final Check.Status status)
    {
        return checks.stream().filter((c) -> c.status() == status).count();
    }

    /**
     * @param name a check name.
     * @return the first check with that name, or null.
     */
    public Check find(final String name)
    {
        return checks.stream().filter((c) -> c.name().equals(name)).findFirst().orElse(null);
    }

    /**
     * @return one line per check, {@code [STATUS ] name  detail}, followed by {@code -> fix} for gaps, then a summary.
     */
    public String toText()
    {
        int width = 0;
        for (final Check c : checks)
        {
            width = Math.max(width, c.name().length());
        }
        final StringBuilder sb = new StringBuilder();
        String area = null;
        for (final Check c : checks)
        {
            if (!c.area().equals(area))
            {
                area = c.area();
                sb.append(area).append('\n');
            }
            sb.append(String.format("  [%-7s] %-" + width + "s  %s%n", c.status(), c.name(), c.detail()));
            if (!c.fix().isEmpty())
            {
                sb.append(String.format("  %-9s  %" + width + "s  -> %s%n", "", "", c.fix()));
            }
        }
        sb.append(String.format("%d OK, %d MISSING, %d WARN%n",
            count(Check.Status.OK), count(Check.Status.MISSING), count(Check.Status.WARN)));
        return sb.toString();
    }

    /**
     * @return {@code {"checks":[{"area":..,"name":..,"status":..,"detail":..,"fix":..},...],"ok":N,...}}.
     */
    public String toJson()
    {
        final StringBuilder sb = new StringBuilder("{\"checks\":[");
        for (int i = 0; i < checks.size(); i++)
        {
            final Check c = checks.get(i);
            sb.append(i == 0 ? "\n  " : ",\n  ").append('{')
                .append("\"area\":").append(quote(c.area())).append(',')
                .append("\"name\":").append(quote(c.name())).append(',')
                .append("\"status\":").append(quote(c.status().name())).append(',')
                .append("\"detail\":").append(quote(c.detail())).append(',')
                .append("\"fix\":").append(quote(c.fix())).append('}');
        }
        sb.append("\n],\"ok\":").append(count(Check.Status.OK))
            .append(",\"missing\":").append(count(Check.Status.MISSING))
            .append(",\"warn\":").append(count(Check.Status.WARN)).append("}\n");
        return sb.toString();
    }

    static String quote(final String text)
    {
        final StringBuilder sb = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++)
        {
            final char ch = text.charAt(i);
            switch (ch)
            {
                case '"':
                    sb.append("\\\"");
                    break;
                case '\\':
                    sb.append("\\\\");
                    break;
                case '\n':
                    sb.append("\\n");
                    break;
                case '\r':
                    sb.append("\\r");
                    break;
                case '\t':
                    sb.append("\\t");
                    break;
                default:
                    if (ch < 0x20)
                    {
                        sb.append(String.format("\\u%04x", (int)ch));
                    }
                    else
                    {
                        sb.append(ch);
                    }
            }
        }
        return sb.append('"').toString();
    }
}
