package io.astragal.benchmark;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** STOMP 1.2 frames as text: one frame per message sent, one or more per message received. */
final class Stomp {

    /** A received frame: its command, headers and body (without the closing NUL). */
    record Frame(String command, Map<String, String> headers, String body) {

        String header(String name) {
            return headers.get(name);
        }
    }

    private Stomp() {
    }

    static String connect(String host, String csrfToken, long heartbeatMillis) {
        return "CONNECT\naccept-version:1.2\nhost:" + host + "\nheart-beat:" + heartbeatMillis + "," + heartbeatMillis
                + "\nX-XSRF-TOKEN:" + csrfToken + "\n\n\0";
    }

    static String subscribe(String id, String destination) {
        return "SUBSCRIBE\nid:" + id + "\ndestination:" + destination + "\n\n\0";
    }

    static String unsubscribe(String id) {
        return "UNSUBSCRIBE\nid:" + id + "\n\n\0";
    }

    static String send(String destination, String json) {
        return "SEND\ndestination:" + destination + "\ncontent-type:application/json\ncontent-length:"
                + json.getBytes(StandardCharsets.UTF_8).length + "\n\n" + json + "\0";
    }

    static String disconnect() {
        return "DISCONNECT\n\n\0";
    }

    /**
     * The frames of one WebSocket message, in order: a message may carry several (the server joins
     * frames that wait for the same connection), and end-of-lines before or between them are
     * heart-beats, skipped. A message of heart-beats alone has none.
     */
    static List<Frame> parseAll(String text) {
        List<Frame> frames = new ArrayList<>(1);
        int at = 0;
        while (true) {
            while (at < text.length() && (text.charAt(at) == '\n' || text.charAt(at) == '\r')) {
                at++;
            }
            if (at == text.length()) {
                return frames;
            }
            at = parse(text, at, frames);
        }
    }

    /** Parses the frame that starts at {@code at} into {@code frames}; where the next may start. */
    private static int parse(String text, int at, List<Frame> frames) {
        int eol = text.indexOf('\n', at);
        if (eol < 0) {
            throw new IllegalArgumentException("not a STOMP frame: " + abbreviate(text.substring(at)));
        }
        String command = text.substring(at, eol).strip();
        Map<String, String> headers = new HashMap<>();
        int line = eol + 1;
        while (true) {
            int end = text.indexOf('\n', line);
            if (end < 0) {
                throw new IllegalArgumentException("STOMP frame without a body separator: " + abbreviate(text.substring(at)));
            }
            String header = text.substring(line, end);
            if (header.endsWith("\r")) {
                header = header.substring(0, header.length() - 1);
            }
            line = end + 1;
            if (header.isEmpty()) {
                break;
            }
            int colon = header.indexOf(':');
            if (colon > 0) {
                headers.putIfAbsent(unescape(header.substring(0, colon)), unescape(header.substring(colon + 1)));
            }
        }
        // The bodies here are JSON, which holds no NUL: the first one ends the frame.
        int nul = text.indexOf('\0', line);
        int bodyEnd = nul < 0 ? text.length() : nul;
        frames.add(new Frame(command, headers, text.substring(line, bodyEnd)));
        return nul < 0 ? text.length() : nul + 1;
    }

    private static String unescape(String value) {
        if (value.indexOf('\\') < 0) {
            return value;
        }
        return value.replace("\\n", "\n").replace("\\r", "\r").replace("\\c", ":").replace("\\\\", "\\");
    }

    static String abbreviate(String text) {
        String oneLine = text.replace('\n', '|').replace("\0", "^@");
        return oneLine.length() <= 200 ? oneLine : oneLine.substring(0, 200) + "...";
    }
}
