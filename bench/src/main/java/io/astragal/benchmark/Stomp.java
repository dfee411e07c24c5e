package io.astragal.benchmark;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** STOMP 1.2 frames as text, one frame per WebSocket message (as Spring sends them). */
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

    /** True for a heart-beat: a message of nothing but end-of-lines. */
    static boolean isHeartbeat(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\n' && c != '\r') {
                return false;
            }
        }
        return true;
    }

    /** Parses one frame; leading end-of-lines (heart-beats sent before it) are skipped. */
    static Frame parse(String text) {
        int at = 0;
        while (at < text.length() && (text.charAt(at) == '\n' || text.charAt(at) == '\r')) {
            at++;
        }
        int eol = text.indexOf('\n', at);
        if (eol < 0) {
            throw new IllegalArgumentException("not a STOMP frame: " + abbreviate(text));
        }
        String command = text.substring(at, eol).strip();
        Map<String, String> headers = new HashMap<>();
        int line = eol + 1;
        while (true) {
            int end = text.indexOf('\n', line);
            if (end < 0) {
                throw new IllegalArgumentException("STOMP frame without a body separator: " + abbreviate(text));
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
        int nul = text.indexOf('\0', line);
        String body = nul < 0 ? text.substring(line) : text.substring(line, nul);
        return new Frame(command, headers, body);
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
