package io.eventhandler.server.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.EpochMicros;
import io.eventhandler.api.engine.OperatorGraphDTO;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.engine.graph.GraphException;
import io.eventhandler.core.engine.graph.GraphSpec;
import io.eventhandler.core.engine.graph.OperatorGraph;
import io.eventhandler.core.engine.operator.OperatorRegistry;
import io.eventhandler.core.engine.runtime.Engine;
import io.eventhandler.core.engine.runtime.EngineSettings;
import io.eventhandler.core.engine.runtime.EngineStatistics;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.server.config.ConfigurationException;
import io.eventhandler.server.config.EngineConfiguration;
import io.eventhandler.server.runtime.Component;
import org.visnow.jlargearrays.ConcurrencyUtils;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The operator engine inside the Event Handler: every accepted event is offered to it (from the broker's tap, never
 * waiting), and every derived event it produces is published to its derived topic through the broker, so it is
 * numbered, kept in history and delivered like any published event. Derived events name the Event Handler as their
 * source, and carry {@value #VALID_UNTIL} (end of absolute validity, when finite) and {@value #MARKED} (a
 * time-consistency violation under the MARK policy) in their metadata.
 */
public final class EngineService implements Component {

    public static final String VALID_UNTIL = "validUntil";
    public static final String MARKED = "marked";

    private final OperatorRegistry registry;
    private final Broker broker;
    private final SystemRef self;
    private final Engine engine;
    private final List<Runnable> changeListeners = new CopyOnWriteArrayList<>();
    private volatile GraphSpec spec = new GraphSpec(null, null, null);

    /**
     * Builds the engine with the configured graph file, if any; its workers start with {@link #start()}.
     *
     * @param self   the Event Handler as the source of derived events
     * @param mapper reads the graph file
     * @throws ConfigurationException naming the graph file's problems
     */
    public EngineService(final EngineConfiguration configuration, final Broker broker, final SystemRef self,
                         final ObjectMapper mapper) {
        // JTransforms would spread large transforms over its own thread pool, outside the engine's priority order:
        // every operator runs on the engine worker that picked it
        ConcurrencyUtils.setNumberOfThreads(1);
        this.registry = OperatorRegistry.load();
        this.broker = broker;
        this.self = self;
        this.engine = new Engine(build(spec), this::publish,
                EngineSettings.defaults().withWorkers(configuration.workers())
                        .withReservedWorkers(configuration.reservedWorkers()), Engine.clockMicros(Clock.systemUTC()));
        if (!configuration.graphFile().isEmpty()) {
            loadFile(Path.of(configuration.graphFile()), mapper);
        }
    }

    private void loadFile(final Path file, final ObjectMapper mapper) {
        final String where = EngineConfiguration.GRAPH + "=" + file + ": ";
        try {
            installGraph(GraphDocuments.toSpec(mapper.readValue(file.toFile(), OperatorGraphDTO.class)));
        } catch (final IOException | IllegalArgumentException e) {
            engine.close();
            throw new ConfigurationException(List.of(where + e.getMessage()));
        } catch (final GraphException e) {
            engine.close();
            throw new ConfigurationException(e.problems().stream().map(problem -> where + problem).toList());
        }
    }

    /** Engine workers that ended on an unexpected error: derived events are impaired while above 0. */
    public int deadWorkers() {
        return engine.deadWorkers();
    }

    /** Start the workers and take every accepted event; follow the subscribers' priority requests. */
    @Override
    public void start() {
        engine.start();
        broker.tap(event -> engine.offer(event.topic(), event.payload(), event.createdEpochMicros()));
        broker.watchRequirements(this::subscribersChanged);
    }

    /**
     * Validate and install a graph; the previous one stops at once (its queued work is dropped and counted). The
     * change is announced to the change listeners.
     *
     * @throws io.eventhandler.core.engine.graph.GraphException listing every problem of the graph
     */
    public void load(final GraphSpec graph) {
        installGraph(graph);
        changeListeners.forEach(Runnable::run);
    }

    private synchronized void installGraph(final GraphSpec graph) {
        final OperatorGraph built = build(graph);
        engine.replace(built.withRequestedPriorities(requestedPriorities(built)));
        spec = graph;
    }

    /** Call {@code listener} after every change of the operator graph; it must not block. */
    public void onChange(final Runnable listener) {
        changeListeners.add(listener);
    }

    /**
     * A derived topic's subscribers changed what they ask for: the strictest priority request of each derived topic
     * raises its consumer priority (CPEP's priorities come from the consumers). Serialised, so the last change
     * applied reads the broker's latest state.
     */
    private synchronized void subscribersChanged(final String topic) {
        final OperatorGraph running = engine.graph();
        if (running.outputTopics().containsValue(topic)) {
            engine.requestPriorities(requestedPriorities(running));
        }
    }

    private Map<String, Integer> requestedPriorities(final OperatorGraph graph) {
        final Map<String, Integer> requested = new HashMap<>();
        for (final String topic : graph.outputTopics().values()) {
            final Integer priority = broker.requirements(topic).priority();
            if (priority != null) {
                requested.put(topic, priority);
            }
        }
        return requested;
    }

    /** The graph in force, as configured. */
    public GraphSpec graph() {
        return spec;
    }

    public EngineStatistics statistics() {
        return engine.statistics();
    }

    private OperatorGraph build(final GraphSpec graph) {
        return OperatorGraph.build(graph, registry::factory);
    }

    private void publish(final String topic, final String payload, final long tbMicros, final long teMicros,
                         final boolean marked) {
        Map<String, String> metaData = null;
        if (teMicros != Long.MAX_VALUE || marked) {
            metaData = new HashMap<>(2);
            if (teMicros != Long.MAX_VALUE) {
                metaData.put(VALID_UNTIL, EpochMicros.toInstant(teMicros).toString());
            }
            if (marked) {
                metaData.put(MARKED, "true");
            }
        }
        broker.accept(new EventDraft(topic, self, metaData, payload, EpochMicros.toInstant(tbMicros).toString(),
                tbMicros));
    }

    @Override
    public void close() {
        broker.tap(event -> { });
        engine.close();
    }
}
