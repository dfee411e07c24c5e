package io.astragal.realtime;

import java.security.Principal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.messaging.converter.MessageConversionException;
import org.springframework.messaging.handler.annotation.MessageExceptionHandler;
import org.springframework.messaging.handler.annotation.support.MethodArgumentTypeMismatchException;
import org.springframework.messaging.simp.annotation.SendToUser;
import org.springframework.web.bind.annotation.ControllerAdvice;

/**
 * A frame that cannot be read as the destination's message (malformed JSON, wrong types, a table
 * id that is not a UUID) gets a clear error on {@code /user/queue/errors}, and nothing changes.
 */
@ControllerAdvice
class StompErrors {

    private static final Logger log = LoggerFactory.getLogger(StompErrors.class);

    /** What {@code /user/queue/errors} carries. */
    record StompError(String code, String message) {
    }

    @MessageExceptionHandler({MessageConversionException.class, MethodArgumentTypeMismatchException.class})
    @SendToUser(destinations = "/queue/errors", broadcast = false)
    StompError malformed(Exception e, Principal principal) {
        log.debug("Malformed frame from {}: {}", principal == null ? "?" : principal.getName(), e.getMessage());
        return new StompError("MALFORMED", "The frame's body is not a valid message for this destination: "
                + "send a JSON object as docs/protocol.md describes.");
    }

    @MessageExceptionHandler(IllegalArgumentException.class)
    @SendToUser(destinations = "/queue/errors", broadcast = false)
    StompError unknownTable(IllegalArgumentException e) {
        log.warn("Refused a table request: {}", e.getMessage(), e);
        return new StompError("NO_SUCH_TABLE", "There is no such table.");
    }
}
