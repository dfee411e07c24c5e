package io.astragal.account;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.security.web.authentication.logout.SecurityContextLogoutHandler;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.security.web.csrf.CsrfTokenRepository;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Sign-up, sign-in, sign-out and who am I. Sessions are established here, not by a login filter. */
@RestController
class AuthController {

    private final AccountService accounts;
    private final SecurityContextRepository contexts;
    private final CsrfTokenRepository csrfTokens;
    private final SecurityContextHolderStrategy holder = SecurityContextHolder.getContextHolderStrategy();

    AuthController(AccountService accounts, SecurityContextRepository contexts, CsrfTokenRepository csrfTokens) {
        this.accounts = accounts;
        this.contexts = contexts;
        this.csrfTokens = csrfTokens;
    }

    @PostMapping("/api/auth/signup")
    @ResponseStatus(HttpStatus.CREATED)
    AuthApi.Me signUp(@Valid @RequestBody AuthApi.SignupRequest body, HttpServletRequest request, HttpServletResponse response) {
        return AuthApi.Me.of(establish(accounts.signUp(body), request, response));
    }

    @PostMapping("/api/auth/signin")
    AuthApi.Me signIn(@Valid @RequestBody AuthApi.SigninRequest body, HttpServletRequest request, HttpServletResponse response) {
        return AuthApi.Me.of(establish(accounts.signIn(body, request.getRemoteAddr()), request, response));
    }

    @PostMapping("/api/auth/signout")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void signOut(HttpServletRequest request, HttpServletResponse response) {
        new SecurityContextLogoutHandler().logout(request, response, holder.getContext().getAuthentication());
        renewCsrfToken(request, response);
    }

    /** Hands the single-page client its CSRF token (also set as the XSRF-TOKEN cookie). */
    @GetMapping("/api/auth/csrf")
    AuthApi.Csrf csrf(CsrfToken token) {
        return new AuthApi.Csrf(token.getHeaderName(), token.getParameterName(), token.getToken());
    }

    @GetMapping("/api/me")
    AuthApi.Me me(@AuthenticationPrincipal CurrentUser user) {
        return AuthApi.Me.of(user);
    }

    private CurrentUser establish(CurrentUser user, HttpServletRequest request, HttpServletResponse response) {
        if (request.getSession(false) != null) {
            request.changeSessionId();
        }
        Authentication authentication = UsernamePasswordAuthenticationToken.authenticated(
                user, null, List.of(new SimpleGrantedAuthority("ROLE_USER")));
        SecurityContext context = holder.createEmptyContext();
        context.setAuthentication(authentication);
        holder.setContext(context);
        contexts.saveContext(context, request, response);
        renewCsrfToken(request, response);
        return user;
    }

    /** A new token whenever who is signed in changes, as Spring Security's own login does. */
    private void renewCsrfToken(HttpServletRequest request, HttpServletResponse response) {
        csrfTokens.saveToken(csrfTokens.generateToken(request), request, response);
    }
}
