package io.eventhandler.server.publish;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.util.Map;

import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A publish answer names the topic's publisher retention N ({@code Eh-Retention}), so that publishers know how many
 * events to keep for a failover: N of the topic's QoS as configured through the management API, 0 for a topic
 * without one, and the new N as soon as the QoS changes.
 */
class PublishRetentionHeaderTest {

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of());
    private static final EhHttp http = server.http();

    private static String retentionOf(final HttpResponse<String> response) {
        EhHttp.assertOkEmpty(response);
        return response.headers().firstValue(EventHandlerApi.RETENTION_HEADER).orElse("absent");
    }

    private static void configure(final String topic, final int retention) {
        final HttpResponse<String> put = http.request("PUT", "/eventhandler/mgmt/qos/topics/" + topic,
                "application/json", "{\"periodMs\": 100, \"deadlineMs\": 1000, \"retention\": " + retention + "}");
        assertEquals(200, put.statusCode(), put.body());
    }

    @Test
    void aTopicWithoutQosAnswersZero() {
        assertEquals("0", retentionOf(http.publish(EhHttp.event(uniqueTopic("plain"), "1"))));
    }

    @Test
    void aConfiguredTopicAnswersItsRetentionWhateverTheCaseOfTheEventType() {
        final String topic = uniqueTopic("retained");
        configure(topic, 3);

        assertEquals("3", retentionOf(http.publish(EhHttp.event(topic, "1"))));
        assertEquals("3", retentionOf(http.publish(EhHttp.event(" " + topic.toLowerCase() + " ", "2"))));

        configure(topic, 5);
        assertEquals("5", retentionOf(http.publish(EhHttp.event(topic, "3"))));
    }

    @Test
    void aRefusedPublishHasNoRetention() {
        final HttpResponse<String> refused = http.publish(EhHttp.event("", "1"));
        assertTrue(refused.statusCode() >= 400, refused::body);
        assertTrue(refused.headers().firstValue(EventHandlerApi.RETENTION_HEADER).isEmpty());
    }
}
