package io.eventhandler.server.observability;

import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.core.outbox.DeliveryProblemLog.Problem;
import io.eventhandler.server.testing.LogCapture;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The delivery-problem log on its own, with a clock the test moves: a flood of one problem is one line and one
 * summary per interval, per topic and subscriber, every line in the same key=value form.
 */
class DeliveryProblemLogTest {

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final DeliveryProblemLog log = DeliveryProblemLog.manual(1_000, nanos::get,
            LoggerFactory.getLogger(DeliveryProblemLogTest.class));

    @Test
    void aFloodIsTheFirstLineThenOneSummaryPerInterval() {
        try (LogCapture capture = LogCapture.start()) {
            for (long seq = 1; seq <= 10_000; seq++) {
                log.report(Problem.DROPPED, "TEMP", "sse#7 app@127.0.0.1:5000", seq, "OVERFLOW");
            }
            assertEquals(List.of("delivery problem=DROPPED topic=TEMP subscriber=\"sse#7 app@127.0.0.1:5000\" "
                    + "seq=1 reason=OVERFLOW"), messages(capture), "one line for the first of 10000");

            log.flush();
            assertEquals(1, messages(capture).size(), "no summary before the interval ends");

            nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(1_000));
            log.flush();
            assertEquals("delivery problem=DROPPED topic=TEMP subscriber=\"sse#7 app@127.0.0.1:5000\" seq=10000 "
                    + "reason=OVERFLOW repeated=9999 first_seq=2 interval_ms=1000", messages(capture).get(1));

            log.report(Problem.DROPPED, "TEMP", "sse#7 app@127.0.0.1:5000", 10_001, "OVERFLOW");
            assertEquals(2, messages(capture).size(), "the summary opened a new interval: this one is counted");
            nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(1_000));
            log.report(Problem.DROPPED, "TEMP", "sse#7 app@127.0.0.1:5000", 10_002, "OVERFLOW");
            assertEquals(List.of(
                    "delivery problem=DROPPED topic=TEMP subscriber=\"sse#7 app@127.0.0.1:5000\" seq=10001 "
                            + "reason=OVERFLOW repeated=1 first_seq=10001 interval_ms=1000",
                    "delivery problem=DROPPED topic=TEMP subscriber=\"sse#7 app@127.0.0.1:5000\" seq=10002 "
                            + "reason=OVERFLOW"), messages(capture).subList(2, 4),
                    "the next occurrence after an interval brings its summary and is logged itself");
        }
    }

    @Test
    void eachTopicSubscriberAndProblemIsLimitedOnItsOwn() {
        try (LogCapture capture = LogCapture.start()) {
            log.report(Problem.DROPPED, "A", "s1", 1, "OVERFLOW");
            log.report(Problem.DROPPED, "A", "s1", 2, "OVERFLOW");
            log.report(Problem.DROPPED, "A", "s2", 1, "OVERFLOW");
            log.report(Problem.DROPPED, "B", "s1", 1, "OVERFLOW");
            log.report(Problem.GAVE_UP, "A", "s1", 3, "HTTP_503", "attempts=4 uri=http://10.0.0.9:80/notify");
            assertEquals(List.of(
                    "delivery problem=DROPPED topic=A subscriber=s1 seq=1 reason=OVERFLOW",
                    "delivery problem=DROPPED topic=A subscriber=s2 seq=1 reason=OVERFLOW",
                    "delivery problem=DROPPED topic=B subscriber=s1 seq=1 reason=OVERFLOW",
                    "delivery problem=GAVE_UP topic=A subscriber=s1 seq=3 reason=HTTP_503 attempts=4 "
                            + "uri=http://10.0.0.9:80/notify"), messages(capture));
        }
    }

    @Test
    void withoutAnIntervalEveryOccurrenceIsLogged() {
        final DeliveryProblemLog everyOne = DeliveryProblemLog.manual(0, nanos::get,
                LoggerFactory.getLogger(DeliveryProblemLogTest.class));
        try (LogCapture capture = LogCapture.start()) {
            for (long seq = 1; seq <= 3; seq++) {
                everyOne.report(Problem.DROPPED, "A", "s1", seq, "CLOSED");
            }
            assertEquals(3, messages(capture).size());
            assertTrue(messages(capture).get(2).endsWith("seq=3 reason=CLOSED"));
        }
    }

    @Test
    void overTheLogsBudgetLinesAreCountedAndReportedOncePerInterval() {
        final DeliveryProblemLog budgeted = DeliveryProblemLog.manual(1_000, 3, nanos::get,
                LoggerFactory.getLogger(DeliveryProblemLogTest.class));
        try (LogCapture capture = LogCapture.start()) {
            for (int subscriber = 1; subscriber <= 5; subscriber++) {
                budgeted.report(Problem.DROPPED, "A", "s" + subscriber, 7, "OVERFLOW");
            }
            budgeted.report(Problem.GAVE_UP, "A", "w1", 7, "HTTP_503");
            assertEquals(3, messages(capture).size(), "the budget of 3 lines: " + messages(capture));
            assertTrue(messages(capture).get(2).contains("subscriber=s3"), messages(capture).get(2));

            nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(1_000));
            budgeted.flush();
            assertEquals("delivery problem=SUPPRESSED lines=3 DROPPED=2 GAVE_UP=1 budget=3 interval_ms=1000 (over the "
                    + "log's budget; counts are in the metrics)", messages(capture).get(3));

            budgeted.report(Problem.DROPPED, "B", "s1", 8, "OVERFLOW");
            assertEquals("delivery problem=DROPPED topic=B subscriber=s1 seq=8 reason=OVERFLOW",
                    messages(capture).get(messages(capture).size() - 1), "a new interval, a new budget");
        }
    }

    /** The messages of the WARN lines this test's logger printed. */
    private static List<String> messages(final LogCapture capture) {
        final String marker = DeliveryProblemLogTest.class.getName() + " - ";
        return capture.warningsAndErrors().stream().filter(line -> line.contains(marker))
                .map(line -> line.substring(line.indexOf(marker) + marker.length()).strip()).toList();
    }
}
