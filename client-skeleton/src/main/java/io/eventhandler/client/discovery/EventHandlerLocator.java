package io.eventhandler.client.discovery;

import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.client.CallerIdentity;
import io.eventhandler.client.ClientTls;
import io.eventhandler.client.EventHandlerEndpoints;
import io.eventhandler.client.EventHandlerInstances;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the Event Handler as an Arrowhead application system does, trying in turn:
 * <ol>
 *   <li>the Orchestrator, if configured: one dynamic orchestration ({@code overrideStore=true}, as the Event
 *       Handler's services are public core services) per service;</li>
 *   <li>the Arrowhead 5 orchestrator, if configured: one {@code pull} per service operation
 *       ({@link #builder()}{@code .serviceOrchestration(...)}; the requester is who {@code identity} names);</li>
 *   <li>the Service Registry, if configured: its public query per service;</li>
 *   <li>the Arrowhead 5 ServiceRegistry, if configured: its {@code service-discovery/lookup} per service, which
 *       finds an Event Handler registered with {@code unrestrictedDiscovery};</li>
 *   <li>the configured fallback base URIs, with the standard paths.</li>
 * </ol>
 * {@link #locate()} takes the first provider of {@code event-publish} (or, when an Arrowhead 5 orchestrator names
 * none, of {@code eventSubscribe}: a system granted only the subscribe side); {@link #locateAll()} takes every one, in the
 * source's order (a primary and its standby backup register the same services), for a client that fails over
 * ({@link #locateInstances()}). Each provider's other services are those the source names for the same provider
 * (address and port), else the source's entry at the same position, else the standard paths on its host.
 * A core system that fails, or names neither, is logged and the next source is tried.
 * The other services are looked up at the source that named the provider; one it does not know (a stock
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
 *
 * // Arrowhead 5, declared identity
 * CallerIdentity me = CallerIdentity.declared("AlarmDashboard");
 * EventHandlerLocation where5 = EventHandlerLocator.builder().identity(me)
 *         .serviceOrchestration(URI.create("http://10.0.0.1:8441")).build().locate();
 * EventHandlerClient client5 = EventHandlerClient.builder(where5.endpoints()).identity(me).build();
 * }</pre>
 */
public final class EventHandlerLocator {

    private static final Logger LOG = LoggerFactory.getLogger(EventHandlerLocator.class);

    private final List<ServiceLookup> lookups;
    private final List<URI> fallback;
    private final ClientTls tls;
    private final CallerIdentity identity;
    private final Duration connectTimeout;
    private final Duration responseTimeout;

    private EventHandlerLocator(final Builder builder) {
        final List<ServiceLookup> list = new ArrayList<>();
        if (builder.orchestrator != null) {
            list.add(new OrchestratorLookup(builder.orchestrator, builder.requester, builder.orchestrationFlags));
        }
        if (builder.serviceOrchestration != null) {
            list.add(new ServiceOrchestrationLookup(builder.serviceOrchestration, builder.tls != null,
                    builder.serviceOrchestrationFlags));
        }
        if (builder.serviceRegistry != null) {
            list.add(new ServiceRegistryLookup(builder.serviceRegistry));
        }
        if (builder.serviceRegistry5 != null) {
            list.add(new ServiceDiscoveryLookup(builder.serviceRegistry5, builder.tls != null));
        }
        this.lookups = List.copyOf(list);
        this.fallback = List.copyOf(builder.fallback);
        this.tls = builder.tls;
        this.identity = builder.identity;
        this.connectTimeout = builder.connectTimeout;
        this.responseTimeout = builder.responseTimeout;
    }

    /** A locator to configure. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Asks the configured sources in turn; the first provider of the first source that names one.
     *
     * @throws EventHandlerNotFoundException when no source named an Event Handler and there is no fallback
     */
    public EventHandlerLocation locate() {
        return locateAll().get(0);
    }

    /**
     * Asks the configured sources in turn; every provider (primary first, as the source orders them) of the first
     * source that names one, else every configured fallback.
     *
     * @throws EventHandlerNotFoundException when no source named an Event Handler and there is no fallback
     */
    public List<EventHandlerLocation> locateAll() {
        final List<String> failures = new ArrayList<>();
        if (!lookups.isEmpty()) {
            try (CoreSystemHttp http = new CoreSystemHttp(tls, identity, connectTimeout, responseTimeout)) {
                for (final ServiceLookup lookup : lookups) {
                    try {
                        final List<EventHandlerLocation> found = locateAll(http, lookup);
                        LOG.info("Event Handler at {}", found);
                        return found;
                    } catch (final CoreSystemCallException e) {
                        LOG.warn("{} did not name the Event Handler: {}", lookup, e.getMessage());
                        failures.add(lookup + ": " + e.getMessage());
                    }
                }
            }
        }
        if (!fallback.isEmpty()) {
            final List<EventHandlerLocation> configured = fallback.stream().map(uri -> new EventHandlerLocation(
                    LocationSource.CONFIGURED, uri, EventHandlerEndpoints.of(uri))).toList();
            LOG.info("Event Handler at {}", configured);
            return configured;
        }
        throw new EventHandlerNotFoundException(failures);
    }

    /** {@link #locateAll()} as the instances a client fails over between. */
    public EventHandlerInstances locateInstances() {
        return new EventHandlerInstances(locateAll().stream().map(EventHandlerLocation::endpoints).toList());
    }

    private List<EventHandlerLocation> locateAll(final CoreSystemHttp http, final ServiceLookup lookup)
            throws CoreSystemCallException {
        final String scheme = tls == null ? "http" : "https";
        EventHandlerService anchor = null;
        List<ServiceLocation> providers = List.of();
        for (final Iterator<EventHandlerService> anchors = lookup.anchors().iterator();
             providers.isEmpty() && anchors.hasNext(); ) {
            anchor = anchors.next();
            providers = distinctProviders(lookup.findAll(http, anchor));
        }
        if (providers.isEmpty()) {
            throw new CoreSystemCallException("no provider of " + lookup.anchors().stream()
                    .map(lookup::nameOf).collect(Collectors.joining(" nor of ")));
        }
        final Map<EventHandlerService, List<ServiceLocation>> others = new EnumMap<>(EventHandlerService.class);
        for (final EventHandlerService service : EventHandlerService.values()) {
            if (service != anchor) {
                others.put(service, secondary(http, lookup, service));
            }
        }
        final List<EventHandlerLocation> locations = new ArrayList<>();
        for (int i = 0; i < providers.size(); i++) {
            final ServiceLocation provider = providers.get(i);
            final URI base = provider.baseUri(scheme);
            final Map<EventHandlerService, URI> uris = new EnumMap<>(EventHandlerService.class);
            uris.put(anchor, provider.uri(scheme, anchor.defaultPath()));
            for (final Map.Entry<EventHandlerService, List<ServiceLocation>> other : others.entrySet()) {
                final EventHandlerService service = other.getKey();
                uris.put(service, ofProvider(other.getValue(), provider, i)
                        .map(l -> l.uri(scheme, service.defaultPath()))
                        .orElseGet(() -> URI.create(base + service.defaultPath())));
            }
            locations.add(new EventHandlerLocation(lookup.source(), lookup.uri(), new EventHandlerEndpoints(base,
                    EventHandlerEndpoints.of(base).echo(), uris.get(EventHandlerService.PUBLISH),
                    uris.get(EventHandlerService.SUBSCRIBE), uris.get(EventHandlerService.UNSUBSCRIBE),
                    uris.get(EventHandlerService.SUBSCRIBE_SSE))));
        }
        return List.copyOf(locations);
    }

    /** The first location of each provider (address and port): a source may list one provider more than once. */
    private static List<ServiceLocation> distinctProviders(final List<ServiceLocation> all) {
        final Map<String, ServiceLocation> byProvider = new LinkedHashMap<>();
        for (final ServiceLocation location : all) {
            byProvider.putIfAbsent(location.address() + ":" + location.port(), location);
        }
        return List.copyOf(byProvider.values());
    }

    /** The service of {@code provider}: by address and port, else by position {@code index}. */
    private static Optional<ServiceLocation> ofProvider(final List<ServiceLocation> locations,
                                                        final ServiceLocation provider, final int index) {
        for (final ServiceLocation location : locations) {
            if (location.address().equals(provider.address()) && location.port() == provider.port()) {
                return Optional.of(location);
            }
        }
        return index < locations.size() ? Optional.of(locations.get(index)) : Optional.empty();
    }

    /** A service other than the anchor: when the source cannot name it, the Event Handler's standard path will do. */
    private static List<ServiceLocation> secondary(final CoreSystemHttp http, final ServiceLookup lookup,
                                                   final EventHandlerService service) {
        try {
            final List<ServiceLocation> all = lookup.findAll(http, service);
            if (all.isEmpty()) {
                LOG.info("{} names no provider of {}; using its standard path", lookup, lookup.nameOf(service));
            }
            return all;
        } catch (final CoreSystemCallException e) {
            LOG.warn("{} did not name {} ({}); using its standard path", lookup, lookup.nameOf(service),
                    e.getMessage());
            return List.of();
        }
    }

    /** Options of an {@link EventHandlerLocator}; at least one source is needed. */
    public static final class Builder {
        private URI orchestrator;
        private URI serviceRegistry;
        private URI serviceOrchestration;
        private URI serviceRegistry5;
        private Map<String, Boolean> serviceOrchestrationFlags = Map.of();
        private CallerIdentity identity = CallerIdentity.none();
        private List<URI> fallback = List.of();
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

        /**
         * Ask this Arrowhead 5 orchestrator ({@code pull}) next, e.g. {@code http://127.0.0.1:8441} (the
         * DynamicServiceOrchestration); it names the Event Handler only to a requester a {@code SERVICE_DEF} rule
         * on {@code eventPublish} / {@code eventSubscribe} grants. Give the {@link #identity} the cloud expects.
         */
        public Builder serviceOrchestration(final URI orchestrator) {
            this.serviceOrchestration = Objects.requireNonNull(orchestrator, "orchestrator");
            return this;
        }

        /**
         * Ask this Arrowhead 5 ServiceRegistry ({@code service-discovery/lookup}) after the orchestrators and the 4.6
         * Service Registry, e.g. {@code http://127.0.0.1:8443}: it names the Event Handler to any system when it is
         * registered with {@code unrestrictedDiscovery} (its default), without {@code SERVICE_DEF} rules.
         */
        public Builder serviceRegistry5(final URI serviceRegistry) {
            this.serviceRegistry5 = Objects.requireNonNull(serviceRegistry, "serviceRegistry");
            return this;
        }

        /** Arrowhead 5 orchestration flags, e.g. {@code MATCHMAKING} (default none). */
        public Builder serviceOrchestrationFlags(final Map<String, Boolean> flags) {
            this.serviceOrchestrationFlags = Map.copyOf(flags);
            return this;
        }

        /**
         * How the calls to the core systems name the requester in an Arrowhead 5 cloud
         * ({@link CallerIdentity#declared}, {@link IdentityTokens}); default none (the certificate, if any).
         */
        public Builder identity(final CallerIdentity identity) {
            this.identity = Objects.requireNonNull(identity, "identity");
            return this;
        }

        /** Ask this Service Registry next, e.g. {@code https://127.0.0.1:8443}. */
        public Builder serviceRegistry(final URI serviceRegistry) {
            this.serviceRegistry = Objects.requireNonNull(serviceRegistry, "serviceRegistry");
            return this;
        }

        /** Use this Event Handler base URI, e.g. {@code https://127.0.0.1:8455}, when no core system names one. */
        public Builder fallback(final URI baseUri) {
            return fallback(List.of(Objects.requireNonNull(baseUri, "baseUri")));
        }

        /** Use these Event Handler base URIs (primary first, then its backup) when no core system names one. */
        public Builder fallback(final List<URI> baseUris) {
            this.fallback = baseUris.stream()
                    .map(uri -> EventHandlerEndpoints.of(Objects.requireNonNull(uri, "baseUri")).baseUri()).toList();
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
