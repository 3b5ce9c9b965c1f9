package io.eventhandler.client.discovery;

/** Where an {@link EventHandlerLocation} came from. */
public enum LocationSource {
    /** Dynamic orchestration: {@code POST /orchestrator/orchestration}. */
    ORCHESTRATOR,
    /** Arrowhead 5 orchestration: {@code POST /serviceorchestration/orchestration/pull}. */
    SERVICE_ORCHESTRATION,
    /**
     * The Service Registry's public query ({@code POST /serviceregistry/query}), or the Arrowhead 5 ServiceRegistry's
     * {@code POST /serviceregistry/service-discovery/lookup}.
     */
    SERVICE_REGISTRY,
    /** The base URI configured as the fallback. */
    CONFIGURED
}
