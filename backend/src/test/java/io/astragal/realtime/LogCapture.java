package io.astragal.realtime;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.AppenderBase;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.slf4j.LoggerFactory;

/** Everything the server logs while it is open, from every thread, through Logback's root logger. */
final class LogCapture extends AppenderBase<ILoggingEvent> implements AutoCloseable {

    private final List<ILoggingEvent> events = Collections.synchronizedList(new ArrayList<>());

    static LogCapture open() {
        LogCapture capture = new LogCapture();
        capture.setName("test-capture");
        capture.setContext((ch.qos.logback.classic.LoggerContext) LoggerFactory.getILoggerFactory());
        capture.start();
        root().addAppender(capture);
        return capture;
    }

    @Override
    protected void append(ILoggingEvent event) {
        event.prepareForDeferredProcessing();
        events.add(event);
    }

    List<ILoggingEvent> events() {
        synchronized (events) {
            return List.copyOf(events);
        }
    }

    /** Errors, and warnings that carry a stack trace: what an abusive client must never cause. */
    List<String> problems() {
        return events().stream()
                .filter(e -> e.getLevel().isGreaterOrEqual(Level.ERROR)
                        || e.getLevel().isGreaterOrEqual(Level.WARN) && e.getThrowableProxy() != null)
                .map(LogCapture::describe)
                .toList();
    }

    List<String> messagesFrom(Class<?> source) {
        return events().stream().filter(e -> e.getLoggerName().equals(source.getName()))
                .map(ILoggingEvent::getFormattedMessage).toList();
    }

    static String describe(ILoggingEvent event) {
        StringBuilder text = new StringBuilder(event.getLevel() + " " + event.getLoggerName() + " [" + event.getThreadName()
                + "]: " + event.getFormattedMessage());
        for (IThrowableProxy t = event.getThrowableProxy(); t != null; t = t.getCause()) {
            text.append("\n  ").append(t.getClassName()).append(": ").append(t.getMessage());
            var frames = t.getStackTraceElementProxyArray();
            for (int i = 0; i < Math.min(6, frames.length); i++) {
                text.append("\n    ").append(frames[i].getSTEAsString());
            }
        }
        return text.toString();
    }

    @Override
    public void close() {
        root().detachAppender(this);
        stop();
    }

    private static Logger root() {
        return (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    }
}
