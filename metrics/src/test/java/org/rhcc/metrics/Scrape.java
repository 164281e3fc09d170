package org.rhcc.metrics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A test's HTTP client of an endpoint: a status and body, and {@code /metrics} read as its samples, each line
 * {@code name{labels} value} (comments skipped) keyed by everything before the value.
 */
public final class Scrape
{
    private Scrape()
    {
    }

    /**
     * An HTTP answer.
     *
     * @param status its status code.
     * @param body   its body.
     */
    public record Answer(int status, String body)
    {
    }

    /**
     * @param port the endpoint's port on 127.0.0.1.
     * @param path the path.
     */
    public static Answer get(final int port, final String path)
    {
        try
        {
            final HttpURLConnection connection =
                (HttpURLConnection)URI.create("http://127.0.0.1:" + port + path).toURL().openConnection();
            connection.setConnectTimeout(5_000);
            connection.setReadTimeout(15_000);
            final int status = connection.getResponseCode();
            final byte[] body = (status < 400 ? connection.getInputStream() : connection.getErrorStream())
                .readAllBytes();
            connection.disconnect();
            return new Answer(status, new String(body, StandardCharsets.UTF_8));
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("GET http://127.0.0.1:" + port + path + ": " + ex, ex);
        }
    }

    /**
     * @param port the endpoint's port on 127.0.0.1.
     * @return every sample of {@code /metrics} in the text format, e.g. {@code rhcc_sender_probe_acks_total} or
     * {@code rhcc_sender_decisions_total{limit="r_rev"}} to its value.
     */
    public static Map<String, Double> metrics(final int port)
    {
        final Answer answer = get(port, "/metrics");
        if (200 != answer.status())
        {
            throw new IllegalStateException("/metrics answered " + answer.status() + ": " + answer.body());
        }
        final Map<String, Double> samples = new LinkedHashMap<>();
        for (final String line : answer.body().split("\n"))
        {
            if (line.isBlank() || line.startsWith("#"))
            {
                continue;
            }
            final int space = line.lastIndexOf(' ');
            samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
        }
        return samples;
    }

    /**
     * @param samples samples of one scrape.
     * @param name    a metric's sample name, e.g. {@code rhcc_sender_probe_acks_total}.
     * @return the sum of its samples over every label set.
     */
    public static double sum(final Map<String, Double> samples, final String name)
    {
        double sum = 0;
        for (final Map.Entry<String, Double> sample : samples.entrySet())
        {
            final String key = sample.getKey();
            if (key.equals(name) || key.startsWith(name + "{"))
            {
                sum += sample.getValue();
            }
        }
        return sum;
    }

    /**
     * @param samples samples of one scrape.
     * @param key     a sample's name and labels.
     * @return its value.
     * @throws IllegalStateException if the scrape has no such sample.
     */
    public static double value(final Map<String, Double> samples, final String key)
    {
        final Double value = samples.get(key);
        if (null == value)
        {
            throw new IllegalStateException("no sample " + key + " in " + samples.keySet());
        }
        return value;
    }
}
