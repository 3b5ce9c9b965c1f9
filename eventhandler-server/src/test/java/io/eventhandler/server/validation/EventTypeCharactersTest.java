package io.eventhandler.server.validation;

import io.eventhandler.server.config.LimitsConfiguration;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The loop that checks the default event-type pattern answers as the pattern's regular expression does. */
class EventTypeCharactersTest {

    private static final Pattern DEFAULT = Pattern.compile(LimitsConfiguration.DEFAULT_EVENT_TYPE_PATTERN);

    @Property(tries = 3_000)
    void theLoopAgreesWithTheRegularExpression(@ForAll("names") final String name) {
        assertEquals(DEFAULT.matcher(name).matches(), RequestLimits.ofDefaultCharacters(name), name);
    }

    /** Mostly allowed characters with an occasional other one (ASCII neighbours, Latin-1, surrogates, controls). */
    @Provide
    Arbitrary<String> names() {
        final Arbitrary<Character> allowed = Arbitraries.chars().with("_.:/-").range('a', 'z').range('A', 'Z')
                .range('0', '9');
        final Arbitrary<Character> other = Arbitraries.chars().with("`@[]{}\\ ;+,\u0000\u007f\u00e9\u0131\ud83d")
                .range((char) 0, (char) 0x17f);
        return Arbitraries.frequencyOf(Tuple.of(12, allowed), Tuple.of(1, other))
                .list().ofMinSize(0).ofMaxSize(12)
                .map(chars -> chars.stream().map(String::valueOf).collect(Collectors.joining()));
    }
}
