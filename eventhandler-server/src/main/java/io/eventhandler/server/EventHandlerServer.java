package io.eventhandler.server;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.api.engine.OperatorGraphDTO;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.engine.graph.GraphException;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.server.arrowhead.ArrowheadSubscriptionAuthorizer;
import io.eventhandler.server.arrowhead.AuthorizationUpdateResource;
import io.eventhandler.server.arrowhead.CoreSystems;
import io.eventhandler.server.calibration.CalibrationSession;
import io.eventhandler.server.config.ConfigurationException;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.delivery.DeliveryService;
import io.eventhandler.server.delivery.QosManagementResource;
import io.eventhandler.server.engine.EngineManagementResource;
import io.eventhandler.server.engine.EngineService;
import io.eventhandler.server.engine.GraphDocuments;
import io.eventhandler.server.frontend.OpenApiResource;
import io.eventhandler.server.history.HistoryResource;
import io.eventhandler.server.history.HistoryService;
import io.eventhandler.server.http.BodySizeLimitFilter;
import io.eventhandler.server.http.ErrorBodyFilter;
import io.eventhandler.server.http.ErrorBodyHttpCodec;
import io.eventhandler.server.http.ErrorMappers;
import io.eventhandler.server.http.GrizzlyResponses;
import io.eventhandler.server.http.JsonLimits;
import io.eventhandler.server.http.ObjectMapperResolver;
import io.eventhandler.server.http.RequestRouter;
import io.eventhandler.server.observability.EchoResource;
import io.eventhandler.server.observability.EventHandlerMetrics;
import io.eventhandler.server.observability.GrizzlyWorkerProbe;
import io.eventhandler.server.observability.MetricsAccess;
import io.eventhandler.server.observability.ObservabilityResource;
import io.eventhandler.server.observability.ObservedState;
import io.eventhandler.server.observability.StatisticsResource;
import io.eventhandler.server.observability.StatusStream;
import io.eventhandler.server.publish.BatchPublishHandler;
import io.eventhandler.server.publish.EventDtoEncoder;
import io.eventhandler.server.publish.PublishAcceptor;
import io.eventhandler.server.publish.PublishHandler;
import io.eventhandler.server.publish.PublishIntake;
import io.eventhandler.server.publish.PublishValidator;
import io.eventhandler.server.publish.PublisherRateLimiter;
import io.eventhandler.server.replication.ReplicationResource;
import io.eventhandler.server.replication.ReplicationService;
import io.eventhandler.server.runtime.NamedThreadFactory;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.security.ServerIdentity;
import io.eventhandler.server.security.ServerTls;
import io.eventhandler.server.sse.SseHandler;
import io.eventhandler.server.sse.SseHeartbeat;
import io.eventhandler.server.store.SubscriptionStore;
import io.eventhandler.server.subscription.LocalAuthorizationPolicy;
import io.eventhandler.server.subscription.StartupAuthorizationCheck;
import io.eventhandler.server.subscription.SubscriptionAuthorizer;
import io.eventhandler.server.subscription.SubscriptionManagementResource;
import io.eventhandler.server.subscription.SubscriptionResource;
import io.eventhandler.server.subscription.SubscriptionValidator;
import io.eventhandler.server.subscription.Subscriptions;
import io.eventhandler.server.validation.RequestLimits;
import io.eventhandler.server.webhook.WebhookDispatcher;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.nio.transport.TCPNIOTransport;
import org.glassfish.grizzly.ssl.SSLEngineConfigurator;
import org.glassfish.grizzly.strategies.WorkerThreadIOStrategy;
import org.glassfish.grizzly.threadpool.ThreadPoolConfig;
import org.glassfish.grizzly.utils.DelayedExecutor;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.internal.inject.AbstractBinder;
import org.glassfish.jersey.jackson.JacksonFeature;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The running Event Handler: Grizzly with a configured worker pool (selector threads do I/O only, persistent
 * connections without a request limit), Jersey serving the Arrowhead API, a Grizzly handler serving SSE streams, the
 * broker, and the delivery pool that drains subscriber queues.
 */
public final class EventHandlerServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EventHandlerServer.class);
    /** The status page's update period. */
    private static final long STATUS_PERIOD_MS = 1_000;

    /** The Jersey resources: every endpoint except the Grizzly hot paths, {@link #HOT_PATHS}. */
    public static final Set<Class<?>> RESOURCE_CLASSES = Set.of(SubscriptionResource.class, EchoResource.class, StatisticsResource.class,
            AuthorizationUpdateResource.class, SubscriptionManagementResource.class, EngineManagementResource.class,
            QosManagementResource.class, ReplicationResource.class, OpenApiResource.class,
            ObservabilityResource.class, HistoryResource.class);
    /**
     * Served by Grizzly handlers ahead of Jersey: {@code POST} publish (single and batch), the {@code GET} SSE
     * stream and the status page's stream.
     */
    public static final Map<String, String> HOT_PATHS = Map.of(
            EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH, "POST",
            EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH_BATCH, "POST",
            EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION, "GET",
            EventHandlerApi.BASE_PATH + ObservabilityResource.STATUS_STREAM, "GET");

    private final ServerConfiguration configuration;
    private final Optional<ServerIdentity> identity;
    private final AccessControl access;
    private final ExecutorService deliveryPool;
    private final DeliveryService delivery;
    private final ReplicationService replication;
    private final Broker broker;
    private final HistoryService history;
    private final WebhookDispatcher webhooks;
    private final EngineService engine;
    private final SubscriptionStore store;
    private final Optional<CoreSystems> coreSystems;
    private final SubscriptionAuthorizer authorizer;
    private final Subscriptions subscriptions;
    private final HttpServer httpServer;
    /** Keep-alive timeouts of the HTTP codec (see {@link ErrorBodyHttpCodec}). */
    private final DelayedExecutor codecTimer = new DelayedExecutor(
            Executors.newSingleThreadExecutor(new NamedThreadFactory("eh-http-timer")), 1, TimeUnit.SECONDS);
    private final SseHeartbeat heartbeat;
    private final int port;
    private final CalibrationSession calibration;
    private final DeliveryProblemLog problems;
    private final GrizzlyWorkerProbe httpWorkers = new GrizzlyWorkerProbe();
    private final EventHandlerMetrics metrics;
    private final MetricsAccess metricsAccess;
    /** Created with the HTTP server, which it is a handler of. */
    private StatusStream statusStream;

    private EventHandlerServer(final ServerConfiguration configuration) {
        this.configuration = configuration;
        this.calibration = CalibrationSession.begin(configuration.calibration());
        this.identity = configuration.tls().enabled()
                ? Optional.of(ServerTls.load(configuration.tls())) : Optional.empty();
        this.access = identity.map(AccessControl::secure).orElseGet(AccessControl::open);
        this.metricsAccess = new MetricsAccess(access, configuration.observability());
        this.problems = DeliveryProblemLog.start(configuration.observability().logRepeatIntervalMs(),
                configuration.observability().logMaxLines());
        final ObjectMapper mapper = JsonLimits.apply(JsonMapper.create(), configuration.limits());
        this.deliveryPool = new ThreadPoolExecutor(configuration.deliveryThreads(), configuration.deliveryThreads(),
                0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), new NamedThreadFactory("eh-delivery"));
        this.replication = new ReplicationService(configuration.replication(),
                configuration.delivery().latencies().failoverMicros(), identity.map(ServerIdentity::sslContext).orElse(null), configuration.tls().hostnameVerification(),
                mapper);
        this.delivery = new DeliveryService(configuration.delivery(), deliveryPool, configuration.deliveryThreads(),
                replication, problems);
        try {
            delivery.loadTopics(mapper);
        } catch (final RuntimeException e) {
            deliveryPool.shutdownNow();
            problems.close();
            throw e;
        }
        this.broker = new Broker(HistoryService.brokerSettings(configuration.history(), configuration.historySize(),
                configuration.subscriberQueueCapacity(), configuration.deliveryBatchMax()),
                new EventDtoEncoder(mapper), delivery.scheduler().drainExecutor(), delivery.scheduler().scheduler(),
                delivery.scheduler().accounting());
        // the kept history is back in the broker before anything can be published or derived
        this.history = new HistoryService(configuration.history(), configuration.historySize(), broker);
        history.start();
        delivery.start(broker);
        this.engine = new EngineService(broker, self(configuration, identity), configuration.engineWorkers());
        loadGraphFile(configuration, mapper);
        this.webhooks = new WebhookDispatcher(configuration, broker,
                identity.map(ServerIdentity::sslContext).orElse(null), problems);
        this.store = SubscriptionStore.open(configuration.store());
        this.coreSystems = configuration.arrowhead().standalone() ? Optional.empty()
                : Optional.of(CoreSystems.create(configuration.arrowhead(), configuration.tls(),
                        identity.map(ServerIdentity::sslContext).orElse(null), mapper));
        this.authorizer = coreSystems.<SubscriptionAuthorizer>map(
                core -> new ArrowheadSubscriptionAuthorizer(core.authorization()))
                .orElseGet(() -> localPolicy(configuration));
        this.subscriptions = new Subscriptions(store, broker, webhooks, authorizer,
                configuration.timeStampToleranceSeconds());
        replication.bind(broker, subscriptions, delivery.plans(), engine);
        this.metrics = new EventHandlerMetrics(new ObservedState(broker, delivery.scheduler(), replication,
                httpWorkers), configuration.observability().metricsTopicLimit());
        codecTimer.start();
        this.httpServer = createHttpServer(configuration, mapper);
        try {
            // stored subscriptions are attached before the first publish is accepted: nothing published after a
            // restart misses a subscriber that was there before it
            subscriptions.restore().join();
            listen();
        } catch (final IOException e) {
            httpServer.shutdownNow();
            coreSystems.ifPresent(CoreSystems::close);
            closeQuietly();
            throw new UncheckedIOException("cannot listen on " + configuration.address() + ":"
                    + configuration.port(), e);
        }
        this.port = listener().getPort();
        replication.start();
        coreSystems.ifPresent(core -> {
            core.startRegistration(port);
            new StartupAuthorizationCheck(subscriptions, configuration.arrowhead()).start();
        });
        this.heartbeat = new SseHeartbeat(broker, configuration.sseHeartbeatIntervalMs(),
                configuration.sseStallTimeoutMs(), problems);
        LOG.info("Event Handler listening on {} (workers {}, delivery threads {}){}", baseUri(),
                configuration.workerThreads(), configuration.deliveryThreads(),
                identity.map(i -> " as " + i.system().commonName() + ", client certificates required").orElse(""));
    }

    /** The Event Handler as the source of derived events: its certificate's name, at its registered address. */
    private static SystemRef self(final ServerConfiguration configuration, final Optional<ServerIdentity> identity) {
        final int port = configuration.arrowhead().domainPort() != 0 ? configuration.arrowhead().domainPort()
                : configuration.port();
        return SystemRef.of(identity.map(i -> i.system().systemName()).orElse("eventhandler"),
                configuration.arrowhead().domainName(), port);
    }

    private void loadGraphFile(final ServerConfiguration configuration, final ObjectMapper mapper) {
        if (configuration.engineGraphFile().isEmpty()) {
            return;
        }
        final Path file = Path.of(configuration.engineGraphFile());
        try {
            engine.load(GraphDocuments.toSpec(mapper.readValue(file.toFile(), OperatorGraphDTO.class)));
        } catch (final IOException | IllegalArgumentException e) {
            engine.close();
            throw new ConfigurationException(List.of(ServerConfiguration.ENGINE_GRAPH + "=" + file + ": "
                    + e.getMessage()));
        } catch (final GraphException e) {
            engine.close();
            throw new ConfigurationException(e.problems().stream()
                    .map(problem -> ServerConfiguration.ENGINE_GRAPH + "=" + file + ": " + problem).toList());
        }
    }

    private static SubscriptionAuthorizer localPolicy(final ServerConfiguration configuration) {
        try {
            return LocalAuthorizationPolicy.parse(configuration.arrowhead().localAuthorizationRules());
        } catch (final IllegalArgumentException e) {
            throw new ConfigurationException(List.of(ServerConfiguration.LOCAL_AUTHORIZATION_RULES + ": "
                    + e.getMessage()));
        }
    }

    /** Start a server with this configuration; it listens when this returns. */
    public static EventHandlerServer start(final ServerConfiguration configuration) {
        return new EventHandlerServer(configuration);
    }

    private HttpServer createHttpServer(final ServerConfiguration config, final ObjectMapper mapper) {
        final RequestLimits limits = new RequestLimits(config.limits());
        final ResourceConfig resources = new ResourceConfig()
                // The resource classes with their collaborators bound, not instances: Jersey would warn about an
                // instance that "implements no provider interface" (jersey#3700).
                .registerClasses(RESOURCE_CLASSES)
                .register(new AbstractBinder() {
                    @Override
                    protected void configure() {
                        bind(broker).to(Broker.class);
                        bind(limits).to(RequestLimits.class);
                        bind(new SubscriptionValidator(config.timeStampToleranceSeconds(), limits, delivery::admit))
                                .to(SubscriptionValidator.class);
                        bind(delivery).to(DeliveryService.class);
                        bind(subscriptions).to(Subscriptions.class);
                        bind(engine).to(EngineService.class);
                        bind(new PublishValidator(config.timeStampToleranceSeconds(), limits))
                                .to(PublishValidator.class);
                        bind(access).to(AccessControl.class);
                        bind(replication).to(ReplicationService.class);
                        bind(metrics).to(EventHandlerMetrics.class);
                        bind(metricsAccess).to(MetricsAccess.class);
                        bind(history).to(HistoryService.class);
                        bind(identity.map(i -> i.system().systemName()).orElse("eventhandler"))
                                .named(ReplicationResource.SELF).to(String.class);
                    }
                })
                .register(JacksonFeature.withoutExceptionMappers())
                .register(new ObjectMapperResolver(mapper))
                .register(new BodySizeLimitFilter(config.maxBodyBytes(), Map.of(ReplicationResource.BATCH_PATH,
                        (long) config.replication().bodyMaxBytes())))
                .registerClasses(ErrorMappers.all())
                .register(ErrorBodyFilter.class)
                .property(ServerProperties.WADL_FEATURE_DISABLE, true);
        final URI uri = URI.create(scheme() + "://" + host(config.address()) + ":" + config.port() + "/");
        final HttpServer server = identity.isPresent()
                // mutual TLS as Arrowhead core systems run it (server.ssl.client-auth=need); "want" stays off:
                // Grizzly sets it after "need", and on a JDK SSLEngine that turns a required certificate optional
                ? GrizzlyHttpServerFactory.createHttpServer(uri, resources, true,
                        new SSLEngineConfigurator(identity.get().sslContext(), false, true, false), false)
                : GrizzlyHttpServerFactory.createHttpServer(uri, resources, false);
        final NetworkListener listener = server.getListeners().iterator().next();
        listener.getKeepAlive().setMaxRequestsCount(-1);
        listener.setMaxHttpHeaderSize(config.limits().maxHeaderBytes());
        final ObjectWriter errorWriter = mapper.writerFor(ErrorMessageDTO.class);
        listener.registerAddOn(ErrorBodyHttpCodec.installer(codecTimer, errorWriter));
        // TRACE reaches the handlers, which refuse it with an ErrorMessageDTO like any other unsupported method
        listener.setTraceEnabled(true);
        // A body on GET or DELETE is ignored, as Spring (stock Arrowhead) does; Grizzly would answer a bare 400.
        server.getServerConfiguration().setAllowPayloadForUndefinedHttpMethods(true);
        // An unread body (refused request) is swallowed to keep the connection only up to the body limit; a longer
        // one closes the connection instead of being read to its end.
        server.getServerConfiguration().setMaxPayloadRemainderToSkip(config.maxBodyBytes());
        final TCPNIOTransport transport = listener.getTransport();
        transport.setTcpNoDelay(true);
        // Parse and serve on the worker that read the bytes: selector threads then only select, and Grizzly's
        // per-thread Request cache is refilled by the thread that empties it (with the listener's default
        // same-thread strategy every request allocated ~30 KB of fresh Request objects).
        transport.setIOStrategy(WorkerThreadIOStrategy.getInstance());
        transport.setSelectorRunnersCount(config.selectorThreads());
        final ThreadPoolConfig workers = ThreadPoolConfig.defaultConfig()
                .setPoolName("eh-worker")
                .setCorePoolSize(config.workerThreads())
                .setMaxPoolSize(config.workerThreads());
        workers.getInitialMonitoringConfig().addProbes(httpWorkers);
        transport.setWorkerThreadPoolConfig(workers);
        final GrizzlyResponses responses = new GrizzlyResponses(errorWriter);
        statusStream = new StatusStream(new ObservedState(broker, delivery.scheduler(), replication, httpWorkers),
                mapper.writer(), metricsAccess, responses, STATUS_PERIOD_MS);
        final SseHandler sse = new SseHandler(broker, mapper, responses, config.sseRetryMs(),
                config.sseHeartbeatIntervalMs(), access, authorizer, limits, delivery::admit, problems,
                config.limits().effectiveMaxSseStreams(Runtime.getRuntime().maxMemory(), identity.isPresent()),
                calibration.recorder());
        // one intake for both publish endpoints: a publisher's rate limit counts its single and batched events
        final PublishIntake intake = new PublishIntake(
                new PublishValidator(config.timeStampToleranceSeconds(), limits), responses, access,
                new PublisherRateLimiter(config.limits().publishEventsPerSecond(),
                        config.limits().publishBytesPerSecond()));
        final PublishAcceptor acceptor = new PublishAcceptor(broker, responses,
                topic -> delivery.plans().plan(topic).effective().retention(), history, calibration.recorder());
        final PublishHandler publish = new PublishHandler(intake, acceptor, mapper.reader(), config.maxBodyBytes());
        final BatchPublishHandler publishBatch = new BatchPublishHandler(intake, acceptor, mapper.reader(),
                config.limits().publishBatchMax(),
                Math.max(config.limits().publishBatchMaxBytes(), config.maxBodyBytes()));
        // Jersey is the only handler registered yet; the router takes its place and hands it what is not SSE or
        // publish (the Grizzly ServerConfiguration, not ours: hence the full name)
        final org.glassfish.grizzly.http.server.ServerConfiguration handlers = server.getServerConfiguration();
        Map.copyOf(handlers.getHttpHandlersWithMapping()).forEach((jersey, registrations) -> {
            handlers.removeHttpHandler(jersey);
            handlers.addHttpHandler(new RequestRouter(Map.of(
                    EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION, sse,
                    EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH, publish,
                    EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH_BATCH, publishBatch),
                    Map.of(EventHandlerApi.BASE_PATH + ObservabilityResource.STATUS_STREAM, statusStream),
                    jersey, responses, replication::serving), registrations);
        });
        // accepted SSE streams are served below the HTTP server, which would keep each one's whole request
        listener.registerAddOn((networkListener, builder) -> builder.add(
                builder.indexOfType(org.glassfish.grizzly.http.HttpServerFilter.class) + 1,
                sse.takeover(replication::serving)));
        return server;
    }


    /**
     * Starts the HTTP server, and its listener last. {@code HttpServer.start()} starts its listeners (they accept
     * and answer at once) before it installs the HTTP handlers: a request accepted in between was answered with
     * Grizzly's HTML 404. A listener added to a running server gets its filter chain, add-ons included (the error
     * codec, the SSE takeover, TLS), and starts with every handler already in place.
     */
    private void listen() throws IOException {
        final NetworkListener listener = listener();
        httpServer.removeListener(listener.getName());
        httpServer.start();
        httpServer.addListener(listener);
        if (!listener.isStarted()) {
            // addListener only logs a listener that failed to start; starting it again throws why (port taken...)
            listener.start();
        }
    }

    private NetworkListener listener() {
        return httpServer.getListeners().iterator().next();
    }

    /** The port it listens on (the real one when configured with 0). */
    public int port() {
        return port;
    }

    /** {@code http://address:port} ({@code https} in secure mode), without a trailing slash. */
    public URI baseUri() {
        return URI.create(scheme() + "://" + host(configuration.address()) + ":" + port);
    }

    /** The Event Handler's own certificate identity; empty in plain mode. */
    public Optional<ServerIdentity> identity() {
        return identity;
    }

    private String scheme() {
        return identity.isPresent() ? "https" : "http";
    }

    private static String host(final String address) {
        return address.contains(":") && !address.startsWith("[") ? "[" + address + "]" : address;
    }

    public ServerConfiguration configuration() {
        return configuration;
    }

    public Broker broker() {
        return broker;
    }

    /** The EDF delivery: its job queue, workers and per-topic plans. */
    public DeliveryService delivery() {
        return delivery;
    }

    /** Stop listening, close every stream and subscription, and stop the pools. */
    @Override
    public void close() {
        // first leave the Service Registry, so that nobody is sent here while the rest stops
        coreSystems.ifPresent(CoreSystems::close);
        engine.close();
        if (heartbeat != null) {
            heartbeat.close();
        }
        replication.close();
        if (statusStream != null) {
            statusStream.close();
        }
        broker.close();
        // Streams and subscriptions are closed above; a graceful Grizzly shutdown would wait for the suspended
        // SSE responses the delivery threads are still finishing, and racing it with shutdownNow logs errors.
        httpServer.shutdownNow();
        closeQuietly();
        calibration.finish();
        LOG.info("Event Handler on port {} stopped", port);
    }

    private void closeQuietly() {
        if (subscriptions != null) {
            subscriptions.close();
        }
        if (store != null) {
            store.close();
        }
        webhooks.close();
        delivery.close();
        if (metrics != null) {
            metrics.close();
        }
        problems.close();
        // after the listener and the pools: what was accepted until the end is written
        if (history != null) {
            history.close();
        }
        deliveryPool.shutdownNow();
        codecTimer.destroy();
    }
}
