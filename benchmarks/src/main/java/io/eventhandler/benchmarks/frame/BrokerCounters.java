package io.eventhandler.benchmarks.frame;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.Map;

/**
 * The Event Handler's own delivery counters ({@code GET /eventhandler/mgmt/delivery}) at one moment, summed per
 * category. They count since the server started, so a run takes two and subtracts ({@link #minus}).
 *
 * @param enqueuedDispatches    dispatch jobs created
 * @param enqueuedReplications  replication jobs created
 * @param takenReplications     replication jobs run by a worker
 * @param cancelledReplications replication jobs cancelled in the queue (dispatched first)
 * @param replicationsAborted   replication jobs a worker aborted because the event was dispatched
 * @param replicationsAvoided   events that needed no replication job (Proposition 1)
 * @param categories            per category: delivered, deadlines met and missed, dropped, longest loss run
 */
record BrokerCounters(long enqueuedDispatches, long enqueuedReplications, long takenReplications,
                      long cancelledReplications, long replicationsAborted, long replicationsAvoided,
                      Map<TopicCategory, Delivery> categories) {


    /** A category's delivery counters; the longest loss run is the largest of its topics, since start. */
    record Delivery(long delivered, long met, long missed, long dropped, long longestLossRun) {
        Delivery plus(final Delivery o) {
            return new Delivery(delivered + o.delivered, met + o.met, missed + o.missed, dropped + o.dropped,
                    Math.max(longestLossRun, o.longestLossRun));
        }

        Delivery minus(final Delivery o) {
            return new Delivery(delivered - o.delivered, met - o.met, missed - o.missed, dropped - o.dropped,
                    longestLossRun);
        }
    }

    /** Reads the counters of the Event Handler at {@code baseUri}. */
    static BrokerCounters read(final URI baseUri, final TopicMix mix) throws IOException, InterruptedException {
        return parse(ManagementJson.get(baseUri, "/eventhandler/mgmt/delivery?subscribers=false",
                Duration.ofSeconds(30)), mix);
    }

    /** The counters in a {@code DeliverySnapshot} document. */
    static BrokerCounters parse(final JsonNode root, final TopicMix mix) {
        final Map<String, TopicCategory> categoryOf = new java.util.HashMap<>();
        for (final TopicMix.Topic topic : mix.topics()) {
            categoryOf.put(topic.name(), topic.category());
        }
        final Map<TopicCategory, Delivery> categories = new EnumMap<>(TopicCategory.class);
        for (final TopicCategory c : TopicCategory.values()) {
            categories.put(c, new Delivery(0, 0, 0, 0, 0));
        }
        final Iterator<Map.Entry<String, JsonNode>> topics = root.path("topics").fields();
        while (topics.hasNext()) {
            final Map.Entry<String, JsonNode> entry = topics.next();
            final TopicCategory c = categoryOf.get(entry.getKey());
            if (c != null) {
                final JsonNode s = entry.getValue();
                categories.merge(c, new Delivery(s.path("delivered").asLong(), s.path("deadlineMet").asLong(),
                        s.path("deadlineMissed").asLong(), s.path("dropped").asLong(),
                        s.path("longestLossRun").asLong()), Delivery::plus);
            }
        }
        final JsonNode queue = root.path("queue");
        return new BrokerCounters(queue.path("enqueuedDispatches").asLong(),
                queue.path("enqueuedReplications").asLong(), queue.path("takenReplications").asLong(),
                queue.path("cancelledReplications").asLong(), root.path("workers").path("replicationsAborted").asLong(),
                root.path("replicationsAvoided").asLong(), categories);
    }

    /** The counts between {@code earlier} and this. */
    BrokerCounters minus(final BrokerCounters earlier) {
        final Map<TopicCategory, Delivery> diff = new EnumMap<>(TopicCategory.class);
        categories.forEach((c, d) -> diff.put(c, d.minus(earlier.categories.get(c))));
        return new BrokerCounters(enqueuedDispatches - earlier.enqueuedDispatches,
                enqueuedReplications - earlier.enqueuedReplications, takenReplications - earlier.takenReplications,
                cancelledReplications - earlier.cancelledReplications,
                replicationsAborted - earlier.replicationsAborted, replicationsAvoided - earlier.replicationsAvoided,
                diff);
    }
}
