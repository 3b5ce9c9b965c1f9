package io.eventhandler.server.frontend;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.core.delivery.EdfScheduler;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.config.ResourceInUseException;
import io.eventhandler.server.config.ShutdownConfiguration;
import io.eventhandler.server.config.StreamConfiguration;
import io.eventhandler.server.delivery.QosManagementResource;
import io.eventhandler.server.engine.EngineManagementResource;
import io.eventhandler.server.history.HistoryResource;
import io.eventhandler.server.kafka.KafkaResource;
import io.eventhandler.server.http.ConnectionGuard;
import io.eventhandler.server.http.ConnectionStatistics;
import io.eventhandler.server.http.ErrorBodyHttpCodec;
import io.eventhandler.server.http.GrizzlyResponses;
import io.eventhandler.server.http.JsonErrorPages;
import io.eventhandler.server.http.RequestRouter;
import io.eventhandler.server.http.WholeRequestFilter;
import io.eventhandler.server.observability.EchoResource;
import io.eventhandler.server.observability.ObservabilityResource;
import io.eventhandler.server.observability.StatisticsResource;
import io.eventhandler.server.observability.StatusStream;
import io.eventhandler.server.publish.BatchPublishHandler;
import io.eventhandler.server.publish.PublishAcceptor;
import io.eventhandler.server.publish.PublishEntry;
import io.eventhandler.server.publish.PublishHandler;
import io.eventhandler.server.publish.PublishIntake;
import io.eventhandler.server.publish.PublishValidator;
import io.eventhandler.server.publish.PublisherRateLimiter;
import io.eventhandler.server.replication.ReplicationResource;
import io.eventhandler.server.runtime.Component;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.security.RenegotiationRefusal;
import io.eventhandler.server.security.ServerSecurity;
import io.eventhandler.server.sse.SseHandler;
import io.eventhandler.server.sse.StalledStreamMemory;
import io.eventhandler.server.subscription.SubscriptionManagementResource;
import io.eventhandler.server.subscription.SubscriptionResource;
import io.eventhandler.server.validation.RequestLimits;
import io.eventhandler.server.validation.TopicLimit;
import org.glassfish.grizzly.http.HttpServerFilter;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.nio.transport.TCPNIOTransport;
import org.glassfish.grizzly.ssl.SSLBaseFilter;
import org.glassfish.grizzly.ssl.SSLEngineConfigurator;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.strategies.SameThreadIOStrategy;
import org.glassfish.grizzly.strategies.WorkerThreadIOStrategy;
import org.glassfish.grizzly.threadpool.ThreadPoolConfig;
import org.glassfish.grizzly.utils.DelayedExecutor;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;

import java.io.IOException;
import java.net.BindException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The server's HTTP face: Grizzly with a configured worker pool (selector threads do I/O and, without TLS, serve
 * small publishes themselves; persistent connections without a request limit), Jersey serving every resource, and
 * in front of Jersey the router that hands the hot paths (publish, SSE, the status stream) to Grizzly handlers;
 * accepted SSE streams are taken over below the HTTP server. Built without listening; {@link #start()} listens.
 */
public final class HttpFrontEnd implements Component {

    /** The status page's update period. */
    private static final long STATUS_PERIOD_MS = 1_000;

    /**
     * The Jersey resources: every endpoint except the Grizzly hot paths, {@link #HOT_PATHS}, and those the local
     * cloud's own systems call ({@link Endpoints#cloudResources()}).
     */
    public static final Set<Class<?>> RESOURCE_CLASSES = Set.of(SubscriptionResource.class, EchoResource.class,
            StatisticsResource.class, SubscriptionManagementResource.class,
            EngineManagementResource.class, QosManagementResource.class, ReplicationResource.class,
            OpenApiResource.class, ObservabilityResource.class, HistoryResource.class, KafkaResource.class);
    /**
     * Served by Grizzly handlers ahead of Jersey: {@code POST} publish (single and batch), the {@code GET} SSE
     * stream and the status page's stream.
     */
    public static final Map<String, String> HOT_PATHS = Map.of(
            EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH, "POST",
            EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH_BATCH, "POST",
            EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION, "GET",
            EventHandlerApi.BASE_PATH + ObservabilityResource.STATUS_STREAM, "GET");

    private static final String PUBLISH_PATH = EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH;

    private final HttpConfiguration http;
    private final ServerSecurity security;
    private final ExecutorService codecTimerThread;
    /** Keep-alive timeouts of the HTTP codec (see {@link ErrorBodyHttpCodec}). */
    private final DelayedExecutor codecTimer;
    private final StatusStream statusStream;
    private final HttpServer server;
    private final long retryAfterSeconds;
    /** The publish path for the other entry points (MQTT), sharing the HTTP endpoints' intake. */
    private final PublishEntry publishEntry;
    private int port;

    /**
     * @param limits  what one request may carry
     * @param streams SSE streams' retry and heartbeat
     * @param stalls  what SSE streams that stopped taking writes hold, against its budget
     * @param mapper  Jackson with the JSON limits applied
     */
    public HttpFrontEnd(final HttpConfiguration http, final ShutdownConfiguration shutdown,
                        final LimitsConfiguration limits, final StreamConfiguration streams,
                        final StalledStreamMemory stalls,
                        final ServerSecurity security, final ObjectMapper mapper, final Endpoints endpoints,
                        final Runner runner) {
        this.http = http;
        this.retryAfterSeconds = shutdown.retryAfterSeconds();
        this.security = security;
        this.codecTimerThread = Executors.newSingleThreadExecutor(runner.threads("eh-http-timer"));
        this.codecTimer = new DelayedExecutor(codecTimerThread, 1, TimeUnit.SECONDS);
        codecTimer.start();
        final RequestLimits requestLimits = new RequestLimits(limits);
        final PublishValidator publishValidator = new PublishValidator(limits.timeStampToleranceSeconds(),
                requestLimits);
        final GrizzlyResponses responses = new GrizzlyResponses(mapper.writerFor(ErrorMessageDTO.class));
        this.statusStream = new StatusStream(endpoints.observed(), mapper.writer(), endpoints.metricsAccess(),
                responses, STATUS_PERIOD_MS, runner);
        this.server = createServer(JerseyResources.of(endpoints, security, limits, requestLimits, publishValidator,
                mapper));
        final NetworkListener listener = listener();
        configureListener(listener, limits, mapper.writerFor(ErrorMessageDTO.class));
        final boolean selectorsServe = publishOnSelector(endpoints);
        final SpinningSelectorHandler selectors = new SpinningSelectorHandler(http.selectorSpinMicros());
        configureTransport(listener.getTransport(), endpoints, selectorsServe, selectors);
        final TopicLimit topics = new TopicLimit(endpoints.broker(),
                limits.effectiveMaxTopics(Runtime.getRuntime().maxMemory()));
        final SseHandler sse = new SseHandler(endpoints.broker(), mapper, responses, streams, endpoints.access(),
                endpoints.authorizer(), requestLimits, topics, endpoints.delivery()::admit, endpoints.problems(),
                limits.effectiveMaxSseStreams(Runtime.getRuntime().maxMemory(), security.secure()), stalls,
                endpoints.stages());
        // one intake for both publish endpoints: a publisher's rate limit counts its single and batched events
        final PublishIntake intake = new PublishIntake(publishValidator, responses, endpoints.access(),
                new PublisherRateLimiter(limits.publishEventsPerSecond(), limits.publishBytesPerSecond()), topics);
        final PublishAcceptor acceptor = new PublishAcceptor(endpoints.broker(), responses,
                topic -> endpoints.delivery().plans().plan(topic).effective().retention(), endpoints.history(),
                endpoints.stages(), new PublishAcceptor.Fence(endpoints.replication()::acknowledging,
                endpoints.replication()::refusedByFence), endpoints.replication()::isHeldCopy);
        this.publishEntry = new PublishEntry(intake, acceptor);
        final EdfScheduler dispatches = endpoints.delivery().scheduler().scheduler();
        route(Map.of(
                EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION, sse,
                EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH,
                new PublishHandler(intake, acceptor, mapper.reader(), dispatches, selectors::waitedRecently,
                        limits.maxBodyBytes()),
                EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH_BATCH,
                new BatchPublishHandler(intake, acceptor, mapper.reader(), dispatches, selectors::waitedRecently,
                        limits.publishBatchMax(),
                        Math.max(limits.publishBatchMaxBytes(), limits.maxBodyBytes()))), responses, endpoints,
                selectorsServe);
        // accepted SSE streams are served below the HTTP server, which would keep each one's whole request
        listener.registerAddOn((networkListener, builder) -> builder.add(
                builder.indexOfType(HttpServerFilter.class) + 1, sse.takeover(endpoints.replication()::serving)));
        guardConnections(listener, limits, mapper.writerFor(ErrorMessageDTO.class), endpoints, runner);
    }

    /**
     * Connection limits and the request deadline at the bottom of the chain (below TLS), and above the codec the
     * filter that hands a request to a worker only once it has arrived whole; TLS renegotiation refused.
     */
    private void guardConnections(final NetworkListener listener, final LimitsConfiguration limits,
                                  final ObjectWriter errorWriter, final Endpoints endpoints, final Runner runner) {
        final ConnectionStatistics statistics = endpoints.observed().connections();
        final ConnectionGuard guard = new ConnectionGuard(http.effectiveMaxConnections(),
                http.effectiveMaxConnectionsPerAddress(), http.requestTimeoutMs(), statistics);
        final long largestBody = Math.max(Math.max(limits.maxBodyBytes(), limits.publishBatchMaxBytes()),
                endpoints.replication().batchBodyMaxBytes());
        final WholeRequestFilter whole = new WholeRequestFilter(largestBody, http.requestTimeoutMs(), errorWriter,
                statistics);
        listener.registerAddOn((networkListener, builder) -> {
            final int tls = builder.indexOfType(SSLBaseFilter.class);
            if (tls >= 0) {
                ((SSLBaseFilter) builder.get(tls)).addHandshakeListener(new RenegotiationRefusal(statistics));
            }
            builder.add(1, guard); // right above the transport filter
            builder.add(builder.indexOfType(HttpServerFilter.class) + 1, whole);
        });
        guard.startSweeping(runner.timer("eh-http-deadline", Duration.ofSeconds(1)));
    }

    private HttpServer createServer(final org.glassfish.jersey.server.ResourceConfig resources) {
        final URI uri = URI.create(scheme() + "://" + host(http.address()) + ":" + http.port() + "/");
        return security.identity().isPresent()
                // mutual TLS as Arrowhead core systems run it (server.ssl.client-auth=need); "want" stays off:
                // Grizzly sets it after "need", and on a JDK SSLEngine that turns a required certificate optional
                ? GrizzlyHttpServerFactory.createHttpServer(uri, resources, true,
                        new SSLEngineConfigurator(security.identity().get().sslContext(), false, true, false), false)
                : GrizzlyHttpServerFactory.createHttpServer(uri, resources, false);
    }

    private void configureListener(final NetworkListener listener, final LimitsConfiguration limits,
                                   final ObjectWriter errorWriter) {
        listener.getKeepAlive().setMaxRequestsCount(-1);
        listener.setMaxHttpHeaderSize(limits.maxHeaderBytes());
        listener.registerAddOn(ErrorBodyHttpCodec.installer(codecTimer, errorWriter));
        listener.registerAddOn(TlsFailureAlert.installer());
        listener.setDefaultErrorPageGenerator(new JsonErrorPages(errorWriter));
        server.getServerConfiguration().setDefaultErrorPageGenerator(new JsonErrorPages(errorWriter));
        // TRACE reaches the handlers, which refuse it with an ErrorMessageDTO like any other unsupported method
        listener.setTraceEnabled(true);
        // A body on GET or DELETE is ignored, as Spring (stock Arrowhead) does; Grizzly would answer a bare 400.
        server.getServerConfiguration().setAllowPayloadForUndefinedHttpMethods(true);
        // An unread body (refused request) is swallowed to keep the connection only up to the body limit; a longer
        // one closes the connection instead of being read to its end.
        server.getServerConfiguration().setMaxPayloadRemainderToSkip(limits.maxBodyBytes());
    }

    /**
     * Whether the selectors serve small publishes themselves: only without TLS (a selector must never run a
     * handshake or decrypt for a connection it is not serving) and without identified callers (Arrowhead 5's
     * outsourced identity asks the Authentication system about a new token), without the fence (a publish may wait
     * for a lapsed lease before its answer), and without {@code eh.history.sync} (every publish waits for the
     * commit).
     */
    private boolean publishOnSelector(final Endpoints endpoints) {
        return http.publishOnSelector() && !security.secure() && !endpoints.access().isSecure()
                && !endpoints.replication().fencing() && !endpoints.history().syncByDefault();
    }

    /** The requests a selector serves itself when {@link #publishOnSelector}: a small single publish. */
    private static boolean servedOnSelector(final Request request) {
        return PUBLISH_PATH.equals(request.getRequestURI()) && PublishHandler.servableOnSelector(request);
    }

    private void configureTransport(final TCPNIOTransport transport, final Endpoints endpoints,
                                    final boolean publishOnSelector, final SpinningSelectorHandler selectors) {
        transport.setTcpNoDelay(true);
        // With selectors serving publishes, each request is parsed on the selector that read it, which serves a
        // small publish there (no hand-off, no wake-up of a worker) and hands every other request to a worker
        // (RequestRouter). Otherwise parse and serve on the worker that read the bytes: selector threads then only
        // select, and Grizzly's per-thread Request cache is refilled by the thread that empties it (a request parsed
        // on one thread and finished on another allocates ~30 KB of fresh Request objects).
        transport.setIOStrategy(publishOnSelector ? SameThreadIOStrategy.getInstance()
                : WorkerThreadIOStrategy.getInstance());
        transport.setSelectorRunnersCount(http.selectorThreads());
        transport.setSelectorHandler(selectors);
        final ThreadPoolConfig workers = ThreadPoolConfig.defaultConfig()
                .setPoolName("eh-worker")
                .setCorePoolSize(http.workerThreads())
                .setMaxPoolSize(http.workerThreads());
        workers.getInitialMonitoringConfig().addProbes(endpoints.observed().httpWorkers());
        transport.setWorkerThreadPoolConfig(workers);
    }

    /**
     * Jersey is the only handler registered yet; the router takes its place and hands it what is not publish, SSE
     * or the status stream (the Grizzly ServerConfiguration, not ours: hence the full name).
     */
    private void route(final Map<String, HttpHandler> hotPaths, final GrizzlyResponses responses,
                       final Endpoints endpoints, final boolean selectorsServe) {
        final Predicate<Request> onSelector = selectorsServe ? HttpFrontEnd::servedOnSelector : request -> false;
        final org.glassfish.grizzly.http.server.ServerConfiguration handlers = server.getServerConfiguration();
        Map.copyOf(handlers.getHttpHandlersWithMapping()).forEach((jersey, registrations) -> {
            handlers.removeHttpHandler(jersey);
            handlers.addHttpHandler(new RequestRouter(hotPaths,
                    Map.of(EventHandlerApi.BASE_PATH + ObservabilityResource.STATUS_STREAM, statusStream),
                    jersey, responses, endpoints.replication()::serving, endpoints.replication()::fenced,
                    endpoints.replication()::refusedByFence, endpoints.intake(), retryAfterSeconds,
                    endpoints.problems(), onSelector), registrations);
        });
    }

    /**
     * Starts the HTTP server, and its listener last. {@code HttpServer.start()} starts its listeners (they accept
     * and answer at once) before it installs the HTTP handlers: a request accepted in between was answered with
     * Grizzly's HTML 404. A listener added to a running server gets its filter chain, add-ons included (the error
     * codec, the SSE takeover, TLS), and starts with every handler already in place.
     */
    @Override
    public void start() {
        final NetworkListener listener = listener();
        try {
            server.removeListener(listener.getName());
            server.start();
            server.addListener(listener);
            if (!listener.isStarted()) {
                // addListener only logs a listener that failed to start; starting it again throws why (port taken...)
                listener.start();
            }
        } catch (final BindException e) {
            throw ResourceInUseException.port(http.address(), http.port(), e);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot listen on " + http.address() + ":" + http.port(), e);
        }
        this.port = listener.getPort();
    }

    private NetworkListener listener() {
        return server.getListeners().iterator().next();
    }

    /** Publishing as the HTTP endpoints do it, with their intake (a publisher's rate limit counts both). */
    public PublishEntry publishEntry() {
        return publishEntry;
    }

    /** The port it listens on (the real one when configured with 0), once started. */
    public int port() {
        return port;
    }

    /** {@code http://address:port} ({@code https} in secure mode), without a trailing slash. */
    public URI baseUri() {
        return URI.create(scheme() + "://" + host(http.address()) + ":" + port);
    }

    private String scheme() {
        return security.secure() ? "https" : "http";
    }

    private static String host(final String address) {
        return address.contains(":") && !address.startsWith("[") ? "[" + address + "]" : address;
    }

    /**
     * Closes the status page's streams and the listener with every connection. The subscriber streams are closed
     * before (the lifecycle ends them first): a graceful Grizzly shutdown would wait for the suspended SSE responses
     * the delivery threads are still finishing, and racing it with shutdownNow logs errors.
     */
    @Override
    public void close() {
        statusStream.close();
        server.shutdownNow();
        codecTimer.destroy();
        codecTimerThread.shutdownNow();
    }
}
