package io.eventhandler.server.frontend;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The OpenAPI document describes exactly the endpoints the server has: every HTTP method and path of the registered
 * Jersey resources (found by reflection) and the two Grizzly hot paths, and nothing else; its references resolve, its
 * path parameters are declared, its errors are ErrorMessageDTOs; and the running server serves it.
 */
class OpenApiTest {

    private static final Set<String> OPERATIONS = Set.of("get", "put", "post", "delete", "options", "head", "patch",
            "trace");
    private static final Pattern TEMPLATE = Pattern.compile("\\{([^}/]+)}");
    private static final List<String> SCHEMA_PACKAGES = List.of("io.eventhandler.api", "io.eventhandler.api.qos",
            "io.eventhandler.api.engine", "io.eventhandler.server.replication");

    @RegisterExtension
    static final RunningServer SERVER = RunningServer.with(Map.of());

    @Test
    void documentsEveryEndpointOfTheServerAndNoOther() throws IOException {
        final Set<String> server = serverEndpoints();
        final Set<String> documented = documentedEndpoints(document());

        final Set<String> undocumented = new TreeSet<>(server);
        undocumented.removeAll(documented);
        final Set<String> unknown = new TreeSet<>(documented);
        unknown.removeAll(server);
        assertTrue(undocumented.isEmpty(), "endpoints missing from openapi.json: " + undocumented);
        assertTrue(unknown.isEmpty(), "openapi.json documents endpoints the server does not have: " + unknown);
        // the reflection found the endpoints: an empty scan would make the comparison above pass vacuously
        assertTrue(server.contains("GET /eventhandler/mgmt/subscriptions/{id}"), server::toString);
        assertTrue(server.contains("POST /eventhandler/publish"), server::toString);
    }

    @Test
    void everyReferenceResolvesAndEveryPathParameterIsDeclared() throws IOException {
        final JsonNode document = document();
        final List<String> problems = new ArrayList<>();
        collectReferences(document, document, problems);
        document.get("paths").fields().forEachRemaining(path -> {
            final Set<String> declared = new TreeSet<>();
            parameters(path.getValue().get("parameters"), declared);
            path.getValue().fields().forEachRemaining(operation -> {
                if (OPERATIONS.contains(operation.getKey())) {
                    final Set<String> all = new TreeSet<>(declared);
                    parameters(operation.getValue().get("parameters"), all);
                    final Matcher template = TEMPLATE.matcher(path.getKey());
                    while (template.find()) {
                        if (!all.contains(template.group(1))) {
                            problems.add(operation.getKey() + " " + path.getKey() + ": path parameter "
                                    + template.group(1) + " not declared");
                        }
                    }
                }
            });
        });
        assertEquals(List.of(), problems);
    }

    @Test
    void everyErrorResponseIsAnErrorMessageDto() throws IOException {
        final JsonNode document = document();
        final List<String> problems = new ArrayList<>();
        document.get("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
            if (!OPERATIONS.contains(op.getKey())) {
                return;
            }
            final JsonNode responses = op.getValue().get("responses");
            assertFalse(responses == null || responses.isEmpty(), op.getKey() + " " + path.getKey());
            responses.fields().forEachRemaining(response -> {
                final JsonNode resolved = resolve(document, response.getValue());
                final boolean error = response.getKey().startsWith("4") || response.getKey().startsWith("5");
                // the replication batch answers a refusal (409) with the receiver's status, and readiness a standing-by
                // backup (503) with its role: not errors of the caller
                final boolean statusAnswer = path.getKey().endsWith("/replication/batch")
                        && response.getKey().equals("409")
                        || path.getKey().endsWith("/ready") && response.getKey().equals("503");
                if (error && !statusAnswer && !resolved.path("content").path("application/json").path("schema")
                        .path("$ref").asText().endsWith("/ErrorMessageDTO")) {
                    problems.add(op.getKey() + " " + path.getKey() + " " + response.getKey());
                }
            });
        }));
        assertEquals(List.of(), problems, "error responses that are not ErrorMessageDTO");
    }

    @Test
    void theServerServesTheDocument() throws IOException {
        final HttpResponse<String> response = SERVER.http().get(EventHandlerApi.BASE_PATH + OpenApiResource.PATH);
        assertEquals(200, response.statusCode(), response::body);
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        assertEquals(document(), EhHttp.JSON.readTree(response.body()));
    }

    @Test
    void everyDocumentedPathWithoutParametersIsRoutedByTheServer() throws IOException {
        // requests with no or an empty body: each endpoint answers (200 or a 4xx of its own), none is unrouted
        final List<String> unrouted = new ArrayList<>();
        for (final String endpoint : documentedEndpoints(document())) {
            final String method = endpoint.substring(0, endpoint.indexOf(' '));
            final String path = endpoint.substring(endpoint.indexOf(' ') + 1);
            if (path.contains("{")) {
                continue;
            }
            final boolean body = method.equals("POST") || method.equals("PUT");
            final int status;
            String answer = "";
            if (method.equals("GET") && STREAMS.contains(path)) {
                status = streamStatus(path); // an open stream never ends: only its status is read
            } else {
                final HttpResponse<String> response = SERVER.http().request(method, path,
                        body ? "application/json" : null, body ? "{}" : null);
                status = response.statusCode();
                answer = response.body();
            }
            if (status == 404 || status == 405) {
                unrouted.add(endpoint + " -> " + status + " " + answer);
            }
        }
        assertEquals(List.of(), unrouted);
    }

    /** Documented paths that answer with a stream that stays open. */
    private static final java.util.Set<String> STREAMS = java.util.Set.of(
            EventHandlerApi.BASE_PATH + io.eventhandler.server.observability.ObservabilityResource.STATUS_STREAM);

    private static int streamStatus(final String path) throws IOException {
        try {
            final HttpResponse<java.io.InputStream> response = java.net.http.HttpClient.newBuilder()
                    .version(java.net.http.HttpClient.Version.HTTP_1_1).build()
                    .send(java.net.http.HttpRequest.newBuilder(SERVER.baseUri().resolve(path))
                            .timeout(java.time.Duration.ofSeconds(10)).build(),
                            HttpResponse.BodyHandlers.ofInputStream());
            response.body().close();
            return response.statusCode();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    @Test
    void everySchemaNamedAfterARecordHasExactlyItsFields() throws IOException {
        final List<String> problems = new ArrayList<>();
        final List<String> checked = new ArrayList<>();
        document().get("components").get("schemas").fields().forEachRemaining(schema -> {
            final Class<?> type = recordNamed(schema.getKey());
            if (type == null) {
                return;
            }
            checked.add(schema.getKey());
            final Set<String> fields = new TreeSet<>();
            for (final RecordComponent component : type.getRecordComponents()) {
                fields.add(component.getName()); // the JSON names: the DTOs carry no @JsonProperty renames
            }
            final Set<String> documented = new TreeSet<>();
            schema.getValue().path("properties").fieldNames().forEachRemaining(documented::add);
            if (!fields.equals(documented)) {
                problems.add(schema.getKey() + ": record " + fields + ", documented " + documented);
            }
        });
        assertEquals(List.of(), problems);
        // the wire types of the Arrowhead API and of the replication status are among them
        assertTrue(checked.containsAll(List.of("EventPublishRequestDTO", "SubscriptionRequestDTO",
                "ErrorMessageDTO", "ReplicationStatusDTO", "PeerStatusDTO", "TopicQosDTO")), checked::toString);
    }

    /** The record of that simple name in one of the packages of wire types, or null. */
    private static Class<?> recordNamed(final String simpleName) {
        for (final String pkg : SCHEMA_PACKAGES) {
            try {
                final Class<?> type = Class.forName(pkg + "." + simpleName);
                return type.isRecord() ? type : null;
            } catch (final ClassNotFoundException e) {
                // not in this package: try the next
            }
        }
        return null;
    }

    /** "METHOD /path" of every Jersey resource method and of the Grizzly hot paths. */
    static Set<String> serverEndpoints() {
        final Set<String> endpoints = new TreeSet<>();
        final Set<Class<?>> resources = new java.util.HashSet<>(HttpFrontEnd.RESOURCE_CLASSES);
        resources.add(io.eventhandler.server.arrowhead.AuthorizationUpdateResource.class);
        for (final Class<?> resource : resources) {
            final String base = pathOf(resource.getAnnotation(Path.class));
            for (final Method method : resource.getMethods()) {
                final String httpMethod = httpMethod(method);
                final Path sub = method.getAnnotation(Path.class);
                if (httpMethod == null) {
                    // a sub-resource locator would hide endpoints from this scan
                    assertTrue(sub == null, "sub-resource locator " + method + " is not supported by this test");
                    continue;
                }
                endpoints.add(httpMethod + " " + normalize(base + "/" + pathOf(sub)));
            }
        }
        HttpFrontEnd.HOT_PATHS.forEach((path, method) -> endpoints.add(method + " " + path));
        return endpoints;
    }

    private static String httpMethod(final Method method) {
        for (final Annotation annotation : method.getAnnotations()) {
            final HttpMethod http = annotation.annotationType().getAnnotation(HttpMethod.class);
            if (http != null) {
                return http.value();
            }
        }
        return null;
    }

    private static String pathOf(final Path path) {
        return path == null ? "" : path.value();
    }

    /** Single slashes, none at the end, and templates without their regular expressions ({@code {id: \d+}}). */
    private static String normalize(final String path) {
        final String clean = path.replaceAll("/+", "/").replaceAll("\\{\\s*([^:}\\s]+)\\s*(:[^}]*)?}", "{$1}");
        return clean.length() > 1 && clean.endsWith("/") ? clean.substring(0, clean.length() - 1) : clean;
    }

    static Set<String> documentedEndpoints(final JsonNode document) {
        final Set<String> endpoints = new TreeSet<>();
        document.get("paths").fields().forEachRemaining(path -> {
            final Iterator<String> keys = path.getValue().fieldNames();
            keys.forEachRemaining(key -> {
                if (OPERATIONS.contains(key)) {
                    endpoints.add(key.toUpperCase(Locale.ROOT) + " " + path.getKey());
                }
            });
        });
        return endpoints;
    }

    private static JsonNode document() throws IOException {
        return EhHttp.JSON.readTree(OpenApiResource.load());
    }

    private static void parameters(final JsonNode parameters, final Set<String> pathParameters) {
        if (parameters != null) {
            parameters.forEach(parameter -> {
                if ("path".equals(parameter.path("in").asText())) {
                    pathParameters.add(parameter.get("name").asText());
                }
            });
        }
    }

    private static void collectReferences(final JsonNode document, final JsonNode node, final List<String> problems) {
        if (node.has("$ref") && resolvePointer(document, node.get("$ref").asText()).isMissingNode()) {
            problems.add("unresolved " + node.get("$ref").asText());
        }
        node.forEach(child -> collectReferences(document, child, problems));
    }

    private static JsonNode resolve(final JsonNode document, final JsonNode node) {
        return node.has("$ref") ? resolvePointer(document, node.get("$ref").asText()) : node;
    }

    private static JsonNode resolvePointer(final JsonNode document, final String reference) {
        return reference.startsWith("#") ? document.at(reference.substring(1)) : MissingNode.getInstance();
    }
}
