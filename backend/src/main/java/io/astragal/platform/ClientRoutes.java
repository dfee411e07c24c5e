package io.astragal.platform;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The browser client routes on its own; a reload or a shared link on one of its paths gets the
 * client's page. {@code /api}, {@code /ws} and {@code /actuator} are never answered with it.
 */
@Controller
class ClientRoutes {

    @GetMapping({"/signin", "/signup", "/join/**", "/campaigns/**"})
    String clientPage() {
        return "forward:/index.html";
    }
}
