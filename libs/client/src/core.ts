/**
 * The universal entry without games: runs in browsers, React Native, Node
 * and workers (no Node built-ins, no framework). An app that bundles only
 * the games it plays imports this and passes their descriptors in `games`.
 */
export { createScriptbookClient, openSharedCampaign, ScriptbookClient, UnsupportedGameError } from './client';
export type { Connectivity, GameCampaignModel, ScriptbookClientOptions, SharedCampaign, SharedCampaignOptions, SupportedGame } from './client';
export { systemClock } from './clock';
export type { Clock, TimerHandle } from './clock';
export { ActionInputError, NetworkError, NotSignedInError, ScriptbookError } from './errors';
export type { ApiError } from './errors';
export type { JsonObject, JsonPrimitive, JsonValue } from './json';
export type { CreateCampaignInput, LinkEmailInput, LoginInput, RegisterPlayerInput } from './generated/operations';
export { CampaignReplica, MAX_ARGS_BYTES } from './replica/campaign-replica';
export type { CampaignDetails, CampaignSnapshot, LocalCatalogAction, PendingAction, QueuedAction, Rejection, Verdict } from './replica/replica-types';
export type { ActionProblem } from './replica/rebase';
export type { SyncError, SyncStatus } from './replica/sync-status';
export { DEFAULT_BACKOFF, backoffDelay } from './replica/backoff';
export type { BackoffPolicy } from './replica/backoff';
export type { Player, Session, SessionEvent, SignedOutEvent, SignInWithDeviceOptions } from './session/session';
export { defaultKeystore, memoryKeystore, webStorageKeystore } from './session/keystore';
export type { Keystore, KeystoreKey, WebStorageLike } from './session/keystore';
export { defaultLocks, inProcessLocks, webLocks } from './session/locks';
export type { LockAdapter } from './session/locks';
export type { RandomBytes } from './session/device-id';
export type { DurableStore, StoreChange, StoreQuery, StoreSnapshot } from './store/durable-store';
export { indexedDbStore } from './store/indexeddb-store';
export type { IndexedDbStoreOptions } from './store/indexeddb-store';
export { MemoryDisk, memoryStore } from './store/memory-store';
export type { CampaignChange, CampaignCopy, CatalogAction, HistoryPage } from './transport/campaign-api';
export { exportBlob } from './transport/export-download';
export type { CampaignExport } from './transport/export-download';
export type { CampaignAtVersion, CampaignImport, CreatedShareLink, DeletedCampaign, ExportConsent, ImportCampaignOptions, ShareLink } from './transport/lifecycle-api';
export { LIFECYCLE_CHANGES, isLifecycleChange } from './replica/lifecycle';
export type { CampaignSummary, Group, GroupInvitation, Page } from './transport/groups-api';
export type { ZoneSurvivalCampaignResult, ZoneSurvivalCampaignSubmission } from './transport/scoring-api';
export type { FetchInit, FetchLike, FetchResponse } from './transport/http';
