package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TargetGuardTest {

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "[::1]", "::1"})
    void shouldAcceptLoopback(final String host) {
        assertTrue(TargetGuard.isLoopback(host), host);
    }

    @ParameterizedTest
    @ValueSource(strings = {"10.0.0.1", "192.168.1.10", "8.8.8.8", "example.org", "localhost.example.org",
        "[fe80::1]", "0.0.0.0"})
    void shouldRefuseEverythingElse(final String host) {
        assertFalse(TargetGuard.isLoopback(host), host);
        assertThrows(UsageException.class, () -> TargetGuard.check(URI.create("http://" + host + ":8455"), false));
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1:8455", "https://localhost:8455", "http://[::1]:8455"})
    void shouldPassLoopbackUrls(final String url) {
        assertDoesNotThrow(() -> TargetGuard.check(URI.create(url), false));
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://192.168.1.10:8455", "http://example.org"})
    void shouldPassAnyHostWhenRemoteIsAllowed(final String url) {
        assertDoesNotThrow(() -> TargetGuard.check(URI.create(url), true));
    }
}
