package io.eventhandler.server.testing.arrowhead;

import eu.arrowhead.common.CommonConstants;
import eu.arrowhead.common.dto.shared.EventPublishRequestDTO;
import eu.arrowhead.common.dto.shared.ServiceRegistryRequestDTO;
import eu.arrowhead.common.dto.shared.SystemRequestDTO;
import eu.arrowhead.common.dto.shared.SystemResponseDTO;
import eu.arrowhead.common.exception.ExceptionType;
import io.eventhandler.security.certs.Pkcs12Stores;
import io.eventhandler.server.testing.TestCloud;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An Authorization system's subscription check ({@code POST /authorization/subscription/check}), checking what the
 * Arrowhead 4.6 one checks ({@code AuthorizationController}, {@code AuthAccessControlFilter},
 * {@code AuthorizationDBService.checkAuthorizationSubscriptionRequest}): only {@code eventhandler} of the cloud may
 * call it; the consumer must be a known system; the answer is the consumer with its database id and every provider
 * of an intra-cloud rule whose consumer it is.
 *
 * <p>Test controls: systems ({@link #addSystem}) and rules ({@link #allow}, {@link #deny}), a failure mode
 * ({@link #failWith(int)}), the number of checks, and {@link #sendAuthUpdate} to play the Authorization's
 * {@code SUBSCRIBER_AUTH_UPDATE} publication towards an Event Handler.
 */
public final class FakeAuthorization extends FakeCoreSystem {

    public static final String SUBSCRIPTION_CHECK = CommonConstants.AUTHORIZATION_URI
            + CommonConstants.OP_AUTH_SUBSCRIPTION_CHECK_URI;
    /** The service definition the Authorization registers for the check. */
    public static final String SUBSCRIPTION_CHECK_SERVICE = CommonConstants.CORE_SERVICE_AUTH_CONTROL_SUBSCRIPTION;
    public static final String AUTH_UPDATE_EVENT_TYPE = "SUBSCRIBER_AUTH_UPDATE";

    private final Map<Long, SystemResponseDTO> systems = new LinkedHashMap<>();
    /** consumer id → provider ids with an intra-cloud rule (of any service). */
    private final Map<Long, Set<Long>> rules = new LinkedHashMap<>();
    private long nextId = 1;
    private volatile int failureStatus;

    private FakeAuthorization(final SSLContext sslContext) {
        super("authorization", sslContext, 0);
    }

    /** Secure, as {@code authorization} of the test cloud; not started. */
    public static FakeAuthorization secure() {
        return new FakeAuthorization(TestCloud.get().sslContext("authorization"));
    }

    /** Plain HTTP; not started. */
    public static FakeAuthorization plain() {
        return new FakeAuthorization(null);
    }

    /** Adds a system to the core database (name and address stored lower-cased); returns its id. */
    public synchronized long addSystem(final String name, final String address, final int port) {
        return addSystem(name, address, port, null);
    }

    /**
     * Adds a system registered with {@code authenticationInfo} (its Base64 public key, or null), which the
     * subscription check answers as {@code consumer.authenticationInfo}; returns its id.
     */
    public synchronized long addSystem(final String name, final String address, final int port,
                                       final String authenticationInfo) {
        final long id = nextId++;
        final String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        systems.put(id, new SystemResponseDTO(id, name.trim().toLowerCase(Locale.ROOT),
                address.trim().toLowerCase(Locale.ROOT), port, authenticationInfo, null, now, now));
        return id;
    }

    /** Base64 of the DER public key of {@code system}'s test-cloud certificate: its Arrowhead authenticationInfo. */
    public static String publicKeyOf(final String system) {
        try {
            final KeyStore store = Pkcs12Stores.load(TestCloud.get().keyStore(system), TestCloud.PASSWORD.toCharArray());
            return Base64.getEncoder().encodeToString(store.getCertificate(system).getPublicKey().getEncoded());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public synchronized void removeSystem(final long id) {
        systems.remove(id);
        rules.remove(id);
        rules.values().forEach(providers -> providers.remove(id));
    }

    /** An intra-cloud rule: {@code consumer} may consume a service of {@code provider}. */
    public synchronized void allow(final long consumerId, final long providerId) {
        rules.computeIfAbsent(consumerId, c -> new HashSet<>()).add(providerId);
    }

    public synchronized void deny(final long consumerId, final long providerId) {
        rules.getOrDefault(consumerId, new HashSet<>()).remove(providerId);
    }

    /** Answers every check with this status (e.g. 503) until {@link #recover()}. */
    public void failWith(final int status) {
        failureStatus = status;
    }

    public void recover() {
        failureStatus = 0;
    }

    /** Subscription checks received, answered or not. */
    public int checkCalls() {
        return requests("POST", SUBSCRIPTION_CHECK).size();
    }

    /** How the Authorization registers its subscription check in the Service Registry (official DTO). */
    public ServiceRegistryRequestDTO registration() {
        final SystemRequestDTO provider = new SystemRequestDTO("authorization", ADDRESS, port(),
                isSecure() ? publicKey() : null, null);
        return new ServiceRegistryRequestDTO(SUBSCRIPTION_CHECK_SERVICE, provider, SUBSCRIPTION_CHECK, null,
                isSecure() ? "CERTIFICATE" : "NOT_SECURE", List.of(isSecure() ? "HTTP-SECURE-JSON" : "HTTP-INSECURE-JSON"));
    }

    @Override
    protected void handle(final Exchange exchange) throws IOException {
        if (!("POST".equals(exchange.method()) && SUBSCRIPTION_CHECK.equals(exchange.path()))) {
            exchange.error(404, ExceptionType.GENERIC, "No handler for " + exchange.path(), exchange.path());
            return;
        }
        final String target = baseUri() + SUBSCRIPTION_CHECK;
        if (isSecure() && !"eventhandler".equals(exchange.caller().orElseThrow().systemName())) {
            // AuthAccessControlFilter: allowedCoreSystemsForSubscriptionChecks = { EVENTHANDLER }
            exchange.error(401, ExceptionType.AUTH, exchange.callerCommonName() + " is unauthorized to access "
                    + target, SUBSCRIPTION_CHECK);
            return;
        }
        if (failureStatus != 0) {
            exchange.error(failureStatus, ExceptionType.UNAVAILABLE, "Authorization is unavailable.",
                    SUBSCRIPTION_CHECK);
            return;
        }
        final Optional<AuthorizationSubscriptionCheckRequestDTO> read =
                exchange.body(AuthorizationSubscriptionCheckRequestDTO.class);
        if (read.isEmpty()) {
            return;
        }
        final SystemRequestDTO consumer = read.get().getConsumer();
        final String problem = invalid(consumer);
        if (problem != null) {
            exchange.error(400, ExceptionType.BAD_PAYLOAD, problem, SUBSCRIPTION_CHECK);
            return;
        }
        final AuthorizationSubscriptionCheckResponseDTO answer;
        synchronized (this) {
            final Optional<SystemResponseDTO> known = systems.values().stream()
                    .filter(s -> s.getSystemName().equals(consumer.getSystemName().trim().toLowerCase(Locale.ROOT))
                            && s.getAddress().equals(consumer.getAddress().trim().toLowerCase(Locale.ROOT))
                            && s.getPort() == consumer.getPort())
                    .findFirst();
            if (known.isEmpty()) {
                exchange.error(400, ExceptionType.INVALID_PARAMETER, "Consumer with name: " + consumer.getSystemName()
                        + ", address: " + consumer.getAddress() + " and port: " + consumer.getPort()
                        + " is not exist in the database.", SUBSCRIPTION_CHECK);
                return;
            }
            final Set<SystemResponseDTO> publishers = new HashSet<>();
            for (final long providerId : rules.getOrDefault(known.get().getId(), Set.of())) {
                final SystemResponseDTO provider = systems.get(providerId);
                if (provider != null && allowedBy(provider, read.get().getPublishers())) {
                    publishers.add(provider);
                }
            }
            answer = new AuthorizationSubscriptionCheckResponseDTO(known.get(), publishers);
        }
        exchange.json(200, answer);
    }

    /** {@code AuthorizationController.checkSystemRequest}; null if valid. */
    private static String invalid(final SystemRequestDTO consumer) {
        if (consumer == null) {
            return "Consumer is null";
        }
        if (consumer.getSystemName() == null || consumer.getSystemName().isBlank()) {
            return "System name is null or blank";
        }
        if (consumer.getAddress() == null || consumer.getAddress().isBlank()) {
            return "System address is null or blank";
        }
        if (consumer.getPort() == null) {
            return "System port is null";
        }
        if (consumer.getPort() < 0 || consumer.getPort() > 65535) {
            return "System port must be between 0 and 65535.";
        }
        return null;
    }

    /** With a publisher list, only the rule providers it names count. */
    private static boolean allowedBy(final SystemResponseDTO provider, final Set<SystemRequestDTO> publishers) {
        if (publishers == null || publishers.isEmpty()) {
            return true;
        }
        return publishers.stream().anyMatch(p -> provider.getSystemName().equalsIgnoreCase(p.getSystemName())
                && provider.getAddress().equalsIgnoreCase(p.getAddress())
                && p.getPort() != null && provider.getPort() == p.getPort());
    }

    /** What an HTTP call answered. */
    public record HttpResult(int status, String body) {
    }

    /**
     * Publishes {@code SUBSCRIBER_AUTH_UPDATE} for a consumer to an Event Handler, as the Authorization's
     * {@code PublishAuthUpdateTask} does: the official {@code EventPublishRequestDTO} POSTed to
     * {@code /eventhandler/publish/authupdate}, presenting the {@code authorization} certificate in secure mode.
     *
     * @param eventHandlerBase e.g. {@code https://127.0.0.1:8455}
     */
    public HttpResult sendAuthUpdate(final URI eventHandlerBase, final long consumerId) {
        final EventPublishRequestDTO event = new EventPublishRequestDTO(AUTH_UPDATE_EVENT_TYPE,
                new SystemRequestDTO("authorization", ADDRESS, port(), null, null), null, String.valueOf(consumerId),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        final HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5));
        if (isSecure()) {
            builder.sslContext(TestCloud.get().sslContext("authorization"));
        }
        try {
            final HttpResponse<String> response = builder.build().send(HttpRequest.newBuilder(
                            eventHandlerBase.resolve(CommonConstants.EVENTHANDLER_URI
                                    + CommonConstants.OP_EVENTHANDLER_PUBLISH_AUTH_UPDATE))
                    .timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(SPRING.writeValueAsBytes(event)))
                    .build(), HttpResponse.BodyHandlers.ofString());
            return new HttpResult(response.statusCode(), response.body());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Base64 of the {@code authorization} certificate's public key, as its {@code authenticationInfo}. */
    private static String publicKey() {
        try {
            final KeyStore store = Pkcs12Stores.load(TestCloud.get().keyStore("authorization"),
                    TestCloud.PASSWORD.toCharArray());
            return Base64.getEncoder().encodeToString(store.getCertificate("authorization").getPublicKey().getEncoded());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
