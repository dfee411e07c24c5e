package io.astragal.platform;

import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;

/**
 * An error answered to an API caller as an RFC 9457 problem: an HTTP status, a stable machine
 * {@link #code()}, a sentence for people, and optionally the fields that were wrong. The message
 * is shown to the caller as is, so it must never carry internals.
 */
public final class ApiProblem extends RuntimeException {

    /** One request field that was wrong and why. */
    public record FieldError(String field, String message) {
    }

    private final HttpStatus status;
    private final String code;
    private final List<FieldError> errors;
    private final Map<String, String> headers;

    private ApiProblem(HttpStatus status, String code, String detail, List<FieldError> errors, Map<String, String> headers) {
        super(detail, null, false, false);
        this.status = status;
        this.code = code;
        this.errors = List.copyOf(errors);
        this.headers = Map.copyOf(headers);
    }

    public static ApiProblem of(HttpStatus status, String code, String detail) {
        return new ApiProblem(status, code, detail, List.of(), Map.of());
    }

    public static ApiProblem notFound(String detail) {
        return of(HttpStatus.NOT_FOUND, "NOT_FOUND", detail);
    }

    public static ApiProblem forbidden(String detail) {
        return of(HttpStatus.FORBIDDEN, "FORBIDDEN", detail);
    }

    public static ApiProblem conflict(String detail) {
        return of(HttpStatus.CONFLICT, "CONFLICT", detail);
    }

    public static ApiProblem invalidField(String field, String message) {
        return new ApiProblem(HttpStatus.BAD_REQUEST, "VALIDATION_FAILED", "The request has invalid fields.",
                List.of(new FieldError(field, message)), Map.of());
    }

    public static ApiProblem withHeader(HttpStatus status, String code, String detail, String header, String value) {
        return new ApiProblem(status, code, detail, List.of(), Map.of(header, value));
    }

    public HttpStatus status() {
        return status;
    }

    public String code() {
        return code;
    }

    public List<FieldError> errors() {
        return errors;
    }

    public Map<String, String> headers() {
        return headers;
    }
}
