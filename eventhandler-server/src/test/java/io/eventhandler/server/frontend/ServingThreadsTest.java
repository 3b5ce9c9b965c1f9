package io.eventhandler.server.frontend;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ReplicationConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.PrometheusText;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import io.eventhandler.server.testing.TestCloud;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import static io.eventhandler.server.testing.EhHttp.assertOkEmpty;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which thread serves a publish. Without TLS a small single publish is served by the selector thread that read it,
 * and its event is written to a few SSE subscribers by that thread after the answer; a publish that may have to wait
 * (durable acknowledgement, the fence), a batch, a large body and every request over TLS go to a worker. Told apart
 * by the workers' task counter and the inline dispatch counter.
 */
class ServingThreadsTest {

    private static final int PUBLISHES = 20;
    private static final String TASKS = "eh_http_worker_tasks_total";
    private static final String INLINE = "eh_delivery_dispatches_inline_total";
    private static final TestCloud CLOUD = TestCloud.get();

    @RegisterExtension
    static final RunningServer plain = RunningServer.with(Map.of());
    @RegisterExtension
    static final RunningServer fenced = RunningServer.with(Map.of(ReplicationConfiguration.FENCING.key(), "true"));
    @RegisterExtension
    static final RunningServer workersOnly = RunningServer.with(
            Map.of(HttpConfiguration.PUBLISH_ON_SELECTOR.key(), "false"));
    @RegisterExtension
    static final RunningServer secure = RunningServer.with(CLOUD.serverSettings("eventhandler"));

    private static double metric(final EhHttp http, final String name) {
        final HttpResponse<String> metrics = http.get(EventHandlerApi.BASE_PATH + "/metrics");
        assertEquals(200, metrics.statusCode(), metrics::body);
        return PrometheusText.parse(metrics.body()).value(name);
    }

    /**
     * Publishes {@link #PUBLISHES} events; how many worker tasks that took. With the worker I/O strategy (TLS, the
     * setting off) a read of the socket is a task too, so a publish may take more than one.
     */
    private static long workerTasksFor(final EhHttp http, final EventPublishRequestDTO event,
                                       final String... headers) {
        final double before = metric(http, TASKS);
        final String body = EhHttp.json(event);
        for (int i = 0; i < PUBLISHES; i++) {
            final HttpResponse<String> answer = http.request("POST", EhHttp.PUBLISH_PATH, "application/json", body,
                    headers);
            assertTrue(answer.statusCode() == 200 || answer.statusCode() == 409, answer::body);
        }
        // the second read of the metrics is a worker task of its own
        return Math.round(metric(http, TASKS) - before) - 1;
    }

    @Test
    void aSmallPublishIsServedAndDeliveredByItsSelectorThread() {
        final String topic = uniqueTopic("selector");
        try (SseTestClient subscriber = SseTestClient.open(plain.baseUri(), topic)) {
            final double inlineBefore = metric(plain.http(), INLINE);
            assertEquals(0, workerTasksFor(plain.http(), EhHttp.event(topic, "21.5")),
                    "no publish handed to a worker");
            eventually().until(() -> subscriber.ids().size() == PUBLISHES);
            assertEquals(LongStream.rangeClosed(1, PUBLISHES).boxed().toList(), subscriber.ids());
            assertEquals(PUBLISHES, metric(plain.http(), INLINE) - inlineBefore, "each written after its answer");
        }
    }

    @Test
    void aPublishAskingForADurableAcknowledgementGoesToAWorker() {
        final String topic = uniqueTopic("durable");
        // refused with 409 here (the history is in memory), by a worker: a durable one waits for the commit
        assertEquals(PUBLISHES, workerTasksFor(plain.http(), EhHttp.event(topic, "21.5"),
                EventHandlerApi.DURABLE_HEADER, "true"), "each publish handed to a worker");
    }

    @Test
    void aLargePublishGoesToAWorker() {
        final String topic = uniqueTopic("large");
        assertEquals(PUBLISHES, workerTasksFor(plain.http(), EhHttp.event(topic, "x".repeat(20_000))),
                "each publish handed to a worker");
    }

    @Test
    void aBatchGoesToAWorker() {
        final String topic = uniqueTopic("batch");
        final double before = metric(plain.http(), TASKS);
        for (int i = 0; i < PUBLISHES; i++) {
            assertOkEmpty(plain.http().request("POST", EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH_BATCH,
                    "application/json", EhHttp.json(List.of(EhHttp.event(topic, "1"), EhHttp.event(topic, "2")))));
        }
        assertEquals(PUBLISHES, Math.round(metric(plain.http(), TASKS) - before) - 1);
    }

    @Test
    void withTheFenceEveryPublishGoesToAWorker() {
        assertTrue(workerTasksFor(fenced.http(), EhHttp.event(uniqueTopic("fenced"), "21.5")) >= PUBLISHES);
    }

    @Test
    void withTheSettingOffEveryPublishGoesToAWorker() {
        assertTrue(workerTasksFor(workersOnly.http(), EhHttp.event(uniqueTopic("off"), "21.5")) >= PUBLISHES);
    }

    @Test
    void overTlsEveryPublishGoesToAWorker() {
        final EhHttp publisher = new EhHttp(secure::baseUri, CLOUD.sslContext("publisher"));
        final EhHttp sysop = new EhHttp(secure::baseUri, CLOUD.sslContext("sysop"));
        final double before = metric(sysop, TASKS);
        final EventPublishRequestDTO event = new EventPublishRequestDTO(uniqueTopic("tls"),
                SystemRequestDTO.of("publisher", "127.0.0.1", 9001), null, "21.5", null);
        for (int i = 0; i < PUBLISHES; i++) {
            assertOkEmpty(publisher.publish(event));
        }
        assertTrue(metric(sysop, TASKS) - before >= PUBLISHES + 1, "every publish (and the read) by a worker");
    }
}
