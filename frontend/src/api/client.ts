// Every REST call of the contract (REST-API.md, v1), typed.
import { ApiError, request } from './http';
import type {
  AcceptedInvite,
  Campaign,
  CampaignChanges,
  CampaignExport,
  Character,
  CharacterChanges,
  CsrfToken,
  Invite,
  InviteInfo,
  Me,
  Member,
  NewCampaign,
  NewCharacter,
  NewInvite,
  Page,
  Role,
  Ruleset,
} from './types';

const seg = encodeURIComponent;

// Auth

export function fetchCsrf(): Promise<CsrfToken> {
  return request('GET', '/api/auth/csrf');
}

/** The signed-in user, or null when signed out (401). */
export async function getMe(): Promise<Me | null> {
  try {
    return await request<Me>('GET', '/api/me');
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

export function signUp(body: { username: string; displayName: string; password: string }): Promise<Me> {
  return request('POST', '/api/auth/signup', { json: body });
}

export function signIn(body: { username: string; password: string }): Promise<Me> {
  return request('POST', '/api/auth/signin', { json: body });
}

export function signOut(): Promise<void> {
  return request('POST', '/api/auth/signout');
}

// Rulesets

export function listRulesets(): Promise<Ruleset[]> {
  return request('GET', '/api/rulesets');
}

// Campaigns

export function listCampaigns(params: { page?: number; size?: number; archived?: boolean } = {}): Promise<Page<Campaign>> {
  return request('GET', '/api/campaigns', {
    query: { page: params.page ?? 0, size: params.size ?? 20, archived: params.archived ?? false },
  });
}

export function createCampaign(body: NewCampaign): Promise<Campaign> {
  return request('POST', '/api/campaigns', { json: body });
}

export function getCampaign(id: string): Promise<Campaign> {
  return request('GET', `/api/campaigns/${seg(id)}`);
}

export function updateCampaign(id: string, changes: CampaignChanges): Promise<Campaign> {
  return request('PATCH', `/api/campaigns/${seg(id)}`, { json: changes });
}

export function deleteCampaign(id: string): Promise<void> {
  return request('DELETE', `/api/campaigns/${seg(id)}`);
}

// Members

export function listMembers(campaignId: string): Promise<Member[]> {
  return request('GET', `/api/campaigns/${seg(campaignId)}/members`);
}

export function setMemberRole(campaignId: string, userId: string, role: Role): Promise<Member> {
  return request('PUT', `/api/campaigns/${seg(campaignId)}/members/${seg(userId)}`, { json: { role } });
}

/** A GM removing someone, or a member removing themself (leaving). */
export function removeMember(campaignId: string, userId: string): Promise<void> {
  return request('DELETE', `/api/campaigns/${seg(campaignId)}/members/${seg(userId)}`);
}

// Invites

export function listInvites(campaignId: string): Promise<Invite[]> {
  return request('GET', `/api/campaigns/${seg(campaignId)}/invites`);
}

export function createInvite(campaignId: string, body: NewInvite): Promise<Invite> {
  return request('POST', `/api/campaigns/${seg(campaignId)}/invites`, { json: body });
}

export function revokeInvite(campaignId: string, code: string): Promise<void> {
  return request('DELETE', `/api/campaigns/${seg(campaignId)}/invites/${seg(code)}`);
}

export function getInvite(code: string): Promise<InviteInfo> {
  return request('GET', `/api/invites/${seg(code)}`);
}

export function acceptInvite(code: string): Promise<AcceptedInvite> {
  return request('POST', `/api/invites/${seg(code)}/accept`);
}

/** The absolute join link for an invite code. */
export function inviteUrl(code: string, origin: string = window.location.origin): string {
  return `${origin}/join/${seg(code)}`;
}

// Characters

export function listCharacters(campaignId: string): Promise<Character[]> {
  return request('GET', `/api/campaigns/${seg(campaignId)}/characters`);
}

export function getCharacter(campaignId: string, characterId: string): Promise<Character> {
  return request('GET', `/api/campaigns/${seg(campaignId)}/characters/${seg(characterId)}`);
}

export function createCharacter(campaignId: string, body: NewCharacter): Promise<Character> {
  return request('POST', `/api/campaigns/${seg(campaignId)}/characters`, { json: body });
}

export function updateCharacter(campaignId: string, characterId: string, body: CharacterChanges): Promise<Character> {
  return request('PUT', `/api/campaigns/${seg(campaignId)}/characters/${seg(characterId)}`, { json: body });
}

export function deleteCharacter(campaignId: string, characterId: string): Promise<void> {
  return request('DELETE', `/api/campaigns/${seg(campaignId)}/characters/${seg(characterId)}`);
}

// Export / import

export function exportCampaign(campaignId: string): Promise<CampaignExport> {
  return request('GET', `/api/campaigns/${seg(campaignId)}/export`);
}

export function importCampaign(document: unknown): Promise<Campaign> {
  return request('POST', '/api/campaigns/import', { json: document });
}
