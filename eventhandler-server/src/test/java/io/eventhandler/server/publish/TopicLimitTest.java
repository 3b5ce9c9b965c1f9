package io.eventhandler.server.publish;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RawHttp;
import io.eventhandler.server.testing.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client inventing event types cannot fill the heap: past {@code eh.max.topics} a publish or an SSE stream of a
 * new event type is refused with 409 and an {@code ErrorMessageDTO} that names the limit, while the known event
 * types are still published to.
 */
class TopicLimitTest {

    private static final int MAX_TOPICS = 20;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            LimitsConfiguration.MAX_TOPICS.key(), Integer.toString(MAX_TOPICS)));
    private static final EhHttp http = server.http();

    private static void assertRefused(final int status, final String body) {
        assertEquals(409, status, body);
        final ErrorMessageDTO error = EhHttp.read(body, ErrorMessageDTO.class);
        assertEquals(ExceptionType.INVALID_PARAMETER, error.exceptionType());
        assertTrue(error.errorMessage().contains(LimitsConfiguration.MAX_TOPICS.key()), error::errorMessage);
    }

    @Test
    void newEventTypesPastTheLimitAreRefusedAndKnownOnesServed() {
        final List<String> accepted = new ArrayList<>();
        HttpResponse<String> response = null;
        for (int i = 0; i < 3 * MAX_TOPICS; i++) {
            final String topic = uniqueTopic("explosion");
            response = http.publish(EhHttp.event(topic, "x"));
            if (response.statusCode() != 200) {
                break;
            }
            accepted.add(topic);
        }
        assertTrue(accepted.size() <= MAX_TOPICS, "accepted " + accepted.size());
        assertRefused(response.statusCode(), response.body());
        assertEquals(MAX_TOPICS, http.statistics().topics().size());

        // a batch with a new type, and a stream of one
        final HttpResponse<String> batch = http.request("POST", EventHandlerApi.BASE_PATH
                + EventHandlerApi.PUBLISH_BATCH, "application/json", EhHttp.json(List.of(
                EhHttp.event(accepted.get(0), "known"), EhHttp.event(uniqueTopic("explosion"), "new"))));
        assertRefused(batch.statusCode(), batch.body());
        try (RawHttp stream = RawHttp.connect(server.baseUri())) {
            stream.send("GET", EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION + "?eventtype="
                    + uniqueTopic("explosion"), null);
            final RawHttp.Response refused = stream.readResponse();
            assertRefused(refused.status(), refused.bodyText());
        }

        EhHttp.assertOkEmpty(http.publish(EhHttp.event(accepted.get(accepted.size() - 1), "still served")));
        assertEquals(MAX_TOPICS, http.statistics().topics().size());
    }
}
