package io.eventhandler.server;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.config.ConfigurationException;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.security.ServerTls;

import javax.net.ssl.HttpsURLConnection;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Path;

/**
 * A container health check without curl (the JRE image has none): reads the same configuration as the server
 * ({@code eventhandler.properties} or {@code --config FILE}, and the environment), calls {@code GET /eventhandler/echo}
 * on this host, in secure mode with the server's own certificate (echo takes any system of the local cloud), and
 * exits 0 when the answer is 200, 1 otherwise.
 *
 * <pre>java -cp eventhandler-server.jar io.eventhandler.server.HealthCheck</pre>
 */
public final class HealthCheck {

    private static final int TIMEOUT_MS = 3_000;

    private HealthCheck() {
    }

    public static void main(final String[] args) {
        Path file = Path.of(ServerConfiguration.DEFAULT_FILE);
        if (args.length == 2 && args[0].equals("--config")) {
            file = Path.of(args[1]);
        }
        try {
            final int status = echo(ServerConfiguration.load(file, System.getenv()));
            if (status != 200) {
                System.err.println("echo answered " + status);
            }
            System.exit(status == 200 ? 0 : 1);
        } catch (final IOException | ConfigurationException e) {
            System.err.println("echo failed: " + e.getMessage());
            System.exit(1);
        }
    }

    /** The status of {@code GET /eventhandler/echo} on the loopback interface, or the server's own address. */
    static int echo(final ServerConfiguration configuration) throws IOException {
        final boolean secure = configuration.tls().enabled();
        final String host = local(configuration.http().address());
        final URI uri = URI.create((secure ? "https" : "http") + "://" + host + ":" + configuration.http().port()
                + EventHandlerApi.BASE_PATH + EventHandlerApi.ECHO);
        final HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection();
        if (connection instanceof HttpsURLConnection https) {
            https.setSSLSocketFactory(ServerTls.load(configuration.tls()).sslContext().getSocketFactory());
            // a liveness check of this very process: which name the certificate carries is not the question here
            https.setHostnameVerifier((name, session) -> true);
        }
        connection.setConnectTimeout(TIMEOUT_MS);
        connection.setReadTimeout(TIMEOUT_MS);
        try {
            return connection.getResponseCode();
        } finally {
            connection.disconnect();
        }
    }

    /** A wildcard listen address is reached on loopback. */
    private static String local(final String address) {
        if (address.equals("0.0.0.0") || address.isBlank()) {
            return "127.0.0.1";
        }
        if (address.equals("::") || address.equals("[::]")) {
            return "[::1]";
        }
        return address.contains(":") && !address.startsWith("[") ? "[" + address + "]" : address;
    }
}
