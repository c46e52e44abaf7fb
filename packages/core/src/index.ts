/*
 * What other packages may use of core, by name: exactly what they import (they import nothing
 * else, lint refuses a path into src/). A name not listed here is core's own.
 */

// The base layer (model/): the vocabulary of findings and documents.
export type { CheckPurpose, DocumentKind, Finding, Fix, RemoteState, RuleCheck, Severity, WorkspaceSettings } from './model/types';
// Plain JSON values, and JSON pointers (RFC 6901).
export { cloneJson, has, isObject, nonEmptyString, own, setMember } from './model/json';
export type { JsonObject } from './model/json';
export { join, parsePointer, toPointer, unescapeSegment } from './model/pointer';
// A value from a file or the service, quoted with its control characters written out.
export { code, visible } from './model/strings';
// This machine's time zone, and a time the service wrote as its reader reads it.
export { localZone, serviceTimeText } from './model/dateTime';
export type { ReaderTime } from './model/dateTime';
export {
  AUTHOR_FIELDS,
  CHANNELS,
  COMPONENTS,
  DELIVERY_TYPES,
  FEATURE_FLAGS,
  IDENTITY_FIELDS,
  isAuthorField,
  isComponent,
  isDeliveryType,
  isKnownNonComponent,
  isReadOnlyField,
  READ_ONLY_FIELDS,
} from './model/vocabulary';
export type { Channel, Component, DeliveryType } from './model/vocabulary';
// What a file is by its name, the settings file's name and the campaign URI scheme.
export {
  CAMPAIGN_FILE_SUFFIX,
  CAMPAIGN_SCHEME,
  fileKind,
  isCampaignFileName,
  isSearchFileName,
  isSettingsFileName,
  SETTINGS_FILE_GLOB,
  SETTINGS_FILE_NAME,
} from './model/fileKinds';
// The scheduling's request and response shapes, one into the other.
export { isResponseScheduling, schedulingToRequest, schedulingToResponse } from './model/schedulingShape';

// What a campaign does in plain terms (summary/): its send timeline, its audience and trigger in words, its facts.
export { sendTimeline, timelineLines } from './summary/timeline';
export type { DstMark, Moment, SendTimeline, ZonedTime } from './summary/timeline';
export { audienceInWords, campaignTriggerInWords, triggerInWords } from './summary/words';
export type { InWords, WordsNode } from './summary/words';
export { campaignFacts } from './summary/facts';
export type { CampaignFacts, Fact } from './summary/facts';

// The rule set (rules/): every rule function, the catalogue and a rule's documentation.
export { RULE_CHECKS } from './rules/index';
export { RULES, ruleHref } from './rules/catalog';
export type { RuleInfo } from './rules/catalog';
export { ruleDoc } from './rules/ruleDoc';

// Parsing, the rule set over a parsed document, and the one pointer→range mapper (language/).
export { parse } from './language/parse';
export type { ParsedDocument } from './language/parse';
export { kindOf, validate } from './language/validate';
export { loadValidators } from './language/schemaErrors';
export { rangeFor, rangesFor } from './language/ranges';
export type { Range } from './language/ranges';
export { limitDiagnostics, SEVERITY_NAME, toDiagnostics } from './language/diagnostics';
export type { CampaignDiagnostic } from './language/diagnostics';
export { utf16OfBytes } from './language/encoding';
export type { Utf16 } from './language/encoding';
export { fileUri, isFileUri, uriToFileName } from './language/uri';
// The language service, and the settings and base snapshots it checks a document with.
export { LanguageService, PARSE_CACHE_BYTES } from './language/languageService';
export type { BaseProblem, BaseSnapshotSource, LanguageServiceOptions, TextDocumentLike } from './language/languageService';
export {
  applyOverrides,
  brokenSettingsFinding,
  documentSettings,
  editorSettingsFrom,
  settingsFromParsed,
  settingsFromText,
  unreadableSettings,
} from './language/settings';
export type { DocumentSettings, EditorSettings, LoadedSettings } from './language/settings';
// Which files of a workspace the server checks unopened.
export { MAX_WORKSPACE_FILE_BYTES, MAX_WORKSPACE_FILES, workspaceValidation } from './language/workspaceFiles';
export type { WorkspaceValidation } from './language/workspaceFiles';
// The editing features, each a pure function of the document.
export { doComplete, PLAIN_CLIENT } from './language/completion';
export type { CompletionClient } from './language/completion';
export { doHover } from './language/hover';
export type { HoverProblem } from './language/hover';
export { applyFix, codeActions, FIX_ALL_KIND, formattingFor, resolveFixAll } from './language/codeActions';
export type { FixAllData } from './language/codeActions';
export { format } from './language/formatting';
export type { Formatting } from './language/formatting';
export { foldingRanges } from './language/folding';
export { componentName, documentSymbols, flattenSymbols } from './language/symbols';
export { scheduleLens } from './language/scheduleLens';
export { commandRuleLink, fileRuleLink, ruleDocActions, webRuleLink } from './language/ruleLinks';
export type { RuleLink } from './language/ruleLinks';
// New Campaign: the channels and delivery types offered, the skeleton and the file name.
export { campaignSkeleton, newCampaignChannels, newCampaignDeliveryTypes, newCampaignFileName } from './language/newCampaign';
export type { NewCampaignChoice } from './language/newCampaign';

// The custom protocol messages between the extension and the server.
export { PreflightRequest, RemoteFindingsNotification, RemoteStateNotification, RuleDocRequest, ServerStatsRequest } from './protocol';
// The translation bundle the processes load.
export { L10N_BUNDLE_VARIABLE, loadL10nBundle } from './l10n';
