package io.eventhandler.core.delivery;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.outbox.FanOut;

/** The message of a FRAME job: the event and the topic that fans it out. */
record Dispatch(FanOut topic, Event event) {
}
