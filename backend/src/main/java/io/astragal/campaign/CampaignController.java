package io.astragal.campaign;

import io.astragal.account.CurrentUser;
import io.astragal.rules.Rulesets;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Campaigns, members, export and import, and the list of rulesets to choose from. */
@RestController
@RequestMapping("/api")
class CampaignController {

    private final CampaignService campaigns;
    private final CampaignTransfer transfer;

    CampaignController(CampaignService campaigns, CampaignTransfer transfer) {
        this.campaigns = campaigns;
        this.transfer = transfer;
    }

    @GetMapping("/rulesets")
    List<CampaignApi.RulesetView> rulesets() {
        return Rulesets.all().stream()
                .map(r -> new CampaignApi.RulesetView(r.id(), r.name(), r.summary(), r.initiativeModel(), r.sheetSchema()))
                .toList();
    }

    @GetMapping("/campaigns")
    CampaignApi.PageView<CampaignApi.CampaignView> list(@AuthenticationPrincipal CurrentUser me,
                                                        @RequestParam(defaultValue = "0") @Min(0) @Max(100_000) int page,
                                                        @RequestParam(defaultValue = "20") @Min(1) @Max(100) int size,
                                                        @RequestParam(defaultValue = "false") boolean archived) {
        return campaigns.list(me.id(), page, size, archived);
    }

    @PostMapping("/campaigns")
    @ResponseStatus(HttpStatus.CREATED)
    CampaignApi.CampaignView create(@AuthenticationPrincipal CurrentUser me, @Valid @RequestBody CampaignApi.CreateCampaign body) {
        return campaigns.create(me.id(), body);
    }

    @GetMapping("/campaigns/{id}")
    CampaignApi.CampaignView get(@AuthenticationPrincipal CurrentUser me, @PathVariable UUID id) {
        return campaigns.get(id, me.id());
    }

    @PatchMapping("/campaigns/{id}")
    CampaignApi.CampaignView update(@AuthenticationPrincipal CurrentUser me, @PathVariable UUID id,
                                    @Valid @RequestBody CampaignApi.UpdateCampaign body) {
        return campaigns.update(id, me.id(), body);
    }

    @DeleteMapping("/campaigns/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void delete(@AuthenticationPrincipal CurrentUser me, @PathVariable UUID id) {
        campaigns.delete(id, me.id());
    }

    @GetMapping("/campaigns/{id}/members")
    List<CampaignApi.MemberView> members(@AuthenticationPrincipal CurrentUser me, @PathVariable UUID id) {
        return campaigns.members(id, me.id());
    }

    @PutMapping("/campaigns/{id}/members/{userId}")
    CampaignApi.MemberView changeRole(@AuthenticationPrincipal CurrentUser me, @PathVariable UUID id, @PathVariable UUID userId,
                                      @Valid @RequestBody CampaignApi.ChangeRole body) {
        return campaigns.changeRole(id, me.id(), userId, body.role());
    }

    @DeleteMapping("/campaigns/{id}/members/{userId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void removeMember(@AuthenticationPrincipal CurrentUser me, @PathVariable UUID id, @PathVariable UUID userId) {
        campaigns.removeMember(id, me.id(), userId);
    }

    @GetMapping("/campaigns/{id}/export")
    CampaignApi.CampaignDocument export(@AuthenticationPrincipal CurrentUser me, @PathVariable UUID id) {
        return transfer.export(id, me.id());
    }

    @PostMapping("/campaigns/import")
    @ResponseStatus(HttpStatus.CREATED)
    CampaignApi.CampaignView importDocument(@AuthenticationPrincipal CurrentUser me,
                                            @Valid @RequestBody CampaignApi.CampaignDocument body) {
        return transfer.importDocument(me.id(), body);
    }
}
