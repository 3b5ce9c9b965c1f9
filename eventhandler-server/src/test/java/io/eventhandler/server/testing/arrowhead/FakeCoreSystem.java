package io.eventhandler.server.testing.arrowhead;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.arrowhead.common.dto.shared.ErrorMessageDTO;
import eu.arrowhead.common.exception.ExceptionType;
import io.eventhandler.security.certs.ArrowheadName;
import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.testing.TestCloud;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.ssl.SSLEngineConfigurator;
import org.glassfish.grizzly.ssl.SSLUtils;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLPeerUnverifiedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A stand-in for an Arrowhead core system: a real Grizzly HTTP server on loopback, HTTPS with client certificates
 * required (its own certificate from {@link TestCloud}, trusting the test cloud) or plain HTTP. Requests are read into
 * the official Arrowhead DTO classes with unknown properties refused, so a field we send that Arrowhead lacks fails;
 * answers are the official DTOs written as Spring writes them; errors are the official {@code ErrorMessageDTO}.
 *
 * <p>In secure mode the caller is identified by its certificate's CN, as Arrowhead's access control filters do: a
 * CN that is not a system of this cloud gets 401 {@code AUTH}. (Certificates of another cloud do not even complete
 * the handshake, as the truststore holds only this cloud.)
 */
public abstract class FakeCoreSystem implements AutoCloseable {

    /** Reads requests: any property the official class lacks is an error. */
    protected static final ObjectMapper STRICT = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
    /** Writes answers as Spring's default Jackson does. */
    protected static final ObjectMapper SPRING = new ObjectMapper();

    /** The loopback address the doubles listen on and register themselves with. */
    public static final String ADDRESS = "127.0.0.1";

    private static final long HOLD_LIMIT_SECONDS = 30;
    private static final String CLOUD_CN = TestCloud.CLOUD + "." + TestCloud.OPERATOR + ".arrowhead.eu";

    private final String systemName;
    private final SSLContext sslContext;
    private volatile int port;
    /** Whether the port was chosen here and nobody has been told it yet: then a taken one can still be swapped. */
    private volatile boolean portPrivate;
    private final List<Recorded> requests = new CopyOnWriteArrayList<>();
    private HttpServer server;
    private volatile CountDownLatch gate;
    private volatile String heldMethod;
    private volatile String heldPathSuffix;

    /** One request as received ({@code arrivalNanos} from {@link System#nanoTime()}). */
    public record Recorded(String method, String path, String query, String body, String callerCommonName,
                           long arrivalNanos) {
    }

    /**
     * @param systemName its Arrowhead system name, e.g. {@code serviceregistry}
     * @param sslContext its TLS identity; null for plain HTTP
     * @param port       the port to listen on, 0 for a free one (fixed at construction, kept across restarts)
     */
    protected FakeCoreSystem(final String systemName, final SSLContext sslContext, final int port) {
        this.systemName = systemName;
        this.sslContext = sslContext;
        this.port = port != 0 ? port : freePort();
        this.portPrivate = port == 0;
    }

    /**
     * Listens (again). After a {@link #stop()} the port can take a moment to be free again (the old listener closes
     * asynchronously), so binding is retried for a few seconds, as a restarted core system would be.
     */
    public synchronized void start() {
        if (server != null) {
            return;
        }
        final IOException[] last = new IOException[1];
        // a free port chosen at construction can be taken by the time it is bound (another test's client socket
        // got it as its local port: seen once in a full run); nobody knows it yet, so take another
        for (int attempt = 0; attempt < 5 && portPrivate && !tryStart(last); attempt++) {
            port = freePort();
        }
        try {
            Awaitility.await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(50))
                    .until(() -> server != null || tryStart(last));
        } catch (final ConditionTimeoutException e) {
            throw new UncheckedIOException("fake " + systemName + " cannot listen on " + port, last[0]);
        }
    }

    private boolean tryStart(final IOException[] failure) {
        final HttpServer created = new HttpServer();
        final NetworkListener listener = new NetworkListener(systemName, ADDRESS, port);
        if (sslContext != null) {
            listener.setSecure(true);
            listener.setSSLEngineConfig(new SSLEngineConfigurator(sslContext, false, true, false));
        }
        created.addListener(listener);
        created.getServerConfiguration().addHttpHandler(new HttpHandler() {
            @Override
            public void service(final Request request, final Response response) throws Exception {
                serve(request, response);
            }
        }, "/");
        try {
            created.start();
        } catch (final IOException e) {
            failure[0] = e;
            created.shutdownNow();
            return false;
        }
        server = created;
        return true;
    }

    /** Stops listening; what it stores is kept. */
    public synchronized void stop() {
        if (server != null) {
            server.shutdownNow();
            server = null;
        }
    }

    public synchronized boolean isRunning() {
        return server != null;
    }

    @Override
    public void close() {
        stop();
    }

    public String systemName() {
        return systemName;
    }

    public int port() {
        portPrivate = false;
        return port;
    }

    public boolean isSecure() {
        return sslContext != null;
    }

    /** {@code http(s)://127.0.0.1:port}. */
    public URI baseUri() {
        return URI.create((isSecure() ? "https" : "http") + "://" + ADDRESS + ":" + port());
    }

    /** Every request received, oldest first. */
    public List<Recorded> requests() {
        return List.copyOf(requests);
    }

    /** Requests with this method whose path ends with {@code pathSuffix}. */
    public List<Recorded> requests(final String method, final String pathSuffix) {
        return requests.stream().filter(r -> r.method().equals(method) && r.path().endsWith(pathSuffix)).toList();
    }

    public void clearRequests() {
        requests.clear();
    }

    /** Holds every request from now on (recorded, not answered) until {@link #release()}. */
    public void hold() {
        hold(null, "");
    }

    /** Holds the requests with this method (null: any) whose path ends with {@code pathSuffix}. */
    public void hold(final String method, final String pathSuffix) {
        heldMethod = method;
        heldPathSuffix = pathSuffix;
        gate = new CountDownLatch(1);
    }

    /** Answers the held requests and stops holding. */
    public void release() {
        final CountDownLatch held = gate;
        gate = null;
        if (held != null) {
            held.countDown();
        }
    }

    /** Answers one request. */
    protected abstract void handle(Exchange exchange) throws IOException;

    private void serve(final Request request, final Response response) throws IOException {
        final long arrival = System.nanoTime();
        final String body = new String(request.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        final Optional<String> callerCn = isSecure() ? peerCommonName(request) : Optional.empty();
        requests.add(new Recorded(request.getMethod().getMethodString(), request.getRequestURI(),
                request.getQueryString(), body, callerCn.orElse(null), arrival));
        final CountDownLatch held = gate;
        if (held != null && (heldMethod == null || heldMethod.equals(request.getMethod().getMethodString()))
                && request.getRequestURI().endsWith(heldPathSuffix)) {
            try {
                held.await(HOLD_LIMIT_SECONDS, TimeUnit.SECONDS);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        final Exchange exchange = new Exchange(request, response, body, callerCn.flatMap(ArrowheadName::parseSystem));
        if (isSecure() && exchange.caller().filter(c -> c.belongsTo(CLOUD_CN)).isEmpty()) {
            exchange.error(401, ExceptionType.AUTH, "Unauthorized access: " + callerCn.orElse("(no certificate)")
                    + ", invalid certificate.", request.getRequestURI());
            return;
        }
        try {
            handle(exchange);
        } catch (final RuntimeException e) {
            exchange.error(500, ExceptionType.ARROWHEAD, e.toString(), request.getRequestURI());
        }
    }

    private static Optional<String> peerCommonName(final Request request) {
        final SSLEngine engine = SSLUtils.getSSLEngine(request.getConnection());
        if (engine == null) {
            return Optional.empty();
        }
        try {
            final Certificate[] chain = engine.getSession().getPeerCertificates();
            return chain.length == 0 ? Optional.empty() : ArrowheadName.commonName((X509Certificate) chain[0]);
        } catch (final SSLPeerUnverifiedException e) {
            return Optional.empty();
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(ADDRESS))) {
            return socket.getLocalPort();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A request being answered. */
    protected static final class Exchange {

        private final Request request;
        private final Response response;
        private final String body;
        private final Optional<SystemIdentity> caller;

        Exchange(final Request request, final Response response, final String body,
                 final Optional<SystemIdentity> caller) {
            this.request = request;
            this.response = response;
            this.body = body;
            this.caller = caller;
        }

        public String method() {
            return request.getMethod().getMethodString();
        }

        public String path() {
            return request.getRequestURI();
        }

        /** A query parameter, null if absent. */
        public String parameter(final String name) {
            return request.getParameter(name);
        }

        /** Who called (secure mode); empty in plain mode. */
        public Optional<SystemIdentity> caller() {
            return caller;
        }

        /** The caller's full CN, for messages. */
        public String callerCommonName() {
            return caller.map(SystemIdentity::commonName).orElse("");
        }

        /**
         * The body read strictly into an official Arrowhead class; on failure a 400 {@code BAD_PAYLOAD} is answered
         * and empty returned.
         */
        public <T> Optional<T> body(final Class<T> type) throws IOException {
            try {
                return Optional.ofNullable(STRICT.readValue(body, type));
            } catch (final JsonProcessingException e) {
                error(400, ExceptionType.BAD_PAYLOAD, "Unreadable " + type.getSimpleName() + ": "
                        + e.getOriginalMessage(), path());
                return Optional.empty();
            }
        }

        public void json(final int status, final Object value) throws IOException {
            final byte[] bytes = SPRING.writeValueAsBytes(value);
            response.setStatus(status);
            response.setContentType("application/json");
            response.setContentLength(bytes.length);
            response.getOutputStream().write(bytes);
        }

        public void text(final int status, final String value) throws IOException {
            final byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
            response.setStatus(status);
            response.setContentType("text/plain;charset=UTF-8");
            response.setContentLength(bytes.length);
            response.getOutputStream().write(bytes);
        }

        public void empty(final int status) {
            response.setStatus(status);
            response.setContentLength(0);
        }

        /** An Arrowhead error: the official {@code ErrorMessageDTO}. */
        public void error(final int status, final ExceptionType type, final String message, final String origin)
                throws IOException {
            json(status, new ErrorMessageDTO(message, status, type, origin));
        }
    }
}
