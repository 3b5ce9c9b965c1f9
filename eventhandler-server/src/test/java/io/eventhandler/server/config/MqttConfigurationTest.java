package io.eventhandler.server.config;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The MQTT settings' rules that span keys: TLS to the broker needs the Event Handler's own, and 4.6 needs plain. */
class MqttConfigurationTest {

    @Test
    void offByDefaultAndConnectingAsAFiveCoreSystemDoes() {
        final MqttConfiguration mqtt = ServerConfiguration.defaults().mqtt();
        assertFalse(mqtt.enabled());
        assertEquals("AH-EventHandler", mqtt.effectiveClientId("EventHandler"));
        assertEquals("EventHandler", mqtt.effectiveUsername("EventHandler"));
        assertEquals(1883, mqtt.broker().getPort());
        assertFalse(mqtt.tls());
    }

    @Test
    void aTlsBrokerNeedsTheEventHandlersOwnTls() {
        final ConfigurationException e = assertThrows(ConfigurationException.class, () -> ServerConfiguration.fromMap(
                Map.of(MqttConfiguration.ENABLED.key(), "true",
                        MqttConfiguration.BROKER_URL.key(), "ssl://broker.plant:8883")));
        assertTrue(e.getMessage().contains("eh.mqtt.broker.url=ssl://broker.plant:8883 (TLS) needs"
                + " server.ssl.enabled=true"), e::getMessage);
    }

    @Test
    void inSecureModeOnlyTheFiveDialectTakesMqtt() {
        final ConfigurationException e = assertThrows(ConfigurationException.class, () -> ServerConfiguration.fromMap(
                Map.of(MqttConfiguration.ENABLED.key(), "true", TlsConfiguration.ENABLED.key(), "true")));
        assertTrue(e.getMessage().contains("eh.mqtt.enabled=true needs eh.arrowhead.dialect=ARROWHEAD5 in secure"
                + " mode"), e::getMessage);
    }
}
