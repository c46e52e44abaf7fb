// The service client, its route table (which the emulator serves too) and the call log.
export { ServiceClient } from './remote/serviceClient';
export type { ActionScope, CallEvent, CampaignRecord, MetaRecord, SearchQuery, StatusAction, WriteIntent } from './remote/serviceClient';
export { DEFAULT_ROUTES, expandPath, headerNames, matchRoute, routesWith, WRITE_OPERATIONS } from './remote/servicePaths';
export type { HttpMethod, ServiceOperation, ServiceRoute, ServiceRoutes } from './remote/servicePaths';
export { formatCallLog } from './remote/callLog';
export type { CallLogEntry } from './remote/callLog';

// Its rate limiter, waits, deadlines and cancels, and failures as data.
export { RateLimiter, SERVICE_LIMITS } from './remote/rateLimiter';
export { formatDuration, waitText } from './remote/waits';
export type { WaitNotice } from './remote/waits';
export { CancelledError, isCancelled, systemClock } from './remote/clock';
export type { Clock } from './remote/clock';
export { withDelayedProgress } from './remote/progress';
export type { ActionContext, ProgressHandle } from './remote/progress';
export { adviceFor, isServiceError, refusedWith } from './remote/errors';
export type { EnvelopeErrorCode, ErrorAction } from './remote/errors';

// The connection's health.
export { canCall, describeStatus, HealthMonitor } from './remote/health';
export type { ConnectionStatus, StatusWords } from './remote/health';

// Environments.
export { normalizeBaseUrl, parseEnvironments, secretKeyFor } from './remote/environments';
export type { Environment } from './remote/environments';

// Batched reads: many campaigns read 15 to a search call.
export { readCampaigns, SEARCH_PAGES_AHEAD, searchCallsFor } from './remote/batchRead';
export type { CampaignRead } from './remote/batchRead';

// Base snapshots: their format, store and lookup.
export {
  BASE_FOLDER,
  baseIdOf,
  baseOfEnvironment,
  baseSnapshotPath,
  foreignBaseMessage,
  idFromFileName,
  isSafeId,
  remoteStateOf,
  workspaceOfBase,
} from './remote/baseFormat';
export type { BaseSnapshot } from './remote/baseFormat';
export { findBaseSnapshot, makeBaseSnapshot, readBaseSnapshot, writeBaseSnapshot } from './remote/baseSnapshots';
export { BaseSnapshotStore } from './remote/baseLookup';

// Campaign documents: their model, normalization, serialization and JSON.
export { campaignIdOf, canonical, contentOf, list, sameContent, sorted, stampOf } from './push/model';
export type { CampaignDoc } from './push/model';
export type { NormalizedCampaign } from './remote/normalize';
export { serializeCampaign } from './remote/format';
export { isObject } from './remote/json';

// Fetch and pull into the workspace, and how each file stands against the service.
export { campaignAsFetched, campaignIdOfFile, fetchedFileIndex, fetchIntoWorkspace, readRemote } from './remote/fetch';
export type { FetchChoice, FetchPorts, FetchResult } from './remote/fetch';
export { describeFetchMany, doneOfTotal, fetchCampaigns, parseCampaignIds } from './remote/fetchMany';
export type { FetchManyEntry, FetchManyReport } from './remote/fetchMany';
export { pullIntoWorkspace } from './remote/pull';
export type { PullResult } from './remote/pull';
export { checkFiles, describeFileChecks, describeFileState, fileStateName, stateOfFile } from './remote/fileStates';
export type { FileCheck, FileState, FileToCheck } from './remote/fileStates';
export { compareWithBase } from './remote/syncState';
export type { PathChange, SyncState } from './remote/syncState';
export { describeComponentSummary, diffComponents } from './remote/componentDiff';
export type { ComponentSummary } from './remote/componentDiff';

// The Campaigns view's model.
export {
  campaignContextValue,
  campaignDescription,
  campaignFields,
  campaignIcon,
  campaignTooltipLines,
  describeFilter,
  EMPTY_FILTER,
  escapeMarkdown,
  flowMembers,
  groupIcon,
  GroupPager,
  groupCountText,
  groupKey,
  isExpanded,
  sanitizeExpanded,
  withExpansion,
  groupsFor,
  hasChildren,
  humanize,
  idOf,
  isFiltered,
  metaFor,
  nameOf,
  PAGE_SIZE,
  parseList,
  plainText,
  sanitizeFilter,
  STATUSES,
  withCampaignRead,
} from './remote/explorerModel';
export type { ExpandedGroups, ExplorerFilter, Group, GroupBy } from './remote/explorerModel';

// The write flows (push, draft, status actions, validate, test send), their ports and their service adapter.
export { runPush } from './push/pushFlow';
export { resolveFile } from './push/resolveFlow';
export type { ResolveDeps, ResolvePick, ResolveResult, ResolveTarget } from './push/resolveFlow';
export type { ResolvedField } from './push/resolve';
export type { PushResult } from './push/pushFlow';
export { draftRequests, runCreateDraft } from './push/draftFlow';
export type { DraftResult } from './push/draftFlow';
export { EXECUTION_TYPES, executionsMarkdown, loadExecutions, runRemoteValidate, runStatusAction, runTestSend } from './push/actionsFlow';
export type { ActionDeps } from './push/actionsFlow';
export { parseRecipients, rememberRecipients } from './push/testSend';
export type {
  BaseStore,
  ConfirmHow,
  ConflictQuestion,
  LocalFile,
  ProgressStep,
  PushApi,
  PushPreview,
  PushUi,
  RemoteCampaign,
  ReviewChange,
  StatusDeps,
  WriteDeps,
  WriteEnvironment,
} from './push/ports';
export { baseStore, pushApi, remoteOfRead, withReads } from './push/serviceAdapter';

// What the flows check and show: local rules, state rules, the merge, the patch, the service's findings.
export { rulesWithSettings } from './push/preflight';
export type { CheckedFinding, LocalRules } from './push/preflight';
export { publishExplanation, statusActionQuery, statusActionsFor } from './push/stateRules';
export type { Problem } from './push/stateRules';
export { mergeFields } from './push/merge';
export type { ConflictChoice, FieldConflict } from './push/merge';
export { previewText, requestBodyText } from './push/patch';
export { describeFailure, stillCurrent, track } from './push/errorMapping';
export type { RemoteFinding, TrackedFinding } from './push/errorMapping';

// Promotion between environments: its links, its per-environment values, and its flow.
export {
  findLink,
  LINKS_FILE,
  LINKS_FORMAT,
  LINKS_VERSION,
  LinksFileError,
  linksOf,
  NO_LINKS,
  parseLinks,
  serializeLinks,
  withLink,
} from './promote/links';
export type { LinkEnd, LinksFile, PromotionLink } from './promote/links';
export { mapValues, NO_VALUES, parseValues, VALUES_FILE, ValuesFileError } from './promote/values';
export type { EnvironmentValue, Substitution, ValueRefusal, ValuesFile } from './promote/values';
export { preparePromotion, promotedEqual, runPromotion, targetFeatureRefusals } from './promote/promotion';
export { linksOnDisk, readLinksFile, readValuesFile } from './promote/promotionFiles';
export type {
  LinksPort,
  PreparedPromotion,
  PrepareInput,
  PromotionDeps,
  PromotionOutcome,
  PromotionRefusal,
  PromotionResult,
} from './promote/promotion';

// Files on disk: settings, ignores, no write out of the folder, one push of a campaign at a time.
export { findCampaignrc, loadCampaignrc, SettingsStore } from './files/settingsFiles';
export { AncestorIndex } from './files/ancestors';
export { GitIgnores } from './files/gitignore';
export { refuseLinkOut } from './files/insideFolder';
export { holdPushLock } from './files/pushLock';
