package io.eventhandler.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.ExceptionType;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EventHandlerExceptionTest {

    private static byte[] utf8(final String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void parsesArrowheadErrorBody() {
        final EventHandlerException e = EventHandlerException.fromResponse("POST /eventhandler/publish", 400,
                utf8("{\"errorMessage\":\"Request.Payload is null or blank.\",\"errorCode\":400,"
                        + "\"exceptionType\":\"BAD_PAYLOAD\",\"origin\":\"/eventhandler/publish\"}"));

        assertEquals(400, e.statusCode());
        assertEquals(new ErrorMessageDTO("Request.Payload is null or blank.", 400, ExceptionType.BAD_PAYLOAD,
                "/eventhandler/publish"), e.error());
        assertEquals(ExceptionType.BAD_PAYLOAD, e.exceptionType());
        assertEquals("POST /eventhandler/publish failed: HTTP 400 BAD_PAYLOAD: Request.Payload is null or blank.",
                e.getMessage());
    }

    @Test
    void bodyThatIsNotAnErrorMessageLeavesErrorNullAndShowsTheBody() {
        final EventHandlerException e = EventHandlerException.fromResponse("GET /x", 502, utf8("<html>Bad gateway</html>"));

        assertNull(e.error());
        assertNull(e.exceptionType());
        assertEquals(502, e.statusCode());
        assertTrue(e.getMessage().endsWith("HTTP 502: <html>Bad gateway</html>"), e.getMessage());
    }

    @Test
    void jsonOfAnotherShapeIsNotAnErrorMessage() {
        assertNull(EventHandlerException.parseError(utf8("{\"foo\":1}")));
        assertNull(EventHandlerException.parseError(new byte[0]));
        assertNull(EventHandlerException.parseError(null));
    }

    @Test
    void unknownExceptionTypeKeepsTheMessage() {
        final ErrorMessageDTO error = EventHandlerException.parseError(
                utf8("{\"errorMessage\":\"boom\",\"errorCode\":500,\"exceptionType\":\"SOMETHING_NEW\"}"));

        assertEquals(new ErrorMessageDTO("boom", 500, null, null), error);
    }
}
