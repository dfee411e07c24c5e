package io.astragal.campaign;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.Role;
import io.astragal.rules.SheetSchema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Request and response bodies of the campaign endpoints (see docs/rest-api.md). */
final class CampaignApi {

    static final String ONE_LINE = "[^\\p{Cntrl}]*";
    static final String ONE_LINE_MESSAGE = "must not contain control characters";
    static final String ANY_TEXT = "[^\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]*";

    private CampaignApi() {
    }

    record CreateCampaign(
            @NotBlank @Size(max = 80) @Pattern(regexp = ONE_LINE, message = ONE_LINE_MESSAGE) String name,
            @Size(max = 2000) @Pattern(regexp = ANY_TEXT, message = ONE_LINE_MESSAGE) String description,
            @NotBlank @Size(max = 32) String rulesetId) {
    }

    record UpdateCampaign(
            @Size(min = 1, max = 80) @Pattern(regexp = "(?s).*\\S.*", message = "must not be blank")
            @Pattern(regexp = ONE_LINE, message = ONE_LINE_MESSAGE) String name,
            @Size(max = 2000) @Pattern(regexp = ANY_TEXT, message = ONE_LINE_MESSAGE) String description,
            Boolean archived) {
    }

    record CampaignView(UUID id, String name, String description, String rulesetId, boolean archived, Role myRole,
                        boolean owner, String ownerDisplayName, long memberCount, Instant createdAt, long version) {
    }

    record PageView<T>(List<T> items, int page, int size, long totalItems, int totalPages) {
    }

    record MemberView(UUID userId, String displayName, Role role, boolean owner) {
    }

    record ChangeRole(@NotNull Role role) {
    }

    record CreateInvite(@NotNull Role role, Instant expiresAt, @Min(1) @Max(10_000) Integer maxUses) {
    }

    record InviteView(String code, Role role, Instant expiresAt, Integer maxUses, int uses, boolean revoked, Instant createdAt) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record InviteLookup(String campaignName, String rulesetId, Role role, boolean valid, String reason) {
    }

    record Joined(UUID campaignId, Role role) {
    }

    record CreateCharacter(
            @NotBlank @Size(max = 64) @Pattern(regexp = ONE_LINE, message = ONE_LINE_MESSAGE) String name,
            @NotNull Boolean npc,
            @NotNull Map<String, Object> sheet) {
    }

    record UpdateCharacter(
            @NotBlank @Size(max = 64) @Pattern(regexp = ONE_LINE, message = ONE_LINE_MESSAGE) String name,
            @NotNull Map<String, Object> sheet,
            @NotNull Long version) {
    }

    record CharacterView(UUID id, UUID campaignId, String name, UUID ownerUserId, String ownerDisplayName, boolean npc,
                         Map<String, Object> sheet, long version, Instant createdAt, Instant updatedAt) {
    }

    record RulesetView(String id, String name, String summary, InitiativeModel initiativeModel, SheetSchema sheetSchema) {
    }

    /** The one-document export of a campaign; the same document imports back as a new campaign. */
    record CampaignDocument(
            @NotNull String format,
            @NotNull Integer formatVersion,
            Instant exportedAt,
            @NotNull @Valid DocumentCampaign campaign,
            @Size(max = 1000) List<@Valid DocumentMember> members,
            @Size(max = 1000) List<@Valid DocumentCharacter> characters,
            List<Map<String, Object>> events) {
    }

    record DocumentCampaign(
            @NotBlank @Size(max = 80) @Pattern(regexp = ONE_LINE, message = ONE_LINE_MESSAGE) String name,
            @Size(max = 2000) @Pattern(regexp = ANY_TEXT, message = ONE_LINE_MESSAGE) String description,
            @NotBlank @Size(max = 32) String rulesetId,
            Boolean archived) {
    }

    record DocumentMember(@Size(max = 64) String displayName, Role role) {
    }

    record DocumentCharacter(
            @NotBlank @Size(max = 64) @Pattern(regexp = ONE_LINE, message = ONE_LINE_MESSAGE) String name,
            @NotNull Boolean npc,
            @Size(max = 64) String ownerDisplayName,
            @NotNull Map<String, Object> sheet) {
    }
}
