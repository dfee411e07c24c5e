package io.astragal.realtime;

import org.apache.coyote.Processor;
import org.apache.coyote.http11.Http11NioProtocol;
import org.apache.coyote.http11.upgrade.UpgradeProcessorBase;

/**
 * Tomcat's NIO HTTP/1.1 protocol, except that Astragal's WebSocket connections are not kept in its set
 * of waiting processors. Tomcat takes an upgraded connection out of that set when a read of it starts
 * and puts it back when the read ends, a new node of a concurrent set each time: at 6,000 connections a
 * node lives from one frame of its connection to the next, so each young collection copied thousands of
 * them and found them through an old table (docs/performance.md, step 109). The set is only there to
 * call each processor's {@code timeoutAsync} once a second and when the connector stops, which for these
 * connections does nothing ({@link UpgradedWebSocket#timeoutAsync}); their own time limits are timed
 * elsewhere. Named by class in {@link WebSocketConfiguration#upgradedNioProtocol}, so Tomcat makes it
 * with its public constructor.
 */
public class UpgradedNioProtocol extends Http11NioProtocol {

    @Override
    public void addWaitingProcessor(Processor processor) {
        if (!ours(processor)) {
            super.addWaitingProcessor(processor);
        }
    }

    private static boolean ours(Processor processor) {
        return processor instanceof UpgradeProcessorBase upgraded
                && upgraded.getUpgradeToken().getHttpUpgradeHandler() instanceof UpgradedWebSocket;
    }
}
