package io.eventhandler.security.certs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SubjectAltNamesTest {

    @Test
    void parsesDnsAndIpEntriesLowerCasingHostNames() {
        final SubjectAltNames names = SubjectAltNames.parse("dns:MyHost, ip:192.168.1.10,DNS:eh.example.org,ip:::1");

        assertEquals(List.of("myhost", "eh.example.org"), names.dnsNames());
        assertEquals(List.of("192.168.1.10", "::1"), names.ipAddresses());
    }

    @Test
    void combiningDropsDuplicatesAndKeepsOrder() {
        final SubjectAltNames names = SubjectAltNames.localhost().plus(SubjectAltNames.parse("dns:localhost,ip:10.0.0.1"));

        assertEquals(List.of("localhost"), names.dnsNames());
        assertEquals(List.of("127.0.0.1", "10.0.0.1"), names.ipAddresses());
        assertTrue(SubjectAltNames.none().isEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"myhost", "uri:http://x", "dns:", "dns:bad_host", "dns:-x.org", "dns:a..b",
            "ip:999.1.1.1", "ip:myhost", "ip:", "dns:ok,", ""})
    void rejectsMalformedEntriesNamingThem(final String spec) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SubjectAltNames.parse(spec));
        assertTrue(e.getMessage().startsWith("invalid"), e.getMessage());
    }
}
