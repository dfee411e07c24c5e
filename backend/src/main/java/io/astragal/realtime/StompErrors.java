package io.astragal.realtime;

import java.security.Principal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.convert.ConversionException;
import org.springframework.dao.DataAccessException;
import org.springframework.messaging.converter.MessageConversionException;
import org.springframework.messaging.handler.annotation.MessageExceptionHandler;
import org.springframework.messaging.handler.annotation.support.MethodArgumentNotValidException;
import org.springframework.messaging.handler.annotation.support.MethodArgumentTypeMismatchException;
import org.springframework.messaging.simp.annotation.SendToUser;
import org.springframework.transaction.TransactionException;
import org.springframework.web.bind.annotation.ControllerAdvice;

/**
 * Whatever a table request's handling throws becomes a clear error on {@code /user/queue/errors}
 * and changes nothing: a frame that cannot be read as the destination's message (malformed JSON,
 * wrong types, a table id that is not a UUID, an empty body), a table that is gone, the database out
 * of reach, and, as a last resort, a fault of the server's own.
 */
@ControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE) // after platform.StorageUnavailable, which knows the storage's failures best
class StompErrors {

    private static final Logger log = LoggerFactory.getLogger(StompErrors.class);

    /** What {@code /user/queue/errors} carries. */
    record StompError(String code, String message) {
    }

    @MessageExceptionHandler({MessageConversionException.class, MethodArgumentTypeMismatchException.class,
            MethodArgumentNotValidException.class, ConversionException.class})
    @SendToUser(destinations = "/queue/errors", broadcast = false)
    StompError malformed(Exception e, Principal principal) {
        log.debug("Malformed frame from {}: {}", principal == null ? "?" : principal.getName(), e.getMessage());
        return new StompError("MALFORMED", "The frame's body is not a valid message for this destination: "
                + "send a JSON object as docs/protocol.md describes.");
    }

    @MessageExceptionHandler(IllegalArgumentException.class)
    @SendToUser(destinations = "/queue/errors", broadcast = false)
    StompError unknownTable(IllegalArgumentException e) {
        log.debug("Refused a table request: {}", e.getMessage());
        return new StompError("NO_SUCH_TABLE", "There is no such table.");
    }

    /**
     * Anything else: the storage failing (platform.StorageUnavailable answers that too, whichever of
     * the two advices Spring asks first) is TRY_AGAIN; a fault of the server's own is logged in full,
     * and the client still hears back.
     */
    @MessageExceptionHandler(Exception.class)
    @SendToUser(destinations = "/queue/errors", broadcast = false)
    StompError failed(Exception e, Principal principal) {
        if (e instanceof DataAccessException || e instanceof TransactionException) {
            log.warn("A table request failed on the database: {}", e.getMessage());
            return new StompError("TRY_AGAIN", "The table's storage is unavailable right now; nothing was changed. "
                    + "Try again in a moment.");
        }
        log.error("A table request of {} failed", principal == null ? "?" : principal.getName(), e);
        return new StompError("SERVER_ERROR", "The server could not handle this request; nothing was changed.");
    }
}
