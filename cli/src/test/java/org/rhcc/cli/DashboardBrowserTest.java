package org.rhcc.cli;

import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.ResultJson;
import org.rhcc.experiments.result.RunRecord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The live dashboard in a real browser (Debian's Chromium, headless, through its chromedriver): a short
 * {@code rhcc experiment signals --dashboard-port 0 --dashboard-wait} is opened while it runs; the charts must redraw
 * as points arrive, and once the experiment has ended every run's values on the page (the last window's signals, the
 * goodput, a scrubbed point) must be those of the JSON it wrote. Leaves {@code target/dashboard-screenshot.png}.
 */
class DashboardBrowserTest
{
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Pattern URL = Pattern.compile("dashboard: (http://\\S+/)");
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** Longest the test waits for a browser that .ci/run is still installing in the background. */
    private static final Duration INSTALL_WAIT = Duration.ofMinutes(10);

    @Test
    void shouldShowTheRunsLiveAndTheValuesOfTheirJson(@TempDir final Path dir) throws Exception
    {
        awaitBrowserInstall();
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER))
        {
            fail("the dashboard's browser test needs " + CHROMIUM + " and " + CHROMEDRIVER + ": install them with " +
                "'apt-get install chromium chromium-driver'");
        }
        final StringWriter err = new StringWriter();
        final ExecutorService command = Executors.newSingleThreadExecutor();
        final Future<Integer> experiment = command.submit(() -> RhccCommand.execute(new String[]{
            "experiment", "signals", "--scheme", "rhcc", "--warmup-ms", "1", "--duration-ms", "2",
            "--out", dir.toString(), "--no-charts", "--dashboard-port", "0", "--dashboard-wait" },
            new PrintWriter(new StringWriter(), true), new PrintWriter(err, true)));
        final WebDriver browser = chromium(dir.resolve("chromium-profile"));
        try
        {
            browser.get(awaitUrl(err, experiment).toString());
            final WebDriverWait wait = new WebDriverWait(browser, WAIT);

            wait.until((page) -> liveUpdates(page) >= 2);
            assertEquals(RhccCommand.EXIT_OK, experiment.get(60, TimeUnit.SECONDS), err.toString());
            wait.until((page) -> "closed".equals(page.findElement(By.id("status")).getDomAttribute("data-state")));
            assertTrue(liveUpdates(browser) >= 2, "the charts redrew as the runs were simulated");
            assertEquals(7, browser.findElements(By.cssSelector("#charts .chart canvas")).size(), "seven charts");

            final ExperimentResult json = ResultJson.read(dir.resolve("signals.json"));
            assertEquals(4, json.runs().size());
            for (int i = 0; i < json.runs().size(); i++)
            {
                assertShows(browser, wait, "signals/" + i, json.runs().get(i));
            }
            assertScrubs(browser, wait, json.runs().get(3));

            final File shot = ((ChromeDriver)browser).getScreenshotAs(OutputType.FILE);
            Files.createDirectories(Path.of("target"));
            Files.copy(shot.toPath(), Path.of("target", "dashboard-screenshot.png"),
                StandardCopyOption.REPLACE_EXISTING);
        }
        finally
        {
            browser.quit();
            experiment.cancel(true);
            command.shutdownNow();
        }
    }

    private static void assertShows(final WebDriver browser, final WebDriverWait wait, final String runId,
        final RunRecord run)
    {
        new Select(browser.findElement(By.id("run"))).selectByValue(runId);
        final double[] tMs = run.seriesValues("t_ms");
        wait.until((page) ->
        {
            final WebElement summary = page.findElement(By.id("summary"));
            return runId.equals(summary.getDomAttribute("data-run")) &&
                String.valueOf(tMs.length).equals(summary.getDomAttribute("data-points"));
        });
        final List<WebElement> rows = browser.findElements(By.cssSelector("#summary tbody tr"));
        assertEquals(10, rows.size());
        for (final WebElement row : rows)
        {
            final String column = row.getDomAttribute("data-series");
            final double[] values = run.seriesValues(column);
            assertEquals(values[values.length - 1], shown(row.findElement(By.cssSelector("td.last"))),
                runId + " last window's " + column);
        }
        assertEquals(run.value(Metric.RNIC_GBPS), shown(browser.findElement(By.id("goodput"))), runId + " goodput");
        assertEquals(run.value(Metric.IIO_OCCUPANCY), shown(browser.findElement(By.id("metric-iio"))), runId + " IIO");
        assertEquals(String.valueOf(run.stationarity().stationary()),
            browser.findElement(By.id("metric-settled")).getDomAttribute("data-value"));
    }

    /**
     * Moves the time slider back from the last window with the keyboard: the "at cursor" column follows the JSON.
     */
    private static void assertScrubs(final WebDriver browser, final WebDriverWait wait, final RunRecord run)
    {
        final WebElement slider = browser.findElement(By.id("cursor"));
        final double[] tMs = run.seriesValues("t_ms");
        assertEquals(String.valueOf(tMs.length - 1), slider.getDomProperty("value"));
        final int back = tMs.length / 2;
        for (int i = 0; i < back; i++)
        {
            slider.sendKeys(Keys.ARROW_LEFT);
        }
        final int index = tMs.length - 1 - back;
        wait.until((page) -> String.valueOf(index).equals(slider.getDomProperty("value")));
        for (final String column : List.of("t_ms", "iio_occupancy", "rx_delay_ns", "mba_level_local", "r_rev_gbps"))
        {
            final WebElement cell = browser.findElement(
                By.cssSelector("#summary tr[data-series='" + column + "'] td.cursor"));
            assertEquals(run.seriesValues(column)[index], shown(cell), "scrubbed to point " + index + ": " + column);
        }
        assertTrue(browser.findElement(By.id("cursor-label")).getText().startsWith("t = "));
    }

    private static double shown(final WebElement cell)
    {
        return Double.parseDouble(cell.getDomAttribute("data-value"));
    }

    private static int liveUpdates(final WebDriver page)
    {
        return Integer.parseInt(page.findElement(By.tagName("body")).getDomAttribute("data-live-updates"));
    }

    private static URI awaitUrl(final StringWriter err, final Future<Integer> experiment) throws Exception
    {
        final long deadlineNs = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadlineNs)
        {
            final Matcher url = URL.matcher(err.toString());
            if (url.find())
            {
                return URI.create(url.group(1));
            }
            if (experiment.isDone())
            {
                fail("the experiment ended before serving its dashboard: " + err);
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no dashboard address on stderr within " + WAIT + ": " + err);
    }

    /**
     * Waits while {@code .ci/run} installs the browser in the background: it names a marker file in
     * {@code RHCC_BROWSER_INSTALLING} and removes it when the install has ended, whether or not it succeeded.
     */
    private static void awaitBrowserInstall() throws InterruptedException
    {
        final String marker = System.getenv("RHCC_BROWSER_INSTALLING");
        final long deadlineNs = System.nanoTime() + INSTALL_WAIT.toNanos();
        while (null != marker && Files.exists(Path.of(marker)) && System.nanoTime() < deadlineNs)
        {
            Thread.sleep(500);
        }
    }

    private static WebDriver chromium(final Path profile) throws Exception
    {
        Files.createDirectories(profile);
        final ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--user-data-dir=" + profile, "--window-size=1500,1400");
        final ChromeDriverService driver = new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .build();
        return new ChromeDriver(driver, options);
    }
}
