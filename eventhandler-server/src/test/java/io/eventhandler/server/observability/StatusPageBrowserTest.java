package io.eventhandler.server.observability;

import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.core.event.TopicName;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.DeliveryConfiguration;
import io.eventhandler.server.config.HistoryConfiguration;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.config.StreamConfiguration;
import io.eventhandler.server.config.WebhookConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The status page in a real headless Chromium (Debian's {@code chromium} and {@code chromium-driver}, driven by
 * Selenium), through the page's own SSE connection to {@code /eventhandler/status/stream}: the normal state (role,
 * counts rising, a healthy subscriber, charts), then the troubled one (a stalled SSE reader, a webhook whose circuit
 * opened, a topic missing its deadlines, a disconnect, worst first and sortable), then the server stopped (the page
 * says its data is stale and greys out). Screenshots of each go to {@code target/status-page}. Skipped when no browser is installed, unless
 * {@code EH_REQUIRE_BROWSER=1} (CI, after {@code .ci/install-browser.sh}), which makes a missing browser a failure.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ExtendWith(StatusPageBrowserTest.BrowserInstalled.class)
class StatusPageBrowserTest {

    /** Skips the class (before its server starts) with the reason, when no browser is installed and none required. */
    static final class BrowserInstalled implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(final ExtensionContext context) {
            return missing().filter(m -> !required())
                    .map(ConditionEvaluationResult::disabled)
                    .orElseGet(() -> ConditionEvaluationResult.enabled("chromium and chromedriver found, or required"));
        }
    }

    private static boolean required() {
        return "1".equals(System.getenv("EH_REQUIRE_BROWSER"));
    }

    /** What is missing to run the browser, if anything. */
    private static Optional<String> missing() {
        final Optional<Path> driver = executable("EH_CHROMEDRIVER", "chromedriver");
        final Optional<Path> chromium = executable("EH_CHROMIUM", "chromium", "chromium-browser");
        if (driver.isPresent() && chromium.isPresent()) {
            return Optional.empty();
        }
        return Optional.of("no headless browser: chromedriver " + driver.map(Path::toString).orElse("missing")
                + ", chromium " + chromium.map(Path::toString).orElse("missing")
                + " (install with .ci/install-browser.sh, or apt-get install chromium chromium-driver)");
    }

    private static final int PAYLOAD_CHARS = 100_000;
    private static final String FIRST_ROW = "#subscriber-rows tr:nth-child(1)";
    private static final String SECOND_ROW = "#subscriber-rows tr:nth-child(2)";
    private static final Path SCREENSHOTS = Path.of("target", "status-page");
    private static EventHandlerServer server;
    private static EhHttp http;
    private static WebDriver browser;

    @BeforeAll
    static void start() {
        missing().ifPresent(why -> fail(why + "; EH_REQUIRE_BROWSER=1 makes it a failure"));
        server = EventHandlerServer.start(ServerConfiguration.fromMap(Map.ofEntries(
                Map.entry(HttpConfiguration.PORT.key(), "0"),
                Map.entry(StoreConfiguration.URL.key(), "jdbc:h2:mem:status-page-" + UUID.randomUUID()),
                // a stalled reader fills its queue fast, and stays attached to be seen
                Map.entry(DeliveryConfiguration.SUBSCRIBER_QUEUE_CAPACITY.key(), "4"),
                Map.entry(HistoryConfiguration.SIZE.key(), "64"),
                Map.entry(StreamConfiguration.STALL_TIMEOUT_MS.key(), "0"),
                Map.entry(LimitsConfiguration.MAX_BODY_BYTES.key(), Integer.toString(4 * PAYLOAD_CHARS)),
                // a dead webhook opens its circuit after two events
                Map.entry(WebhookConfiguration.MAX_RETRIES.key(), "0"),
                Map.entry(WebhookConfiguration.CIRCUIT_FAILURES.key(), "2"),
                Map.entry(WebhookConfiguration.CIRCUIT_OPEN_MS.key(), "600000"))));
        http = new EhHttp(server.baseUri());
        final Path driver = executable("EH_CHROMEDRIVER", "chromedriver").orElseThrow();
        final Path chromium = executable("EH_CHROMIUM", "chromium", "chromium-browser").orElseThrow();
        final ChromeOptions options = new ChromeOptions()
                .setBinary(chromium.toFile())
                // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start
                .addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                        "--no-first-run", "--disable-extensions", "--window-size=1400,1300");
        final ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(driver.toFile()).usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
        browser.get(server.baseUri() + "/eventhandler/status");
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.close();
        }
    }

    /** The page rebuilds its tables every second: an element found may be replaced before it is read. */
    private static WebDriverWait waiting() {
        final WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30), Duration.ofMillis(50));
        wait.ignoring(StaleElementReferenceException.class);
        return wait;
    }

    /** The text of the element at {@code css} now, read again if the page replaced it meanwhile. */
    private static String text(final String css) {
        return waiting().until(d -> d.findElement(By.cssSelector(css)).getText());
    }

    /** An attribute of the element at {@code css} now, read again if the page replaced it meanwhile. */
    private static String attribute(final String css, final String name) {
        return waiting().until(d -> String.valueOf(d.findElement(By.cssSelector(css)).getAttribute(name)));
    }

    @Test
    @Order(1)
    void thePageShowsTheRoleAndATopicsCountRisingAsEventsArePublished() throws IOException {
        final String topic = uniqueTopic("status-page");
        final String shown = TopicName.normalise(topic);
        final WebDriverWait wait = waiting();
        wait.until(ExpectedConditions.textToBe(By.id("connection"), "live"));
        wait.until(ExpectedConditions.textToBe(By.id("role"), "STANDALONE"));
        wait.until(ExpectedConditions.textMatches(By.id("age"), Pattern.compile("data \\d+\\.\\d s old")));

        try (SseTestClient reader = SseTestClient.open(server.baseUri(), topic)) {
            for (int i = 1; i <= 3; i++) {
                http.publishOk(topic, "first-" + i);
            }
            final By accepted = By.cssSelector("tr[data-topic='" + shown + "'] td[data-field='accepted']");
            wait.until(ExpectedConditions.textToBe(accepted, "3"));
            assertEquals(shown, text("#topics tr[data-topic='" + shown + "'] td[data-field='topic']"));
            for (int i = 1; i <= 4; i++) {
                http.publishOk(topic, "second-" + i);
            }
            wait.until(ExpectedConditions.textToBe(accepted, "7"));
            wait.until(ExpectedConditions.textToBe(By.cssSelector("#subscriber-rows tr[data-topic='" + shown
                    + "'] td[data-field='delivered']"), "7"));
            final String rowCss = "#subscriber-rows tr[data-topic='" + shown + "']";
            assertEquals("SSE", attribute(rowCss, "data-kind"));
            assertEquals("no", text(rowCss + " td[data-field='stalled']"));
            assertEquals(1, browser.findElements(By.cssSelector("canvas[data-chart='rate:" + shown + "']")).size(),
                    "a rate chart for the topic");
            assertEquals("STANDALONE", text("#pair dd[data-field='role']"));
            screenshot("status-normal.png");
        }
    }

    /**
     * The troubled state: a stalled SSE reader, a webhook whose receiver is gone, a topic whose events arrive late,
     * a subscriber gone, and then the server stopped.
     */
    @Test
    @Order(2)
    void theTroubledStateIsShownWorstFirstAndTheStoppedServerGreysThePageOut() throws IOException {
        final WebDriverWait wait = waiting();
        final String stalledTopic = uniqueTopic("status-stalled");
        final String webhookTopic = uniqueTopic("status-webhook");
        final String lateTopic = uniqueTopic("status-late");
        try (SseTestClient stalled = SseTestClient.openPaused(server.baseUri(), stalledTopic, 1024)) {
            // a webhook whose receiver is gone: nothing listens on its port
            final int deadPort = closedPort();
            http.subscribeOk(EhHttp.subscription(webhookTopic, SystemRequestDTO.of("dead-receiver", "127.0.0.1",
                    deadPort), "/notify"));
            for (int i = 1; i <= 3; i++) {
                http.publishOk(webhookTopic, "w" + i);
            }
            // the stalled reader: its socket buffers fill, then its queue, then it loses events; paced by a healthy
            // reader, so that a loss is the stalled stream's full buffers, not a moment delivery lagged behind
            try (SseTestClient healthy = SseTestClient.open(server.baseUri(), stalledTopic)) {
                eventually().until(() -> http.statistics().subscribersOf(stalledTopic).size() == 2);
                for (int i = 1; i <= 1_000 && dropped(stalledTopic) == 0; i++) {
                    http.publishOk(stalledTopic, i + ":" + "s".repeat(PAYLOAD_CHARS));
                    final int sent = i;
                    eventually().until(() -> healthy.ids().size() == sent);
                }
            }
            // a topic missing its deadline (1 s by default): events created 5 s before they are published
            try (SseTestClient late = SseTestClient.open(server.baseUri(), lateTopic)) {
                for (int i = 1; i <= 3; i++) {
                    http.publishOk(new EventPublishRequestDTO(lateTopic, EhHttp.PUBLISHER, null, "late-" + i,
                            Instant.now().minusSeconds(5).toString()));
                }
                eventually().until(() -> late.ids().size() == 3);
            }

            final String stalledRow = "#subscriber-rows tr[data-kind='SSE'][data-topic='"
                    + TopicName.normalise(stalledTopic) + "']";
            wait.until(ExpectedConditions.textMatches(By.cssSelector(stalledRow + " td[data-field='stalled']"),
                    Pattern.compile("STALLED \\d+\\.\\d s")));
            assertTrue(Long.parseLong(text(stalledRow + " td[data-field='dropped']")) > 0,
                    "its lost events are shown");
            assertEquals("4 / 4", text(stalledRow + " td[data-field='queue']"), "its queue is full");
            final String webhookRow = "#subscriber-rows tr[data-kind='webhook'][data-topic='"
                    + TopicName.normalise(webhookTopic) + "']";
            wait.until(ExpectedConditions.textToBe(By.cssSelector(webhookRow + " td[data-field='circuit']"), "OPEN"));
            assertEquals("3", text(webhookRow + " td[data-field='failed']"));
            final String lateRow = "#topics tr[data-topic='" + TopicName.normalise(lateTopic) + "']";
            wait.until(ExpectedConditions.textToBe(By.cssSelector(lateRow + " td[data-field='deadlineMissed']"), "3"));
            assertEquals("bad", attribute(lateRow + " td[data-field='deadlineMissed']", "class"));
            assertTrue(Double.parseDouble(text(lateRow + " td[data-field='p99']")) >= 4_000,
                    "its p99 shows the lateness");
            // the reader of the late topic went away: its disconnect is listed with its reason
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("disconnects"),
                    TopicName.normalise(lateTopic)));

            // worst first: the stalled reader, then the open circuit
            assertEquals(TopicName.normalise(stalledTopic), attribute(FIRST_ROW, "data-topic"));
            assertEquals(TopicName.normalise(webhookTopic), attribute(SECOND_ROW, "data-topic"));
            // sortable: by delivered, most first, and back
            browser.findElement(By.cssSelector("#subscriber-table th[data-sort='failed']")).click();
            wait.until(ExpectedConditions.attributeToBe(By.cssSelector(FIRST_ROW), "data-topic",
                    TopicName.normalise(webhookTopic)));
            browser.findElement(By.cssSelector("#subscriber-table th[data-sort='stalledMs']")).click();
            wait.until(ExpectedConditions.attributeToBe(By.cssSelector(FIRST_ROW), "data-topic",
                    TopicName.normalise(stalledTopic)));
            screenshot("status-troubled.png");

            // the server stops: the page says its data is stale and greys out, instead of freezing "serving yes"
            server.close();
            wait.until(ExpectedConditions.attributeToBe(By.tagName("body"), "class", "stale"));
            final String age = text("#age");
            assertTrue(age.startsWith("STALE: last update "), age);
            wait.until(ExpectedConditions.textToBe(By.id("connection"), "lost, reconnecting"));
            screenshot("status-stale.png");
        }
    }

    private static long dropped(final String topic) {
        return http.statistics().subscribersOf(topic).stream().mapToLong(EhHttp.Stats.Subscriber::dropped).sum();
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Kept under target/status-page: docs/images holds the copies the documentation shows. */
    private static void screenshot(final String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        final byte[] png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
        Files.write(SCREENSHOTS.resolve(name), png);
    }

    /** The first of these names found: the environment variable's path, else on the PATH. */
    private static Optional<Path> executable(final String variable, final String... names) {
        final String configured = System.getenv(variable);
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured)).filter(Files::isExecutable);
        }
        final String path = Optional.ofNullable(System.getenv("PATH")).orElse("");
        return Stream.of(names).flatMap(name -> Stream.of(path.split(File.pathSeparator))
                        .filter(dir -> !dir.isBlank()).map(dir -> Path.of(dir, name)))
                .filter(Files::isExecutable).findFirst();
    }
}
