package io.eventhandler.server.publish;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which Content-Type a publish accepts as JSON: application/json or a +json type, parameters and case aside. */
class JsonMediaTypeTest {

    @Test
    void jsonTypesInAnyCaseWithParametersAreJson() {
        assertTrue(PublishIntake.isJson("application/json"));
        assertTrue(PublishIntake.isJson("Application/JSON; charset=UTF-8"));
        assertTrue(PublishIntake.isJson("  application/json  ;charset=utf-8"));
        assertTrue(PublishIntake.isJson("application/vnd.example+json"));
        assertTrue(PublishIntake.isJson("+JSON"));
        assertFalse(PublishIntake.isJson(null));
        assertFalse(PublishIntake.isJson(""));
        assertFalse(PublishIntake.isJson("text/plain"));
        assertFalse(PublishIntake.isJson("application/json5"));
        assertFalse(PublishIntake.isJson("text/plain; x=+json"));
        assertFalse(PublishIntake.isJson("applıcation/json")); // dotless i: not an ASCII letter
    }

    /** The check reads the type in place; what it answers is what lower-casing, splitting and trimming answered. */
    @Property(tries = 3_000)
    void agreesWithTheCopyingForm(@ForAll("contentTypes") final String contentType) {
        final String type = contentType.toLowerCase(Locale.ROOT).split(";", 2)[0].trim();
        assertEquals(type.equals("application/json") || type.endsWith("+json"), PublishIntake.isJson(contentType),
                contentType);
    }

    @Provide
    Arbitrary<String> contentTypes() {
        final Arbitrary<String> part = Arbitraries.of("application/json", "APPLICATION/Json", "+json", "+JSoN",
                "text/plain", "json", "application/", "vnd.x", ";", "; charset=utf-8", " ", "\t", "\u0001", "\u00c0",
                "\u0130", "\u212a", "n", "+");
        return part.list().ofMinSize(0).ofMaxSize(5).map(parts -> String.join("", parts));
    }
}
