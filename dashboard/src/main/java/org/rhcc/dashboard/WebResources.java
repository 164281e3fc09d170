package org.rhcc.dashboard;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The page's files, read once from the classpath: its HTML, script and style sheet
 * ({@code org/rhcc/dashboard/web/}) and uPlot from its webjar ({@code META-INF/resources/webjars/uplot/VERSION/dist/},
 * the version the build put into {@code org/rhcc/dashboard/uplot.properties}). Nothing is fetched at run time.
 */
final class WebResources
{
    private static final String WEB = "org/rhcc/dashboard/web/";

    private final Map<String, Resource> byPath = new LinkedHashMap<>();

    /**
     * A file the server sends.
     *
     * @param contentType its media type.
     * @param bytes       its content.
     */
    record Resource(String contentType, byte[] bytes)
    {
    }

    /**
     * @throws IllegalStateException if a file is missing from the classpath (a broken build).
     */
    WebResources()
    {
        final String uplot = "META-INF/resources/webjars/uplot/" + uplotVersion() + "/dist/";
        add("/", WEB + "index.html", "text/html; charset=utf-8");
        add("/dashboard.js", WEB + "dashboard.js", "text/javascript; charset=utf-8");
        add("/dashboard.css", WEB + "dashboard.css", "text/css; charset=utf-8");
        add("/vendor/uplot/uPlot.iife.min.js", uplot + "uPlot.iife.min.js", "text/javascript; charset=utf-8");
        add("/vendor/uplot/uPlot.min.css", uplot + "uPlot.min.css", "text/css; charset=utf-8");
    }

    /**
     * @param path a request's path.
     * @return the file served at it, or null.
     */
    Resource find(final String path)
    {
        return byPath.get("/index.html".equals(path) ? "/" : path);
    }

    private void add(final String path, final String resource, final String contentType)
    {
        byPath.put(path, new Resource(contentType, read(resource)));
    }

    private static String uplotVersion()
    {
        final Properties properties = new Properties();
        try (InputStream in = open("org/rhcc/dashboard/uplot.properties"))
        {
            properties.load(in);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        return properties.getProperty("version");
    }

    private static byte[] read(final String resource)
    {
        try (InputStream in = open(resource))
        {
            return in.readAllBytes();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read " + resource + " from the classpath", ex);
        }
    }

    private static InputStream open(final String resource)
    {
        final InputStream in = WebResources.class.getClassLoader().getResourceAsStream(resource);
        if (null == in)
        {
            throw new IllegalStateException(resource + " is not on the classpath: the dashboard's build is broken " +
                "(its page, or the uPlot webjar, is missing)");
        }
        return in;
    }
}
