package org.rhcc.nativeio.tune;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * D from a sender node's {@code /metrics} (README.md, "Operating rhcc"): the node's rate updater adds every probe
 * ACK's receiver processing delay to {@value #SUM_METRIC} (seconds) and counts it in {@value #COUNT_METRIC}; the mean
 * delay over a window is the ratio of their increases. The node must own the sender host whose QPs load the NIC being
 * tuned, and receive its NIC's probe ACKs (a NIC agent publishing DOCA PCC's RTT events as {@code ProbeAck} frames,
 * docs/design.md §2.2).
 */
public final class PrometheusDelaySource implements DelaySource
{
    /** The sum of the delays, seconds, summed over every label set. */
    public static final String SUM_METRIC = "rhcc_sender_probe_delay_seconds_total";
    /** The number of delays summed. */
    public static final String COUNT_METRIC = "rhcc_sender_probe_delay_samples_total";

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final URI endpoint;
    private final HttpClient client;

    /**
     * @param endpoint the sender node's metrics URL, e.g. {@code http://sender-host:9400/metrics}.
     * @throws IllegalArgumentException if it is not an http or https URL.
     */
    public PrometheusDelaySource(final URI endpoint)
    {
        if (null == endpoint.getScheme() || !endpoint.getScheme().matches("https?") || null == endpoint.getHost())
        {
            throw new IllegalArgumentException("delay source '" + endpoint + "' must be a sender node's metrics " +
                "URL, e.g. http://sender-host:9400/metrics");
        }
        this.endpoint = endpoint;
        this.client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    }

    @Override
    public DelayReading read()
    {
        final HttpResponse<String> response;
        try
        {
            response = client.send(HttpRequest.newBuilder(endpoint).timeout(TIMEOUT).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot read the sender's delays from " + endpoint + ": " + ex +
                " (is the sender node running, with its metrics endpoint there?)", ex);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading " + endpoint, ex);
        }
        if (response.statusCode() != 200)
        {
            throw new IllegalStateException(endpoint + " answered HTTP " + response.statusCode() +
                ": give a sender node's metrics URL (.../metrics)");
        }
        return parse(response.body(), endpoint.toString());
    }

    /**
     * @param exposition Prometheus text exposition.
     * @param where      where it came from, for messages.
     * @return the delay sum and count it holds, each summed over its label sets.
     * @throws IllegalStateException if either metric is absent or not a number.
     */
    static DelayReading parse(final String exposition, final String where)
    {
        double sumSeconds = 0.0;
        double count = 0.0;
        boolean sawSum = false;
        boolean sawCount = false;
        for (final String raw : exposition.split("\n"))
        {
            final String line = raw.trim();
            if (line.isEmpty() || line.startsWith("#"))
            {
                continue;
            }
            final String name = metricName(line);
            if (SUM_METRIC.equals(name))
            {
                sumSeconds += value(line, where);
                sawSum = true;
            }
            else if (COUNT_METRIC.equals(name))
            {
                count += value(line, where);
                sawCount = true;
            }
        }
        if (!sawSum || !sawCount)
        {
            throw new IllegalStateException(where + " has no " + (sawSum ? COUNT_METRIC : SUM_METRIC) + ": give the " +
                "metrics URL of the sender node that owns the sender host (rhcc.node.sender-hosts)");
        }
        return new DelayReading(sumSeconds * 1e9, Math.round(count));
    }

    private static String metricName(final String line)
    {
        int end = 0;
        while (end < line.length() && line.charAt(end) != '{' && line.charAt(end) != ' ' &&
            line.charAt(end) != '\t')
        {
            end++;
        }
        return line.substring(0, end);
    }

    private static double value(final String line, final String where)
    {
        final int labelsEnd = line.lastIndexOf('}');
        final String[] fields = line.substring(labelsEnd + 1).trim().split("\\s+");
        final int valueField = labelsEnd >= 0 ? 0 : 1;
        try
        {
            final double value = Double.parseDouble(fields[valueField]);
            if (!(value >= 0.0) || Double.isInfinite(value))
            {
                throw new NumberFormatException("not a finite non-negative number");
            }
            return value;
        }
        catch (final NumberFormatException | ArrayIndexOutOfBoundsException ex)
        {
            throw new IllegalStateException(where + ": cannot read a value from '" + line + "'", ex);
        }
    }

    @Override
    public String describe()
    {
        return "the sender node's " + SUM_METRIC + " / " + COUNT_METRIC + " at " + endpoint;
    }
}
