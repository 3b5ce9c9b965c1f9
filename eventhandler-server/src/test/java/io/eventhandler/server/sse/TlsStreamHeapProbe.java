package io.eventhandler.server.sse;

import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.SseTestClient;
import io.eventhandler.server.testing.TestCloud;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Not a test: measures the heap and RSS that N idle SSE streams over mutual TLS cost the server, which runs in a JVM
 * of its own with the flags of {@code benchmarks/scale.sh} ({@code -Xmx384m}); each stream has its own TLS session.
 * Leaves a {@code PROBE} line ({@code .result}), the server's class histogram and its heap dump next to its log.
 * Run with
 * <pre>
 * A="-Dprobe.tls=true -Dprobe.n=2000 -Dprobe.jar=$PWD/eventhandler-server/target/eventhandler-server.jar \
 *    -Dprobe.log=/tmp/probe-server.log"
 * mvn -o test -pl eventhandler-server -Dtest=TlsStreamHeapProbe $A -DargLine="$A"
 * </pre>
 */
@EnabledIfSystemProperty(named = "probe.tls", matches = "true")
class TlsStreamHeapProbe {

    @Test
    void measure() throws Exception {
        final int n = Integer.getInteger("probe.n", 2000);
        final TestCloud cloud = TestCloud.get();
        final int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        final Properties p = new Properties();
        p.putAll(cloud.serverSettings("eventhandler"));
        p.put(HttpConfiguration.PORT.key(), Integer.toString(port));
        p.put(StoreConfiguration.URL.key(), "jdbc:h2:mem:probe");
        p.put(LimitsConfiguration.SSE_MAX_STREAMS.key(), "1000000");
        final Path file = Files.createTempFile("probe", ".properties");
        try (var out = Files.newOutputStream(file)) {
            p.store(out, null);
        }
        final ProcessBuilder pb = new ProcessBuilder("java", "-XX:+UseSerialGC", "-Xms64m", "-Xmx384m", "-Xss256k",
                "-XX:MaxMetaspaceSize=64m", "-XX:ReservedCodeCacheSize=48m", "-XX:MaxDirectMemorySize=32m",
                "-XX:CICompilerCount=2", "-cp", System.getProperty("probe.jar"),
                "io.eventhandler.server.EventHandlerMain", "--config", file.toString());
        pb.environment().put("MALLOC_ARENA_MAX", "2");
        pb.redirectErrorStream(true).redirectOutput(Path.of(System.getProperty("probe.log")).toFile());
        final Process server = pb.start();
        final URI base = URI.create("https://localhost:" + port);
        final EhHttp http = new EhHttp(() -> base, cloud.sslContext("sysop"));
        final List<SseTestClient> streams = new ArrayList<>();
        try {
            EhHttp.eventually().atMost(java.time.Duration.ofSeconds(60)).ignoreExceptions()
                    .until(() -> http.get(EhHttp.ECHO_PATH).statusCode() == 200);
            final String zero = sample(server.pid());
            for (int i = 0; i < n; i++) {
                streams.add(SseTestClient.openQuery(base, cloud.sslContext("subscriber"), "?eventtype=PROBE" + (i % 10)));
            }
            final String full = sample(server.pid());
            new ProcessBuilder("jcmd", Long.toString(server.pid()), "GC.class_histogram")
                    .redirectOutput(Path.of(System.getProperty("probe.log") + ".histo").toFile()).start().waitFor();
            new ProcessBuilder("jcmd", Long.toString(server.pid()), "GC.heap_dump",
                    System.getProperty("probe.log") + ".hprof").start().waitFor();
            Files.writeString(Path.of(System.getProperty("probe.log") + ".result"),
                    "PROBE tls streams=" + n + " zero: " + zero + " | full: " + full + "\n");
        } finally {
            streams.forEach(SseTestClient::close);
            server.destroy();
            server.waitFor();
        }
    }

    /** Live heap bytes (the class histogram's total, taken after a full GC) and RSS. */
    private static String sample(final long pid) throws Exception {
        final Process jcmd = new ProcessBuilder("jcmd", Long.toString(pid), "GC.class_histogram").start();
        String total = "?";
        try (BufferedReader r = new BufferedReader(new InputStreamReader(jcmd.getInputStream()))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.startsWith("Total")) {
                    total = line.trim().split("\\s+")[2];
                }
            }
        }
        jcmd.waitFor();
        String rss = "?";
        for (final String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS")) {
                rss = line.replaceAll("\\D+", "");
            }
        }
        return "heapBytes=" + total + " rssKiB=" + rss;
    }
}
