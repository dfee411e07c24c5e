package io.astragal.platform;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.session.jdbc.config.annotation.web.http.EnableJdbcHttpSession;
import org.springframework.session.web.http.CookieSerializer;
import org.springframework.session.web.http.DefaultCookieSerializer;

/**
 * HTTP sessions in PostgreSQL (Spring Session JDBC, tables from V11) instead of the servlet
 * container's memory, so that every node of a cluster knows every signed-in browser: a client
 * whose node goes away reconnects to another with the same cookie. On for the cluster profile
 * ({@code astragal.sessions.shared}); a single node keeps Tomcat's sessions.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty("astragal.sessions.shared")
@EnableJdbcHttpSession
class SharedSessions {

    /** The same cookie as Tomcat's sessions (application.yml): name, HttpOnly, SameSite; Secure behind TLS. */
    @Bean
    CookieSerializer sessionCookie(@Value("${server.servlet.session.cookie.name:ASTRAGAL_SESSION}") String name) {
        DefaultCookieSerializer cookie = new DefaultCookieSerializer();
        cookie.setCookieName(name);
        cookie.setUseHttpOnlyCookie(true);
        cookie.setSameSite("Lax");
        return cookie;
    }
}
