package io.eventhandler.client.discovery;

import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.client.ClientTls;
import io.eventhandler.client.EventHandlerEndpoints;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the Event Handler as an Arrowhead application system does, trying in turn:
 * <ol>
 *   <li>the Orchestrator, if configured: one dynamic orchestration ({@code overrideStore=true}, as the Event
 *       Handler's services are public core services) per service, taking the first result;</li>
 *   <li>the Service Registry, if configured: its public query per service, taking the first registration;</li>
 *   <li>the configured fallback base URI, with the standard paths.</li>
 * </ol>
 * A core system that fails, or names no provider of {@code event-publish}, is logged and the next source is tried.
 * The other services are looked up at the source that named {@code event-publish}; one it does not know (a stock
 * Arrowhead Event Handler registers no {@code event-subscribe-sse}) gets its standard path on the same host. The
 * scheme of found services is the caller's own: {@code https} in secure mode, as Arrowhead clients do.
 *
 * <pre>{@code
 * EventHandlerLocation where = EventHandlerLocator.builder()
 *         .requester(tls.system("10.0.0.5", 9000)).tls(tls)
 *         .orchestrator(URI.create("https://10.0.0.1:8441"))
 *         .serviceRegistry(URI.create("https://10.0.0.1:8443"))
 *         .fallback(URI.create("https://10.0.0.1:8455"))
 *         .build().locate();
 * EventHandlerClient client = EventHandlerClient.builder(where.endpoints()).tls(tls).build();
 * }</pre>
 */
public final class EventHandlerLocator {

    private static final Logger LOG = LoggerFactory.getLogger(EventHandlerLocator.class);

    private final List<ServiceLookup> lookups;
    private final URI fallback;
    private final ClientTls tls;
    private final Duration connectTimeout;
    private final Duration responseTimeout;

    private EventHandlerLocator(final Builder builder) {
        final List<ServiceLookup> list = new ArrayList<>();
        if (builder.orchestrator != null) {
            list.add(new OrchestratorLookup(builder.orchestrator, builder.requester, builder.orchestrationFlags));
        }
        if (builder.serviceRegistry != null) {
            list.add(new ServiceRegistryLookup(builder.serviceRegistry));
        }
        this.lookups = List.copyOf(list);
        this.fallback = builder.fallback;
        this.tls = builder.tls;
        this.connectTimeout = builder.connectTimeout;
        this.responseTimeout = builder.responseTimeout;
    }

    /** A locator to configure. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Asks the configured sources in turn.
     *
     * @throws EventHandlerNotFoundException when no source named an Event Handler and there is no fallback
     */
    public EventHandlerLocation locate() {
        final List<String> failures = new ArrayList<>();
        if (!lookups.isEmpty()) {
            try (CoreSystemHttp http = new CoreSystemHttp(tls, connectTimeout, responseTimeout)) {
                for (final ServiceLookup lookup : lookups) {
                    try {
                        final EventHandlerLocation found = locate(http, lookup);
                        LOG.info("Event Handler at {}", found);
                        return found;
                    } catch (final CoreSystemCallException e) {
                        LOG.warn("{} did not name the Event Handler: {}", lookup, e.getMessage());
                        failures.add(lookup + ": " + e.getMessage());
                    }
                }
            }
        }
        if (fallback != null) {
            final EventHandlerLocation configured = new EventHandlerLocation(LocationSource.CONFIGURED, fallback,
                    EventHandlerEndpoints.of(fallback));
            LOG.info("Event Handler at {}", configured);
            return configured;
        }
        throw new EventHandlerNotFoundException(failures);
    }

    private EventHandlerLocation locate(final CoreSystemHttp http, final ServiceLookup lookup)
            throws CoreSystemCallException {
        final String scheme = tls == null ? "http" : "https";
        final ServiceLocation publish = lookup.find(http, EventHandlerService.PUBLISH).orElseThrow(() ->
                new CoreSystemCallException("no provider of " + EventHandlerService.PUBLISH.definition()));
        final URI base = publish.baseUri(scheme);
        final Map<EventHandlerService, URI> uris = new EnumMap<>(EventHandlerService.class);
        uris.put(EventHandlerService.PUBLISH, publish.uri(scheme, EventHandlerService.PUBLISH.defaultPath()));
        for (final EventHandlerService service : EventHandlerService.values()) {
            if (service != EventHandlerService.PUBLISH) {
                uris.put(service, secondary(http, lookup, service, scheme)
                        .orElseGet(() -> URI.create(base + service.defaultPath())));
            }
        }
        return new EventHandlerLocation(lookup.source(), lookup.uri(), new EventHandlerEndpoints(base,
                EventHandlerEndpoints.of(base).echo(), uris.get(EventHandlerService.PUBLISH), uris.get(EventHandlerService.SUBSCRIBE),
                uris.get(EventHandlerService.UNSUBSCRIBE), uris.get(EventHandlerService.SUBSCRIBE_SSE)));
    }

    /** A service other than publish: when the source cannot name it, the Event Handler's standard path will do. */
    private static Optional<URI> secondary(final CoreSystemHttp http, final ServiceLookup lookup,
                                           final EventHandlerService service, final String scheme) {
        try {
            final Optional<URI> uri = lookup.find(http, service).map(l -> l.uri(scheme, service.defaultPath()));
            if (uri.isEmpty()) {
                LOG.info("{} names no provider of {}; using its standard path", lookup, service.definition());
            }
            return uri;
        } catch (final CoreSystemCallException e) {
            LOG.warn("{} did not name {} ({}); using its standard path", lookup, service.definition(), e.getMessage());
            return Optional.empty();
        }
    }

    /** Options of an {@link EventHandlerLocator}; at least one source is needed. */
    public static final class Builder {
        private URI orchestrator;
        private URI serviceRegistry;
        private URI fallback;
        private SystemRequestDTO requester;
        private ClientTls tls;
        private Map<String, Boolean> orchestrationFlags = Map.of("overrideStore", true);
        private Duration connectTimeout = Duration.ofSeconds(5);
        private Duration responseTimeout = Duration.ofSeconds(10);

        private Builder() {
        }

        /** Ask this Orchestrator first, e.g. {@code https://127.0.0.1:8441} (needs {@link #requester}). */
        public Builder orchestrator(final URI orchestrator) {
            this.orchestrator = Objects.requireNonNull(orchestrator, "orchestrator");
            return this;
        }

        /** Ask this Service Registry next, e.g. {@code https://127.0.0.1:8443}. */
        public Builder serviceRegistry(final URI serviceRegistry) {
            this.serviceRegistry = Objects.requireNonNull(serviceRegistry, "serviceRegistry");
            return this;
        }

        /** Use this Event Handler base URI, e.g. {@code https://127.0.0.1:8455}, when no core system names one. */
        public Builder fallback(final URI baseUri) {
            this.fallback = EventHandlerEndpoints.of(Objects.requireNonNull(baseUri, "baseUri")).baseUri();
            return this;
        }

        /** The system asking, Arrowhead's {@code requesterSystem} (in secure mode, the certificate's system). */
        public Builder requester(final SystemRequestDTO requester) {
            this.requester = Objects.requireNonNull(requester, "requester");
            return this;
        }

        /** Secure mode: HTTPS with this certificate to the core systems, and {@code https} Event Handler URIs. */
        public Builder tls(final ClientTls tls) {
            this.tls = Objects.requireNonNull(tls, "tls");
            return this;
        }

        /** Orchestration flags (default {@code overrideStore=true}: dynamic orchestration). */
        public Builder orchestrationFlags(final Map<String, Boolean> flags) {
            this.orchestrationFlags = Map.copyOf(flags);
            return this;
        }

        /** Time to connect to a core system (default 5 s). */
        public Builder connectTimeout(final Duration timeout) {
            this.connectTimeout = positive(timeout, "connectTimeout");
            return this;
        }

        /** Time to wait for a core system's answer (default 10 s). */
        public Builder responseTimeout(final Duration timeout) {
            this.responseTimeout = positive(timeout, "responseTimeout");
            return this;
        }

        /** The locator; asks nothing yet. */
        public EventHandlerLocator build() {
            if (orchestrator != null && requester == null) {
                throw new IllegalStateException("asking the Orchestrator needs the requester system");
            }
            return new EventHandlerLocator(this);
        }

        private static Duration positive(final Duration duration, final String name) {
            if (duration == null || duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException(name + " must be positive: " + duration);
            }
            return duration;
        }
    }
}
