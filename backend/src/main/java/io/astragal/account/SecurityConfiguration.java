package io.astragal.account;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.DelegatingPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import org.springframework.security.web.csrf.CsrfException;
import org.springframework.security.web.csrf.CsrfTokenRepository;
import org.springframework.security.web.csrf.CsrfTokenRequestAttributeHandler;
import tools.jackson.databind.json.JsonMapper;

/**
 * Browser sessions with a cookie, CSRF as cookie-to-header for the single-page client, and no
 * login page redirects: an unauthenticated API call is a 401 problem, the client shows its own
 * sign-in. Sign-in itself is {@link AuthController}, which stores the context in the session.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

    /**
     * Authorizations are checked but not observed: every STOMP frame a client sends, heart-beats
     * included, is authorized, and recording each as an observation (its context, key values and
     * timers) cost more than the check itself (docs/decisions.md). Requests and sign-ins are still observed.
     */
    @Bean
    SecurityObservationSettings securityObservationSettings() {
        return SecurityObservationSettings.withDefaults().shouldObserveAuthorizations(false).build();
    }

    @Bean
    SecurityFilterChain securityFilterChain(HttpSecurity http, SecurityContextRepository contexts,
                                            CsrfTokenRepository csrfTokens, JsonMapper json) throws Exception {
        http
                .authorizeHttpRequests(auth -> auth
                        .requestMatchers("/", "/index.html", "/assets/**", "/favicon.ico",
                                "/signin", "/signup", "/join/**", "/campaigns/**", "/error").permitAll()
                        .requestMatchers("/actuator/health/**", "/actuator/health", "/actuator/info",
                                "/actuator/prometheus").permitAll()
                        .requestMatchers("/v3/api-docs", "/v3/api-docs/**", "/api/auth/**").permitAll()
                        .requestMatchers(HttpMethod.GET, "/api/invites/*").permitAll()
                        .anyRequest().authenticated())
                .securityContext(context -> context.securityContextRepository(contexts))
                .sessionManagement(session -> session.sessionFixation(fixation -> fixation.changeSessionId()))
                .csrf(csrf -> csrf
                        .csrfTokenRepository(csrfTokens)
                        .csrfTokenRequestHandler(new CsrfTokenRequestAttributeHandler()))
                .exceptionHandling(ex -> ex
                        .authenticationEntryPoint((request, response, e) -> problem(json, request, response, 401,
                                "UNAUTHENTICATED", "Sign in first."))
                        .accessDeniedHandler((request, response, e) -> {
                            if (e instanceof CsrfException) {
                                problem(json, request, response, 403, "CSRF_INVALID",
                                        "Missing or invalid CSRF token: send the XSRF-TOKEN cookie's value in the X-XSRF-TOKEN header.");
                            } else {
                                problem(json, request, response, 403, "FORBIDDEN", "You may not do this.");
                            }
                        }))
                .formLogin(form -> form.disable())
                .httpBasic(basic -> basic.disable())
                .logout(logout -> logout.disable())
                .requestCache(cache -> cache.disable());
        return http.build();
    }

    @Bean
    SecurityContextRepository securityContextRepository() {
        return new HttpSessionSecurityContextRepository();
    }

    @Bean
    CsrfTokenRepository csrfTokenRepository() {
        return CookieCsrfTokenRepository.withHttpOnlyFalse();
    }

    /**
     * BCrypt at Spring Security's default cost (10). {@code astragal.auth.password-hash-strength}
     * (4..31) exists only so a load benchmark can sign up thousands of users quickly; stored hashes
     * name their own cost, so lowering it never breaks existing sign-ins. Never lower it in production.
     */
    @Bean
    PasswordEncoder passwordEncoder(@Value("${astragal.auth.password-hash-strength:10}") int strength) {
        if (strength == 10) {
            return PasswordEncoderFactories.createDelegatingPasswordEncoder();
        }
        DelegatingPasswordEncoder defaults = (DelegatingPasswordEncoder) PasswordEncoderFactories.createDelegatingPasswordEncoder();
        DelegatingPasswordEncoder encoder = new DelegatingPasswordEncoder("bcrypt",
                Map.of("bcrypt", new BCryptPasswordEncoder(strength)));
        encoder.setDefaultPasswordEncoderForMatches(defaults);
        return encoder;
    }

    private static void problem(JsonMapper json, HttpServletRequest request, HttpServletResponse response,
                                int status, String code, String detail) throws IOException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", "about:blank");
        body.put("title", status == 401 ? "Unauthorized" : "Forbidden");
        body.put("status", status);
        body.put("detail", detail);
        body.put("instance", request.getRequestURI());
        body.put("code", code);
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        json.writeValue(response.getOutputStream(), body);
    }
}
