package io.eventhandler.benchmarks.frame;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * FRAME's topic mix (§3.6.1) at a given total: 10 topics each of categories 0 and 1 and 5 of category 5, as in the
 * paper, and the rest split evenly between categories 2, 3 and 4 (the paper does not give the split; a remainder goes
 * to 2, then 3). Load grows with the category 2–4 topics only, as in the paper. Topics are grouped into proxies of
 * {@link TopicCategory#topicsPerProxy()} topics in topic order, the last group of a category possibly smaller.
 *
 * @param topics  every topic, index = position
 * @param proxies every proxy
 */
record TopicMix(List<Topic> topics, List<Proxy> proxies) {

    /** Topics of the fixed categories: 10 + 10 + 5. */
    static final int FIXED_TOPICS = 25;

    /** One topic. */
    record Topic(int index, String name, TopicCategory category) {
    }

    /** One publisher, a proxy for {@code topics}, all of one category. */
    record Proxy(int id, TopicCategory category, List<Topic> topics) {
    }

    /**
     * The mix with {@code total} topics.
     *
     * @throws IllegalArgumentException when fewer than {@value #FIXED_TOPICS} + 3 topics
     */
    static TopicMix of(final int total) {
        final Map<TopicCategory, Integer> counts = split(total);
        final List<Topic> topics = new ArrayList<>(total);
        final List<Proxy> proxies = new ArrayList<>();
        for (final TopicCategory category : TopicCategory.values()) {
            final int count = counts.get(category);
            List<Topic> group = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                // names are upper case because the Event Handler upper-cases event types
                final Topic topic = new Topic(topics.size(), String.format("FRAME_C%d_%05d", category.number(), i),
                        category);
                topics.add(topic);
                group.add(topic);
                if (group.size() == category.topicsPerProxy() || i == count - 1) {
                    proxies.add(new Proxy(proxies.size(), category, Collections.unmodifiableList(group)));
                    group = new ArrayList<>();
                }
            }
        }
        return new TopicMix(Collections.unmodifiableList(topics), Collections.unmodifiableList(proxies));
    }

    /** Topics per category for {@code total} topics. */
    static Map<TopicCategory, Integer> split(final int total) {
        if (total < FIXED_TOPICS + 3) {
            throw new IllegalArgumentException("the mix needs at least " + (FIXED_TOPICS + 3) + " topics, not "
                    + total);
        }
        final int variable = total - FIXED_TOPICS;
        final Map<TopicCategory, Integer> counts = new EnumMap<>(TopicCategory.class);
        counts.put(TopicCategory.C0, 10);
        counts.put(TopicCategory.C1, 10);
        counts.put(TopicCategory.C2, variable / 3 + (variable % 3 > 0 ? 1 : 0));
        counts.put(TopicCategory.C3, variable / 3 + (variable % 3 > 1 ? 1 : 0));
        counts.put(TopicCategory.C4, variable / 3);
        counts.put(TopicCategory.C5, 5);
        return counts;
    }

    /** Events per second the mix publishes (periodic at T). */
    double eventsPerSecond() {
        double rate = 0;
        for (final Topic topic : topics) {
            rate += 1000.0 / topic.category().periodMs();
        }
        return rate;
    }

    /** Topics of one category. */
    int count(final TopicCategory category) {
        int n = 0;
        for (final Topic topic : topics) {
            if (topic.category() == category) {
                n++;
            }
        }
        return n;
    }
}
