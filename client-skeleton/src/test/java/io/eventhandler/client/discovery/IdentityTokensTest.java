package io.eventhandler.client.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.server.testing.arrowhead5.FakeAuthentication5;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * When {@link IdentityTokens} logs in again: at four fifths of the token's lifetime (the double's tokens live 300 s),
 * keeping the old token while a renewal fails and it is still valid. Time is a clock the test moves.
 */
class IdentityTokensTest {

    private final FakeAuthentication5 authentication = new FakeAuthentication5();
    private final MovableClock clock = new MovableClock(Instant.now());
    private IdentityTokens tokens;

    @AfterEach
    void stop() {
        if (tokens != null) {
            tokens.close();
        }
        authentication.close();
    }

    private IdentityTokens tokens() {
        authentication.identity("AlarmDashboard", "123456");
        tokens = new IdentityTokens(URI.create("http://127.0.0.1:" + authentication.port()), "AlarmDashboard",
                "123456", null, clock);
        return tokens;
    }

    @Test
    void theTokenIsKeptUntilFourFifthsOfItsLifeThenRenewed() {
        final IdentityTokens identity = tokens();
        final String first = identity.authorization().orElseThrow();

        clock.advance(Duration.ofSeconds(230));
        assertEquals(first, identity.authorization().orElseThrow());
        assertEquals(List.of("AlarmDashboard"), authentication.logins());

        clock.advance(Duration.ofSeconds(20));
        final String renewed = identity.authorization().orElseThrow();
        assertNotEquals(first, renewed);
        assertEquals("AlarmDashboard", authentication.systemOf(renewed));
        assertEquals(2, authentication.logins().size());
    }

    @Test
    void aFailedRenewalKeepsTheValidTokenAndFailsOnceItExpired() {
        final IdentityTokens identity = tokens();
        final String first = identity.authorization().orElseThrow();
        authentication.identity("AlarmDashboard", "changed by Sysop");

        clock.advance(Duration.ofSeconds(250));
        assertEquals(first, identity.authorization().orElseThrow());

        clock.advance(Duration.ofSeconds(60));
        final IllegalStateException expired = assertThrows(IllegalStateException.class, identity::authorization);
        assertTrue(expired.getMessage().contains("Invalid name and/or credentials"), expired::getMessage);
    }

    /** A clock the test moves. */
    private static final class MovableClock extends Clock {
        private volatile Instant now;

        MovableClock(final Instant start) {
            this.now = start;
        }

        void advance(final Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(final java.time.ZoneId zone) {
            return this;
        }
    }
}
