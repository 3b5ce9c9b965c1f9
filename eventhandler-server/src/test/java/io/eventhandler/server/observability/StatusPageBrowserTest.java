package io.eventhandler.server.observability;

import io.eventhandler.core.event.TopicName;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The status page in a real headless Chromium (Debian's {@code chromium} and {@code chromium-driver}, driven by
 * Selenium): it shows the role, and a topic's accepted count rises as events are published, through the page's own
 * SSE connection to {@code /eventhandler/status/stream}. Skipped when no browser is installed, unless
 * {@code EH_REQUIRE_BROWSER=1} (CI, after {@code .ci/install-browser.sh}), which makes a missing browser a failure.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
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

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of());
    private static final EhHttp http = server.http();
    private static WebDriver browser;

    @BeforeAll
    static void openBrowser() {
        missing().ifPresent(why -> fail(why + "; EH_REQUIRE_BROWSER=1 makes it a failure"));
        final Path driver = executable("EH_CHROMEDRIVER", "chromedriver").orElseThrow();
        final Path chromium = executable("EH_CHROMIUM", "chromium", "chromium-browser").orElseThrow();
        final ChromeOptions options = new ChromeOptions()
                .setBinary(chromium.toFile())
                // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start
                .addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                        "--no-first-run", "--disable-extensions");
        final ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(driver.toFile()).usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
    }

    @AfterAll
    static void closeBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void thePageShowsTheRoleAndATopicsCountRisingAsEventsArePublished() {
        final String topic = uniqueTopic("status-page");
        final String shown = TopicName.normalise(topic);
        browser.get(server.baseUri() + "/eventhandler/status");
        final WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(20), Duration.ofMillis(50));
        wait.until(ExpectedConditions.textToBe(By.id("connection"), "live"));
        wait.until(ExpectedConditions.textToBe(By.id("role"), "STANDALONE"));

        for (int i = 1; i <= 3; i++) {
            http.publishOk(topic, "first-" + i);
        }
        final By accepted = By.cssSelector("tr[data-topic='" + shown + "'] td[data-field='accepted']");
        wait.until(ExpectedConditions.textToBe(accepted, "3"));
        assertEquals(shown, browser.findElement(
                By.cssSelector("tr[data-topic='" + shown + "'] td[data-field='topic']")).getText());

        for (int i = 1; i <= 4; i++) {
            http.publishOk(topic, "second-" + i);
        }
        wait.until(ExpectedConditions.textToBe(accepted, "7"));
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
