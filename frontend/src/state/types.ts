// The messages of the live table, exactly as docs/protocol.md describes them.

export type Role = 'GM' | 'PLAYER' | 'SPECTATOR' | (string & {});
export type RollMode = 'PUBLIC' | 'GM' | 'BLIND' | 'SELF';
export const ROLL_MODES: readonly RollMode[] = ['PUBLIC', 'GM', 'BLIND', 'SELF'];

export type InitiativeModel = 'CARD_DECK' | 'DECLARED_DICE' | 'ORDERED' | 'GROUPED_AP';

/** One die of a roll. */
export interface DieView {
  sides: number;
  face: number;
  kept: boolean;
  exploded: boolean;
  rerolled: boolean;
}

/** One evaluated dice expression. */
export interface RollResult {
  notation: string;
  total: number;
  dice: DieView[];
}

export interface EventLine {
  text: string;
  rolls: RollResult[];
  triggers: string[];
}

export type EventType = 'chat' | 'roll' | 'rules' | 'revert' | (string & {});

/** An event as one member sees it. */
export interface EventView {
  seq: number;
  at: string;
  actorId: string;
  actorName: string;
  type: EventType;
  command: string | null;
  mode: RollMode;
  hidden: boolean;
  lines: EventLine[];
  gameEvents: string[];
  revertedSeq: number | null;
}

export interface MemberView {
  userId: string;
  displayName: string;
  role: Role;
}

export interface TrackView {
  key: string;
  label: string;
  value: number | null;
  max: number | null;
  display: string;
  band: string | null;
}

export interface ConditionView {
  name: string;
  value: number | string | null;
}

export interface CombatantView {
  id: string;
  name: string;
  ownerUserId: string | null;
  npc: boolean;
  mine: boolean;
  tracks: TrackView[];
  conditions: ConditionView[];
  stats: Record<string, unknown>;
}

/** Which control an {@link ActionNeed} takes; see `Need.Kind` in the server. */
export type NeedKind =
  | 'CHARACTER'
  | 'CHARACTERS'
  | 'COMBATANT'
  | 'COMBATANTS'
  | 'NUMBER'
  | 'TEXT'
  | 'NOTATION'
  | 'ATTRIBUTE'
  | 'CHOICE'
  | 'CHOICES'
  | 'FLAG'
  | 'GROUPS';

/** An argument the person picks before the action is sent; it is sent as `args[name]`. */
export interface ActionNeed {
  name: string;
  label: string;
  kind: NeedKind;
  /** The allowed values of CHOICE, CHOICES and GROUPS. */
  options: string[];
}

/** A campaign character this member may put into play (the GM: all; a player: their own). */
export interface RosterEntry {
  id: string;
  name: string;
  npc: boolean;
  ownerName: string;
}

export interface ActionOption {
  command: string;
  label: string;
  args: Record<string, unknown>;
  needs: ActionNeed[] | null;
  cost: number | null;
  enabled: boolean;
  reason: string | null;
  gmOnly: boolean;
}

export interface Card {
  id: string;
  owner: string | null;
  kind: string;
  label: string;
}

export interface HandView {
  count: number;
  cards: Card[] | null;
}

/** CARD_DECK (actlite). */
export interface DeckView {
  round: number;
  deckCount: number;
  lastDealt: Card | null;
  hands: Record<string, HandView>;
  discard: Card[];
  lost: Card[];
  awaiting: string[];
}

export interface DeclarationView {
  combatantId: string;
  declared: boolean;
  action: string | null;
  die: string | number | null;
  roll: number | null;
  done: boolean;
}

/** DECLARED_DICE (vogt). */
export interface DeclaredView {
  round: number;
  phase: 'declaring' | 'acting';
  declarations: DeclarationView[];
  order: string[] | null;
  current: string | null;
}

export interface OrderEntry {
  combatantId: string;
  score: number | null;
  /** What the combatant has used this turn, e.g. ["combat", "movement"] (a boolean from older servers). */
  used: string[] | boolean;
  done: boolean;
}

/** ORDERED (bloodied-d20, symbaroum). */
export interface OrderView {
  round: number;
  order: OrderEntry[];
  current: string | null;
}

export interface GroupMember {
  combatantId: string;
  score: number | null;
  ap: number;
  apMax: number;
  done: boolean;
}

export interface GroupView {
  name: string;
  members: GroupMember[];
}

/** GROUPED_AP (cairn-ap). */
export interface GroupedView {
  round: number;
  groups: GroupView[];
  currentGroup: string | null;
  current: string | null;
}

export type InitiativeView = DeckView | DeclaredView | OrderView | GroupedView;

export interface TableView {
  model: InitiativeModel;
  combatants: CombatantView[];
  initiative: InitiativeView | null;
  actions: ActionOption[];
}

export interface UndoView {
  available: boolean;
  seq: number | null;
  summary: string | null;
}

/** The whole view of one member. */
export interface MemberTableView {
  tableId: string;
  rulesetId: string;
  rulesetName: string;
  me: MemberView;
  members: MemberView[];
  table: TableView;
  roster: RosterEntry[];
  undo: UndoView | null;
}

export type PatchOp =
  | { op: 'add'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'replace'; path: string; value: unknown }
  | { op: 'move'; from: string; path: string }
  | { op: 'copy'; from: string; path: string }
  | { op: 'test'; path: string; value: unknown };

/** An action as the server sends it: its needs are indices into the table's `needs`. */
export interface SentActionOption extends Omit<ActionOption, 'needs'> {
  needs: number[];
}

/** The table as the server sends it: each distinct need once, in `needs`. */
export interface SentTableView extends Omit<TableView, 'actions'> {
  actions: SentActionOption[];
  needs: ActionNeed[];
}

/** A member's view as the server sends and patches it; the store resolves it into a {@link MemberTableView}. */
export interface SentMemberTableView extends Omit<MemberTableView, 'table'> {
  table: SentTableView;
}

export interface SnapshotMessage {
  kind: 'snapshot';
  tableId: string;
  seq: number;
  view: SentMemberTableView;
  recent: EventView[];
}

export interface EventMessage {
  kind: 'event';
  seq: number;
  event: EventView;
  patch: PatchOp[];
}

export type ErrorCode =
  | 'NOT_A_MEMBER'
  | 'NOT_ALLOWED'
  | 'NOT_YOUR_CHARACTER'
  | 'UNKNOWN_CHARACTER'
  | 'OUT_OF_TURN'
  | 'NOT_ENOUGH_AP'
  | 'INVALID_STATE'
  | 'INVALID_COMMAND'
  | 'UNKNOWN_COMMAND'
  | 'INVALID_DICE'
  | 'TRY_AGAIN'
  | 'MALFORMED'
  | 'NO_SUCH_TABLE'
  | (string & {});

export interface ReplyMessage {
  kind: 'reply';
  commandId: string;
  accepted: boolean;
  seq: number | null;
  code: ErrorCode | null;
  message: string | null;
}

export interface HistoryMessage {
  kind: 'history';
  events: EventView[];
  complete: boolean;
}

/** Everything on `/user/queue/tables/{tableId}`. */
export type TableMessage = SnapshotMessage | EventMessage | ReplyMessage | HistoryMessage;

/** A body on `/user/queue/errors`. */
export interface ErrorMessage {
  code: ErrorCode;
  message: string;
}

/** A command frame for `/app/tables/{tableId}/commands`. */
export interface CommandFrame {
  commandId: string;
  type: string;
  args: Record<string, unknown>;
  rollMode?: RollMode;
}
