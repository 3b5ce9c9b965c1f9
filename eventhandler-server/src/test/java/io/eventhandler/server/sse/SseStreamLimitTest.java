package io.eventhandler.server.sse;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Streams are bounded ({@code eh.sse.max.streams}): one over the limit is answered 503 in the Arrowhead error shape,
 * not accepted until the heap runs out, and a stream that closes makes room for the next.
 */
class SseStreamLimitTest {

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(LimitsConfiguration.SSE_MAX_STREAMS.key(), "2"));
    private static final EhHttp http = server.http();

    @Test
    void aStreamOverTheLimitIsRefusedAndAClosedOneMakesRoom() {
        final String topic = uniqueTopic("limited");
        try (SseTestClient first = SseTestClient.open(server.baseUri(), topic);
             SseTestClient second = SseTestClient.open(server.baseUri(), topic)) {
            assertEquals(200, first.status());
            assertEquals(200, second.status());
            try (SseTestClient third = SseTestClient.open(server.baseUri(), topic)) {
                assertEquals(503, third.status(), third.errorBody());
                assertEquals(ExceptionType.UNAVAILABLE,
                        EhHttp.read(third.errorBody(), ErrorMessageDTO.class).exceptionType());
                assertEquals("2", third.headers().get("retry-after"), "the SSE retry hint (2 s by default)");
                assertTrue(third.errorBody().contains("eh.sse.max.streams"), third.errorBody());
            }
            http.publishOk(topic, "still delivered");
            eventually().until(() -> first.payloads().size() == 1 && second.payloads().size() == 1);
            second.close();
            eventually().until(() -> {
                try (SseTestClient again = SseTestClient.open(server.baseUri(), topic)) {
                    return again.status() == 200;
                }
            });
        }
    }
}
