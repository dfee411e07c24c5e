package io.astragal.platform;

import java.time.Clock;
import java.time.Duration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Time comes from an injected {@link Clock}, so tests can set it. */
@Configuration(proxyBeanMethods = false)
class TimeConfiguration {

    /**
     * Ticks in microseconds, PostgreSQL's precision: a time handed out before it is stored (an
     * event's {@code at} sent live) then reads back the same from the database (history, after a restart).
     */
    @Bean
    @ConditionalOnMissingBean
    Clock clock() {
        return Clock.tick(Clock.systemUTC(), Duration.ofNanos(1_000));
    }
}
