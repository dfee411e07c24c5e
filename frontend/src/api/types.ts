// Types of the REST contract (REST-API.md, v1). Shapes only: the server is the referee.

export type Role = 'GM' | 'PLAYER' | 'SPECTATOR';
export const ROLES: readonly Role[] = ['GM', 'PLAYER', 'SPECTATOR'];

/** The signed-in user. */
export interface Me {
  id: string;
  username: string;
  displayName: string;
}

export interface CsrfToken {
  headerName: string;
  parameterName: string;
  token: string;
}

export type FieldType = 'INTEGER' | 'TEXT' | 'LONG_TEXT' | 'BOOLEAN' | 'TEXT_LIST' | 'RECORD_LIST';
export type Visibility = 'PUBLIC' | 'PRIVATE';

/** One field of a ruleset's character sheet, in display order. */
export interface SheetField {
  key: string;
  label: string;
  type: FieldType;
  /** Smallest allowed number (null: unbounded). */
  min: number | null;
  /** Largest allowed number, or longest text (null: unbounded). */
  max: number | null;
  /** Used when the field is left out; null means the field is required. */
  defaultValue: unknown;
  visibility: Visibility;
  /** Computed by the ruleset; never entered. */
  derived: boolean;
  help: string;
}

export interface SheetSchema {
  fields: SheetField[];
}

export interface Ruleset {
  id: string;
  name: string;
  summary: string;
  initiativeModel: string;
  sheetSchema: SheetSchema;
}

export interface Campaign {
  id: string;
  name: string;
  description: string;
  rulesetId: string;
  archived: boolean;
  myRole: Role;
  /** Whether I am the owner. */
  owner: boolean;
  ownerDisplayName: string;
  memberCount: number;
  createdAt: string;
  version: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  totalItems: number;
  totalPages: number;
}

export interface NewCampaign {
  name: string;
  description: string;
  rulesetId: string;
}

export interface CampaignChanges {
  name?: string;
  description?: string;
  archived?: boolean;
}

export interface Member {
  userId: string;
  displayName: string;
  role: Role;
  owner: boolean;
}

export interface Invite {
  code: string;
  role: Role;
  expiresAt: string | null;
  maxUses: number | null;
  uses: number;
  revoked: boolean;
  createdAt: string;
}

export interface NewInvite {
  role: Role;
  expiresAt?: string;
  maxUses?: number;
}

/** What anyone, even signed out, may learn about an invite code. */
export interface InviteInfo {
  campaignName: string;
  rulesetId: string;
  role: Role;
  valid: boolean;
  reason?: 'expired' | 'revoked' | 'used up' | string;
}

export interface AcceptedInvite {
  campaignId: string;
  role: Role;
}

export type Sheet = Record<string, unknown>;

export interface Character {
  id: string;
  campaignId: string;
  name: string;
  ownerUserId: string;
  ownerDisplayName: string;
  npc: boolean;
  sheet: Sheet;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface NewCharacter {
  name: string;
  npc: boolean;
  sheet: Sheet;
}

export interface CharacterChanges {
  name: string;
  sheet: Sheet;
  version: number;
}

/** The document of `GET /api/campaigns/{id}/export`, accepted back by `POST /api/campaigns/import`. */
export interface CampaignExport {
  format: 'astragal-campaign';
  formatVersion: number;
  exportedAt: string;
  campaign: { name: string; description: string; rulesetId: string; archived: boolean };
  members: { displayName: string; role: Role }[];
  characters: { name: string; npc: boolean; ownerDisplayName: string; sheet: Sheet }[];
  events: unknown[];
}
