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
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Characters of a campaign. */
@RestController
@RequestMapping("/api/campaigns/{id}/characters")
class CharacterController {

    private final CharacterService characters;

    CharacterController(CharacterService characters) {
        this.characters = characters;
    }

    @GetMapping
    List<CampaignApi.CharacterView> list(@AuthenticationPrincipal CurrentUser me, @PathVariable UUID id) {
        return characters.list(id, me.id());
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    CampaignApi.CharacterView create(@AuthenticationPrincipal CurrentUser me, @PathVariable UUID id,
                                     @Valid @RequestBody CampaignApi.CreateCharacter body) {
        return characters.create(id, me.id(), body);
    }

    @GetMapping("/{characterId}")
    CampaignApi.CharacterView get(@AuthenticationPrincipal CurrentUser me, @PathVariable UUID id, @PathVariable UUID characterId) {
        return characters.get(id, me.id(), characterId);
    }

    @PutMapping("/{characterId}")
    CampaignApi.CharacterView update(@AuthenticationPrincipal CurrentUser me, @PathVariable UUID id,
                                     @PathVariable UUID characterId, @Valid @RequestBody CampaignApi.UpdateCharacter body) {
        return characters.update(id, me.id(), characterId, body);
    }

    @DeleteMapping("/{characterId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void delete(@AuthenticationPrincipal CurrentUser me, @PathVariable UUID id, @PathVariable UUID characterId) {
        characters.delete(id, me.id(), characterId);
    }
}
