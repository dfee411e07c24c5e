package io.astragal.account;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.UUID;

/** Request and response bodies of the account endpoints. */
final class AuthApi {

    private AuthApi() {
    }

    record SignupRequest(
            @NotNull @Pattern(regexp = "[A-Za-z0-9_.-]{3,32}", message = "must be 3 to 32 letters, digits, '_', '.' or '-'")
            String username,
            @NotBlank @Size(max = 64) @Pattern(regexp = "[^\\p{Cntrl}]*", message = "must not contain control characters")
            String displayName,
            @NotNull @Size(min = 10, max = 128) String password) {
    }

    record SigninRequest(@NotNull @Size(max = 128) String username, @NotNull @Size(max = 128) String password) {
    }

    record Me(UUID id, String username, String displayName) {

        static Me of(CurrentUser user) {
            return new Me(user.id(), user.username(), user.displayName());
        }
    }

    record Csrf(String headerName, String parameterName, String token) {
    }
}
