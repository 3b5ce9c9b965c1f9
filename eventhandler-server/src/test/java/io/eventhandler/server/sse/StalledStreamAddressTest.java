package io.eventhandler.server.sse;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.PrometheusText;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One client (127.0.0.1) opens streams that resume a history of large events and read nothing, until they hold more
 * than {@code eh.sse.stalled.memory.bytes}: its next stream is refused, and a stream of another client (127.0.0.2, a
 * loopback address of its own) is let in and gets its events. Before, every new stream was refused while the budget
 * was exceeded, whoever had exceeded it.
 */
class StalledStreamAddressTest {

    /** A quarter of it (what other clients may add) is more than one stream that reads nothing holds. */
    private static final int BUDGET_BYTES = 1024 * 1024;

    @RegisterExtension
    static final RunningServer server = LargeHistoryServer.withBudget(BUDGET_BYTES);
    private static final EhHttp http = server.http();

    private static double held() {
        return PrometheusText.parse(http.get(EventHandlerApi.BASE_PATH + "/metrics").body())
                .value("eh_sse_stalled_memory_held_bytes");
    }

    @Test
    void overTheBudgetTheClientWhoseStreamsAreBehindIsRefusedAndAnotherIsLetIn() {
        final String topic = uniqueTopic("stalled-address");
        LargeHistoryServer.fillHistory(http, topic);
        final List<SseTestClient> stalled = new ArrayList<>();
        try {
            boolean compared = false;
            for (int attempt = 0; attempt < 40 && !compared; attempt++) {
                // one more stream that reads nothing, counted once its socket's buffers are full: the streams behind
                // grow by one stream's worth at a time, so they are never far over the budget
                final double before = held();
                stalled.add(SseTestClient.openPausedQuery(server.baseUri(), "?eventtype=" + topic, 1024,
                        "Last-Event-ID: 0"));
                eventually().atMost(Duration.ofSeconds(10)).until(() -> held() >= before + 64 * 1024
                        || held() < before);
                if (held() <= BUDGET_BYTES) {
                    continue;
                }
                try (SseTestClient same = SseTestClient.openQuery(server.baseUri(), "?eventtype=" + topic)) {
                    if (same.status() != 503) {
                        continue; // the oldest were disconnected meanwhile: within the budget again
                    }
                    assertTrue(same.errorBody().contains("eh.sse.stalled.memory.bytes"), same.errorBody());
                }
                try (SseTestClient other = SseTestClient.openQueryFrom(server.baseUri(), "127.0.0.2",
                        "?eventtype=" + topic)) {
                    assertEquals(200, other.status(), other::errorBody);
                    http.publishOk(topic, "for-the-other");
                    eventually().atMost(Duration.ofSeconds(10)).failFast("its stream ended", other::ended)
                            .until(() -> other.payloads().contains("for-the-other"));
                }
                compared = true;
            }
            assertTrue(compared, "the streams that read nothing never held more than the budget");
        } finally {
            stalled.forEach(SseTestClient::close);
        }
    }
}
