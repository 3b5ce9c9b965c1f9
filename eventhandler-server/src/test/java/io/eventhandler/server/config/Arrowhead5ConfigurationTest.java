package io.eventhandler.server.config;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The dialect key: 4.6 by default, Arrowhead 5 when asked for, anything else refused. */
class Arrowhead5ConfigurationTest {

    @Test
    void theDefaultDialectIsArrowhead46() {
        assertEquals(ArrowheadDialect.ARROWHEAD46, ServerConfiguration.defaults().arrowhead().dialect());
    }

    @Test
    void arrowhead5IsChosenWithItsSettings() {
        final ArrowheadConfiguration arrowhead = ServerConfiguration.fromMap(Map.of("sr_address", "10.0.0.5",
                "eh.arrowhead.dialect", "arrowhead5", "eh.ah5.system.name", "PlantEventHandler",
                "eh.ah5.authorization.cache.ms", "5000")).arrowhead();
        assertEquals(ArrowheadDialect.ARROWHEAD5, arrowhead.dialect());
        assertEquals("PlantEventHandler", arrowhead.arrowhead5().systemName());
        assertEquals(5000, arrowhead.arrowhead5().authorizationCacheMs());
        assertEquals("10.0.0.5", arrowhead.arrowhead5().authorizationAddress());
    }

    @Test
    void anUnknownDialectIsRefused() {
        final ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> ServerConfiguration.fromMap(Map.of("eh.arrowhead.dialect", "arrowhead6")));
        assertEquals("eh.arrowhead.dialect=arrowhead6 must be one of arrowhead46, arrowhead5", e.problems().get(0));
    }

    @Test
    void arrowhead5NeedsAServiceRegistryAndAFiveSystemName() {
        final ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> ServerConfiguration.fromMap(Map.of("eh.arrowhead.dialect", "arrowhead5",
                        "eh.ah5.system.name", "event_handler")));
        assertEquals(2, e.problems().size(), e.problems().toString());
    }
}
