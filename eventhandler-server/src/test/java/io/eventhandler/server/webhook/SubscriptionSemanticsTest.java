package io.eventhandler.server.webhook;

import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.SubscriptionRequestDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.ScriptedWebhookReceiver.Received;
import io.eventhandler.server.testing.ScriptedWebhookReceiver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.eventhandler.server.testing.EhHttp.PUBLISHER;
import static io.eventhandler.server.testing.EhHttp.assertOkEmpty;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.subscription;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Arrowhead 4.6 subscription semantics, observed through webhook deliveries: one subscription per event type and
 * subscriber (subscribing again replaces it), unsubscribe, and the filters of §1.6 of the reference (metadata,
 * sources, start and end dates; the start date as documented, not as the stock code inverted it).
 *
 * <p>To show that an event was not delivered, each test publishes a matching event last and waits for it: webhook
 * deliveries to one subscriber keep publish order, so whatever was not delivered before it never will be.
 */
class SubscriptionSemanticsTest {

    /** Small enough that dated subscriptions can reject events the publish validation still accepts. */
    private static final int TOLERANCE_SECONDS = 60;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            LimitsConfiguration.TIME_STAMP_TOLERANCE_SECONDS.key(),
            Integer.toString(TOLERANCE_SECONDS)));
    private static final EhHttp http = server.http();

    private static EventPublishRequestDTO event(final String topic, final Map<String, String> metaData,
                                                final String payload) {
        return new EventPublishRequestDTO(topic, PUBLISHER, metaData, payload, null);
    }

    private static EventPublishRequestDTO stamped(final String topic, final Instant timeStamp, final String payload) {
        return new EventPublishRequestDTO(topic, PUBLISHER, null, payload, timeStamp.toString());
    }

    private static SubscriptionRequestDTO metaDataSubscription(final String topic, final SystemRequestDTO subscriber,
                                                               final Map<String, String> filter,
                                                               final boolean match) {
        return new SubscriptionRequestDTO(topic, subscriber, filter, "/notify", match, null, null, null);
    }

    private static SubscriptionRequestDTO datedSubscription(final String topic, final SystemRequestDTO subscriber,
                                                            final Instant start, final Instant end) {
        return new SubscriptionRequestDTO(topic, subscriber, null, "/notify", false,
                start == null ? null : start.toString(), end == null ? null : end.toString(), null);
    }

    private static void awaitPayload(final ScriptedWebhookReceiver receiver, final String payload) {
        eventually().until(() -> receiver.payloads().contains(payload));
    }

    // -------------------------------------------------------------------------------------------- subscribing again

    @Test
    void subscribingTwiceTheSameWayKeepsOneSubscriptionAndDeliversEachEventOnce() {
        final String topic = uniqueTopic("twice");
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            final SubscriptionRequestDTO request = subscription(topic, receiver.system("twice"), "/notify");
            http.subscribeOk(request);
            http.subscribeOk(request);
            assertEquals(1, http.statistics().subscribersOf(topic).size());
            for (int i = 1; i <= 5; i++) {
                http.publishOk(topic, "t" + i);
            }
            awaitPayload(receiver, "t5");
            http.publishOk(topic, "last");
            awaitPayload(receiver, "last");
            assertEquals(List.of("t1", "t2", "t3", "t4", "t5", "last"), receiver.payloads());
            assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), receiver.requests().stream().map(Received::sequence).toList());
        }
    }

    @Test
    void subscribingAgainReplacesTheFilterAndTheNotifyUri() {
        final String topic = uniqueTopic("replace");
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(new SubscriptionRequestDTO(topic, receiver.system("replacer"), Map.of("kind", "a"),
                    "/old", true, null, null, null));
            http.publishOk(event(topic, Map.of("kind", "a"), "a-before"));
            awaitPayload(receiver, "a-before");

            http.subscribeOk(new SubscriptionRequestDTO(topic, receiver.system("replacer"), Map.of("kind", "b"),
                    "/new", true, null, null, null));
            final List<EhHttp.Stats.Subscriber> subscribers = http.statistics().subscribersOf(topic);
            assertEquals(1, subscribers.size(), subscribers::toString);
            assertTrue(subscribers.get(0).subscriber().endsWith("/new"), subscribers::toString);

            http.publishOk(event(topic, Map.of("kind", "a"), "a-after"));
            http.publishOk(event(topic, Map.of("kind", "b"), "b-after"));
            awaitPayload(receiver, "b-after");
            assertEquals(List.of("a-before", "b-after"), receiver.payloads(), "only the new filter applies");
            assertEquals(List.of("/old", "/new"), receiver.requests().stream().map(Received::path).toList(),
                    "after the replacement events go to the new notify URI only");
        }
    }

    @Test
    void theSubscriptionIsKeyedByEventTypeAndSystemIgnoringCaseButNotPort() {
        final String topic = uniqueTopic("identity");
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start();
             ScriptedWebhookReceiver otherPort = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(subscription(topic, receiver.system("Identity-System"), "/first"));
            http.subscribeOk(subscription(topic.toUpperCase(), receiver.system("identity-system"), "/second"));
            assertEquals(1, http.statistics().subscribersOf(topic).size(),
                    "event type and system name are compared ignoring case, as Arrowhead stores them");
            http.subscribeOk(subscription(topic, otherPort.system("identity-system"), "/other-port"));
            assertEquals(2, http.statistics().subscribersOf(topic).size(), "another port is another system");

            http.publishOk(topic, "x");
            awaitPayload(receiver, "x");
            awaitPayload(otherPort, "x");
            assertEquals(List.of("/second"), receiver.requests().stream().map(Received::path).toList());
            assertEquals(List.of("/other-port"), otherPort.requests().stream().map(Received::path).toList());
        }
    }

    // -------------------------------------------------------------------------------------------------- unsubscribe

    @Test
    void unsubscribeStopsDeliveryToThatSubscriberOnly() {
        final String topic = uniqueTopic("leave");
        try (ScriptedWebhookReceiver leaver = ScriptedWebhookReceiver.start();
             ScriptedWebhookReceiver stayer = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(subscription(topic, leaver.system("leaver"), "/notify"));
            http.subscribeOk(subscription(topic, stayer.system("stayer"), "/notify"));
            http.publishOk(topic, "both");
            awaitPayload(leaver, "both");
            awaitPayload(stayer, "both");

            assertOkEmpty(http.unsubscribe(topic, "leaver", "127.0.0.1", Integer.toString(leaver.port())));
            final List<EhHttp.Stats.Subscriber> subscribers = http.statistics().subscribersOf(topic);
            assertEquals(1, subscribers.size(), subscribers::toString);
            assertTrue(subscribers.get(0).subscriber().startsWith("webhook stayer@"), subscribers::toString);

            http.publishOk(topic, "after");
            awaitPayload(stayer, "after");
            assertEquals(List.of("both", "after"), stayer.payloads());
            assertEquals(List.of("both"), leaver.payloads());
            assertEquals(1, leaver.requests().size());
        }
    }

    @Test
    void unsubscribeMatchesEventTypeAndSystemIgnoringCaseButNeedsThePort() {
        final String topic = uniqueTopic("leave-case");
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(subscription(topic, receiver.system("case-leaver"), "/notify"));
            assertOkEmpty(http.unsubscribe(topic, "case-leaver", "127.0.0.1", Integer.toString(receiver.port() + 1)));
            assertEquals(1, http.statistics().subscribersOf(topic).size(), "another port is another system");

            assertOkEmpty(http.unsubscribe(topic.toUpperCase(), "CASE-LEAVER", "127.0.0.1",
                    Integer.toString(receiver.port())));
            assertEquals(0, http.statistics().subscribersOf(topic).size());
        }
    }

    // ---------------------------------------------------------------------------------------------------- metadata

    @Test
    void matchMetaDataDeliversOnlyEventsCarryingEveryFilterEntryWithValuesComparedIgnoringCase() {
        final String topic = uniqueTopic("meta");
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(metaDataSubscription(topic, receiver.system("meta"),
                    Map.of("unit", "celsius", "room", "12"), true));
            http.publishOk(event(topic, Map.of("unit", "celsius", "room", "12"), "exact"));
            http.publishOk(event(topic, Map.of("unit", "CELSIUS", "room", "12", "floor", "3"), "superset-other-case"));
            http.publishOk(event(topic, Map.of("unit", "celsius"), "missing-key"));
            http.publishOk(event(topic, Map.of("Unit", "celsius", "room", "12"), "key-case-differs"));
            http.publishOk(event(topic, Map.of("unit", "kelvin", "room", "12"), "value-differs"));
            http.publishOk(event(topic, Map.of("unit", "celsius", "room", "12 "), "value-with-space"));
            http.publishOk(event(topic, null, "no-metadata"));
            http.publishOk(event(topic, Map.of(), "empty-metadata"));
            http.publishOk(event(topic, Map.of("room", "12", "unit", "Celsius"), "marker"));
            awaitPayload(receiver, "marker");
            assertEquals(List.of("exact", "superset-other-case", "marker"), receiver.payloads());
        }
    }

    @Test
    void withoutMatchMetaDataTheFilterMetaDataIsIgnored() {
        final String topic = uniqueTopic("nomatch");
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(metaDataSubscription(topic, receiver.system("nomatch"), Map.of("unit", "celsius"),
                    false));
            http.publishOk(event(topic, Map.of("unit", "kelvin"), "other-value"));
            http.publishOk(event(topic, null, "no-metadata"));
            http.publishOk(event(topic, Map.of("unit", "celsius"), "matching"));
            awaitPayload(receiver, "matching");
            assertEquals(List.of("other-value", "no-metadata", "matching"), receiver.payloads());
        }
    }

    // ----------------------------------------------------------------------------------------------------- sources

    @Test
    void sourcesLimitDeliveryToEventsOfTheListedPublishers() {
        final String topic = uniqueTopic("sources");
        final SystemRequestDTO a = SystemRequestDTO.of("sensor-a", "127.0.0.1", 7001);
        final SystemRequestDTO b = SystemRequestDTO.of("sensor-b", "127.0.0.1", 7002);
        final SystemRequestDTO c = SystemRequestDTO.of("sensor-c", "127.0.0.2", 7003);
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(new SubscriptionRequestDTO(topic, receiver.system("sources"), null, "/notify", false,
                    null, null, Set.of(a, c)));
            http.publishOk(new EventPublishRequestDTO(topic, a, null, "from-a", null));
            http.publishOk(new EventPublishRequestDTO(topic, b, null, "from-b", null));
            http.publishOk(new EventPublishRequestDTO(topic, SystemRequestDTO.of("sensor-a", "127.0.0.1", 7009),
                    null, "from-a-on-another-port", null));
            http.publishOk(new EventPublishRequestDTO(topic, SystemRequestDTO.of("sensor-a", "127.0.0.3", 7001),
                    null, "from-a-at-another-address", null));
            http.publishOk(new EventPublishRequestDTO(topic, c, null, "from-c", null));
            http.publishOk(new EventPublishRequestDTO(topic, SystemRequestDTO.of("SENSOR-A", "127.0.0.1", 7001),
                    null, "from-a-named-in-capitals", null));
            awaitPayload(receiver, "from-a-named-in-capitals");
            assertEquals(List.of("from-a", "from-c", "from-a-named-in-capitals"), receiver.payloads());
        }
    }

    @Test
    void anEmptySourcesListAcceptsEveryPublisher() {
        final String topic = uniqueTopic("anysource");
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(new SubscriptionRequestDTO(topic, receiver.system("anysource"), null, "/notify", false,
                    null, null, Set.of()));
            http.publishOk(new EventPublishRequestDTO(topic, SystemRequestDTO.of("p1", "127.0.0.1", 7101), null,
                    "one", null));
            http.publishOk(new EventPublishRequestDTO(topic, SystemRequestDTO.of("p2", "127.0.0.1", 7102), null,
                    "two", null));
            awaitPayload(receiver, "two");
            assertEquals(List.of("one", "two"), receiver.payloads());
        }
    }

    @Test
    void sourcesAndMetaDataMustBothMatch() {
        final String topic = uniqueTopic("both-filters");
        final SystemRequestDTO a = SystemRequestDTO.of("both-a", "127.0.0.1", 7201);
        final SystemRequestDTO b = SystemRequestDTO.of("both-b", "127.0.0.1", 7202);
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(new SubscriptionRequestDTO(topic, receiver.system("both"), Map.of("k", "v"), "/notify",
                    true, null, null, Set.of(a)));
            http.publishOk(new EventPublishRequestDTO(topic, b, Map.of("k", "v"), "wrong-source", null));
            http.publishOk(new EventPublishRequestDTO(topic, a, Map.of("k", "w"), "wrong-metadata", null));
            http.publishOk(new EventPublishRequestDTO(topic, a, Map.of("k", "v"), "both-match", null));
            awaitPayload(receiver, "both-match");
            assertEquals(List.of("both-match"), receiver.payloads());
        }
    }

    // ------------------------------------------------------------------------------------------------------- dates

    @Test
    void startDateDropsEventsStampedBeforeItLessTheTolerance() {
        final String topic = uniqueTopic("start");
        final Instant base = Instant.now().truncatedTo(ChronoUnit.MICROS);
        final Instant start = base.plusSeconds(50);
        final Instant earliest = start.minusSeconds(TOLERANCE_SECONDS);
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(datedSubscription(topic, receiver.system("start"), start, null));
            http.publishOk(stamped(topic, base.minusSeconds(30), "well-before"));
            http.publishOk(stamped(topic, earliest.minus(1, ChronoUnit.MICROS), "just-before"));
            http.publishOk(stamped(topic, earliest, "at-start-less-tolerance"));
            http.publishOk(stamped(topic, base.plusSeconds(20), "later"));
            awaitPayload(receiver, "later");
            assertEquals(List.of("at-start-less-tolerance", "later"), receiver.payloads());
        }
    }

    @Test
    void startDateIsNotAnUpperBoundAsInStockArrowhead() {
        // Stock 4.6 delivers only events stamped no later than startDate + tolerance (docs/arrowhead.md).
        final String topic = uniqueTopic("start-fixed");
        final Instant base = Instant.now().truncatedTo(ChronoUnit.MICROS);
        final Instant start = base.minusSeconds(50);
        final Instant stockLimit = start.plusSeconds(TOLERANCE_SECONDS);
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(datedSubscription(topic, receiver.system("start-fixed"), start, null));
            http.publishOk(stamped(topic, stockLimit.plus(Duration.ofSeconds(20)), "after-start-plus-tolerance"));
            http.publishOk(stamped(topic, start, "at-start"));
            http.publishOk(stamped(topic, base, "now"));
            awaitPayload(receiver, "now");
            assertEquals(List.of("after-start-plus-tolerance", "at-start", "now"), receiver.payloads());
        }
    }

    @Test
    void endDateDropsEventsStampedAfterItPlusTheTolerance() {
        final String topic = uniqueTopic("end");
        final Instant base = Instant.now().truncatedTo(ChronoUnit.MICROS);
        final Instant end = base.minusSeconds(40);
        final Instant latest = end.plusSeconds(TOLERANCE_SECONDS);
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(datedSubscription(topic, receiver.system("end"), null, end));
            http.publishOk(stamped(topic, base.plusSeconds(40), "well-after"));
            http.publishOk(stamped(topic, latest.plus(1, ChronoUnit.MICROS), "just-after"));
            http.publishOk(stamped(topic, latest, "at-end-plus-tolerance"));
            http.publishOk(stamped(topic, base.minusSeconds(50), "before-end"));
            http.publishOk(stamped(topic, base, "marker"));
            awaitPayload(receiver, "marker");
            assertEquals(List.of("at-end-plus-tolerance", "before-end", "marker"), receiver.payloads());
        }
    }

    @Test
    void bothDatesTogetherApplyTheStartBoundAlsoToEventsStampedOnArrival() {
        final String topic = uniqueTopic("window");
        final Instant base = Instant.now().truncatedTo(ChronoUnit.MICROS);
        final Instant start = base.plusSeconds(40);
        final Instant end = base.plusSeconds(45);
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start()) {
            http.subscribeOk(datedSubscription(topic, receiver.system("window"), start, end));
            http.publishOk(stamped(topic, base.minusSeconds(25), "before-window"));
            http.publishOk(stamped(topic, base.minusSeconds(15), "in-window"));
            http.publishOk(new EventPublishRequestDTO(topic, PUBLISHER, null, "stamped-by-the-event-handler", null));
            awaitPayload(receiver, "stamped-by-the-event-handler");
            assertEquals(List.of("in-window", "stamped-by-the-event-handler"), receiver.payloads());
        }
    }
}
