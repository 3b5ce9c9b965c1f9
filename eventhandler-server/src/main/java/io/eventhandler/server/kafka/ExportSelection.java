package io.eventhandler.server.kafka;

import io.eventhandler.core.event.TopicName;
import io.eventhandler.core.qos.Destination;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;

/** Which topics are exported: by name, by a pattern with {@code *}, or by their FRAME destination CLOUD. */
final class ExportSelection {

    private final List<Pattern> patterns = new ArrayList<>();
    private final boolean cloud;
    private final Function<String, Destination> destinations;

    /**
     * @param entries      event type names, or patterns in which {@code *} stands for any characters (any case)
     * @param cloud        whether topics whose destination is CLOUD are exported too
     * @param destinations each topic's configured destination
     */
    ExportSelection(final List<String> entries, final boolean cloud, final Function<String, Destination> destinations) {
        for (final String entry : entries) {
            final StringBuilder regex = new StringBuilder();
            for (final String part : TopicName.normalise(entry).split("\\*", -1)) {
                if (regex.length() > 0 || entry.startsWith("*")) {
                    regex.append(".*");
                }
                regex.append(Pattern.quote(part));
            }
            patterns.add(Pattern.compile(regex.toString()));
        }
        this.cloud = cloud;
        this.destinations = destinations;
    }

    /** Whether the topic of this normalised name is exported. */
    boolean exports(final String topic) {
        return byName(topic) || cloud && destinations.apply(topic) == Destination.CLOUD;
    }

    /** Whether a topic of this normalised name and destination is exported. */
    boolean exports(final String topic, final Destination destination) {
        return byName(topic) || cloud && destination == Destination.CLOUD;
    }

    private boolean byName(final String topic) {
        for (final Pattern pattern : patterns) {
            if (pattern.matcher(topic).matches()) {
                return true;
            }
        }
        return false;
    }
}
