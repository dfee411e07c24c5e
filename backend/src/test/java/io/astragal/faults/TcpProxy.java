package io.astragal.faults;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A plain TCP relay from a local port to a target, for cutting a real connection in a test: the
 * app's connections to PostgreSQL, or clients' WebSockets to the app. {@link #cut()} closes every
 * relayed connection at once and refuses new ones (they are accepted and closed at once) until
 * {@link #restore()}. One virtual thread per direction.
 */
final class TcpProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final String targetHost;
    private final int targetPort;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean cut;
    private volatile boolean closed;

    TcpProxy(String targetHost, int targetPort) throws IOException {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.listener = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("proxy-accept-" + port()).start(this::acceptLoop);
    }

    int port() {
        return listener.getLocalPort();
    }

    /** Drops every relayed connection now and refuses new ones. */
    void cut() {
        cut = true;
        for (Socket socket : open) {
            closeQuietly(socket);
        }
        open.clear();
    }

    void restore() {
        cut = false;
    }

    /** Connections being relayed now (each counted on both sides). */
    int openSockets() {
        return open.size();
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                return;
            }
            if (cut) {
                closeQuietly(client);
                continue;
            }
            Thread.ofVirtual().start(() -> relay(client));
        }
    }

    private void relay(Socket client) {
        Socket server = new Socket();
        try {
            client.setTcpNoDelay(true);
            server.setTcpNoDelay(true);
            server.connect(new InetSocketAddress(targetHost, targetPort), 5_000);
        } catch (IOException e) {
            closeQuietly(client);
            closeQuietly(server);
            return;
        }
        open.add(client);
        open.add(server);
        if (cut) {
            // Cut while this one was connecting: it must not survive the cut.
            closeQuietly(client);
            closeQuietly(server);
            return;
        }
        Thread.ofVirtual().start(() -> pump(client, server));
        pump(server, client);
    }

    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // one side closed or was cut: close both below
        } finally {
            closeQuietly(from);
            closeQuietly(to);
            open.remove(from);
            open.remove(to);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            // An abortive close (RST), like a dropped network path or a dead peer, not a polite FIN.
            if (!socket.isClosed() && socket.isConnected()) {
                socket.setSoLinger(true, 0);
            }
            socket.close();
        } catch (IOException e) {
            // already gone
        }
    }

    @Override
    public void close() {
        closed = true;
        cut();
        try {
            listener.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
