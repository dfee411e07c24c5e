package io.astragal.platform;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * Every error of the REST API is an RFC 9457 problem with a stable {@code code}; nothing about
 * the server's insides (stack traces, exception messages, SQL) ever reaches the caller.
 */
@RestControllerAdvice
class ProblemHandling extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemHandling.class);

    @ExceptionHandler(ApiProblem.class)
    ResponseEntity<Object> apiProblem(ApiProblem problem) {
        ProblemDetail body = ProblemDetail.forStatusAndDetail(problem.status(), problem.getMessage());
        body.setProperty("code", problem.code());
        if (!problem.errors().isEmpty()) {
            body.setProperty("errors", problem.errors());
        }
        HttpHeaders headers = new HttpHeaders();
        problem.headers().forEach(headers::add);
        return ResponseEntity.status(problem.status()).headers(headers).body(body);
    }

    @ExceptionHandler(OptimisticLockingFailureException.class)
    ResponseEntity<Object> staleVersion() {
        return apiProblem(ApiProblem.of(HttpStatus.CONFLICT, "STALE_VERSION",
                "Someone else changed this in the meantime; reload and try again."));
    }

    @ExceptionHandler(DataIntegrityViolationException.class)
    ResponseEntity<Object> integrity(DataIntegrityViolationException e) {
        log.info("Refused a write that breaks a database constraint: {}", e.getMostSpecificCause().getMessage());
        return apiProblem(ApiProblem.conflict("The change conflicts with the current state."));
    }

    /** PostgreSQL out of reach: a clear 503 to retry, not an internal error. */
    @ExceptionHandler({DataAccessResourceFailureException.class, TransientDataAccessException.class,
            RecoverableDataAccessException.class, CannotCreateTransactionException.class})
    ResponseEntity<Object> storageUnavailable(Exception e) {
        log.warn("Database unavailable for an API request: {}", e.getMessage());
        return apiProblem(ApiProblem.withHeader(HttpStatus.SERVICE_UNAVAILABLE, StorageUnavailable.CODE,
                "The storage is unavailable right now; nothing was changed. Try again in a moment.", HttpHeaders.RETRY_AFTER, "5"));
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<Object> typeMismatch(MethodArgumentTypeMismatchException e) {
        return apiProblem(ApiProblem.invalidField(e.getName(), "has the wrong format"));
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<Object> unexpected(Exception e) {
        log.error("Unexpected error answering an API request", e);
        ProblemDetail body = ProblemDetail.forStatusAndDetail(HttpStatus.INTERNAL_SERVER_ERROR, "Something went wrong on our side.");
        body.setProperty("code", "INTERNAL_ERROR");
        return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR).body(body);
    }

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        return validationFailed(fieldErrors(ex.getBindingResult()));
    }

    @Override
    protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException ex,
                                                                            HttpHeaders headers, HttpStatusCode status,
                                                                            WebRequest request) {
        List<ApiProblem.FieldError> errors = new ArrayList<>();
        ex.getParameterValidationResults().forEach(result -> result.getResolvableErrors().forEach(error ->
                errors.add(new ApiProblem.FieldError(result.getMethodParameter().getParameterName(),
                        String.valueOf(error.getDefaultMessage())))));
        return validationFailed(errors);
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        Throwable cause = ex.getMostSpecificCause();
        if (cause instanceof UnrecognizedPropertyException unknown) {
            return validationFailed(List.of(new ApiProblem.FieldError(path(unknown), "is not a known field")));
        }
        if (cause instanceof DatabindException wrong && !wrong.getPath().isEmpty()) {
            return validationFailed(List.of(new ApiProblem.FieldError(path(wrong), "has the wrong type or format")));
        }
        String detail = cause instanceof JacksonException ? "The request body is not valid JSON." : "The request body is missing or unreadable.";
        ProblemDetail body = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, detail);
        body.setProperty("code", "VALIDATION_FAILED");
        return ResponseEntity.badRequest().body(body);
    }

    @Override
    protected ResponseEntity<Object> handleExceptionInternal(Exception ex, Object body, HttpHeaders headers,
                                                             HttpStatusCode statusCode, WebRequest request) {
        ResponseEntity<Object> response = super.handleExceptionInternal(ex, body, headers, statusCode, request);
        if (response != null && response.getBody() instanceof ProblemDetail problem
                && (problem.getProperties() == null || !problem.getProperties().containsKey("code"))) {
            problem.setProperty("code", codeFor(statusCode));
        }
        return response;
    }

    private static String codeFor(HttpStatusCode status) {
        return switch (status.value()) {
            case 400 -> "VALIDATION_FAILED";
            case 401 -> "UNAUTHENTICATED";
            case 403 -> "FORBIDDEN";
            case 404 -> "NOT_FOUND";
            case 405 -> "METHOD_NOT_ALLOWED";
            case 406, 415 -> "UNSUPPORTED_MEDIA_TYPE";
            case 409 -> "CONFLICT";
            case 413 -> "TOO_LARGE";
            default -> status.is5xxServerError() ? "INTERNAL_ERROR" : "BAD_REQUEST";
        };
    }

    private static String path(DatabindException e) {
        StringBuilder path = new StringBuilder();
        for (var reference : e.getPath()) {
            if (reference.getPropertyName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(reference.getPropertyName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.isEmpty() ? "body" : path.toString();
    }

    private static List<ApiProblem.FieldError> fieldErrors(BindingResult result) {
        List<ApiProblem.FieldError> errors = new ArrayList<>();
        result.getFieldErrors().forEach(e -> errors.add(new ApiProblem.FieldError(e.getField(), String.valueOf(e.getDefaultMessage()))));
        result.getGlobalErrors().forEach(e -> errors.add(new ApiProblem.FieldError(e.getObjectName(), String.valueOf(e.getDefaultMessage()))));
        errors.sort(Comparator.comparing(ApiProblem.FieldError::field));
        return errors;
    }

    private ResponseEntity<Object> validationFailed(List<ApiProblem.FieldError> errors) {
        ProblemDetail body = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, "The request has invalid fields.");
        body.setProperty("code", "VALIDATION_FAILED");
        body.setProperty("errors", errors);
        return ResponseEntity.badRequest().body(body);
    }
}
