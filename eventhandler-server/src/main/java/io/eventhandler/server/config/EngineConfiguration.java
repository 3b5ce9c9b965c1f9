package io.eventhandler.server.config;

import java.util.Map;

import static io.eventhandler.server.config.Setting.atLeast;

/**
 * The operator engine.
 *
 * @param graphFile {@link #GRAPH} — operator graph (JSON) loaded at start (default blank: no operators until
 *                  a graph is put through the management API)
 * @param workers   {@link #WORKERS} — worker threads of the operator engine (cores)
 * @param reservedWorkers {@link #RESERVED_WORKERS} — more worker threads that take only the highest priority's work
 *                  (0: on two cores such a third thread made that priority's p99 worse)
 */
public record EngineConfiguration(String graphFile, int workers, int reservedWorkers) {

    private static final Settings<EngineConfiguration> SETTINGS = new Settings<>();

    public static final Setting<String> GRAPH = SETTINGS.add(Setting.string("eh.engine.graph", ""),
            EngineConfiguration::graphFile);
    public static final Setting<Integer> WORKERS = SETTINGS.add(
            Setting.integer("eh.engine.workers", Runtime.getRuntime().availableProcessors(), atLeast(1)),
            EngineConfiguration::workers);
    public static final Setting<Integer> RESERVED_WORKERS = SETTINGS.add(
            Setting.integer("eh.engine.reserved.workers", 0, atLeast(0)), EngineConfiguration::reservedWorkers);

    static EngineConfiguration read(final ConfigSource source) {
        return new EngineConfiguration(source.get(GRAPH), source.get(WORKERS), source.get(RESERVED_WORKERS));
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }
}
