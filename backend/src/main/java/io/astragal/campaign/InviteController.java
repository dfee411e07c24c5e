package io.astragal.campaign;

import io.astragal.account.CurrentUser;
import jakarta.validation.Valid;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Invite links of a campaign, and following one. */
@RestController
@RequestMapping("/api")
class InviteController {

    private final InviteService invites;

    InviteController(InviteService invites) {
        this.invites = invites;
    }

    @GetMapping("/campaigns/{id}/invites")
    List<CampaignApi.InviteView> list(@AuthenticationPrincipal CurrentUser me, @PathVariable UUID id) {
        return invites.list(id, me.id());
    }

    @PostMapping("/campaigns/{id}/invites")
    @ResponseStatus(HttpStatus.CREATED)
    CampaignApi.InviteView create(@AuthenticationPrincipal CurrentUser me, @PathVariable UUID id,
                                  @Valid @RequestBody CampaignApi.CreateInvite body) {
        return invites.create(id, me.id(), body);
    }

    @DeleteMapping("/campaigns/{id}/invites/{code}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void revoke(@AuthenticationPrincipal CurrentUser me, @PathVariable UUID id, @PathVariable String code) {
        invites.revoke(id, me.id(), code);
    }

    /** Anyone holding the link may see what it is for, signed in or not. */
    @GetMapping("/invites/{code}")
    CampaignApi.InviteLookup lookup(@PathVariable String code) {
        return invites.lookup(code);
    }

    @PostMapping("/invites/{code}/accept")
    CampaignApi.Joined accept(@AuthenticationPrincipal CurrentUser me, @PathVariable String code) {
        return invites.accept(code, me.id());
    }
}
