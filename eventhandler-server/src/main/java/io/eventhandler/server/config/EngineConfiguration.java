package io.eventhandler.server.config;

import java.util.Map;

import static io.eventhandler.server.config.Setting.atLeast;

/**
 * The operator engine.
 *
 * @param graphFile {@link #GRAPH} — operator graph (JSON) loaded at start (default blank: no operators until
 *                  a graph is put through the management API)
 * @param workers   {@link #WORKERS} — worker threads of the operator engine (cores)
 */
public record EngineConfiguration(String graphFile, int workers) {

    private static final Settings<EngineConfiguration> SETTINGS = new Settings<>();

    public static final Setting<String> GRAPH = SETTINGS.add(Setting.string("eh.engine.graph", ""),
            EngineConfiguration::graphFile);
    public static final Setting<Integer> WORKERS = SETTINGS.add(
            Setting.integer("eh.engine.workers", Runtime.getRuntime().availableProcessors(), atLeast(1)),
            EngineConfiguration::workers);

    static EngineConfiguration read(final ConfigSource source) {
        return new EngineConfiguration(source.get(GRAPH), source.get(WORKERS));
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }
}
