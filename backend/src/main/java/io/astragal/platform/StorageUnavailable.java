package io.astragal.platform;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.messaging.handler.annotation.MessageExceptionHandler;
import org.springframework.messaging.simp.annotation.SendToUser;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.bind.annotation.ControllerAdvice;

/**
 * While PostgreSQL cannot be reached, a STOMP request that needs it ({@code sync}, {@code history})
 * is answered on {@code /user/queue/errors} with {@code TRY_AGAIN} instead of silence. Commands get
 * their {@code TRY_AGAIN} reply from the table itself.
 */
@ControllerAdvice
class StorageUnavailable {

    static final String CODE = "TRY_AGAIN";
    static final String MESSAGE = "The table's storage is unavailable right now; nothing was changed. Try again in a moment.";

    private static final Logger log = LoggerFactory.getLogger(StorageUnavailable.class);

    /** What {@code /user/queue/errors} carries (docs/protocol.md). */
    record StompError(String code, String message) {
    }

    @MessageExceptionHandler({DataAccessResourceFailureException.class, TransientDataAccessException.class,
            RecoverableDataAccessException.class, CannotCreateTransactionException.class})
    @SendToUser(destinations = "/queue/errors", broadcast = false)
    StompError unavailable(Exception e) {
        log.warn("Database unavailable for a table request: {}", e.getMessage());
        return new StompError(CODE, MESSAGE);
    }
}
