/** Small campaign documents whose diagnostics the CLI tests know by heart. */

/** Clean: nothing to report. */
export const CLEAN = { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: 'dev@example.com' };
/** One D8 (information): `status` is read-only. */
export const INFO_ONLY =
  '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "created_by": "dev@example.com",\n  "status": "DRAFT"\n}\n';
/** A syntax error on line 4 (1-based): a trailing comma. */
export const SYNTAX = '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "created_by": "dev@example.com",\n}\n';
/** The flag-gated audience limit (L1): an error when the flag is off, information when unknown, nothing when on. */
export const LIMITED = { ...CLEAN, campaign_audience_limit: { is_campaign_audience_limit_enabled: true, limit: 500 } };
/** One D7 (warning) on line 5: a misspelled copy of `channel`. */
export const WARNING_ONLY =
  '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "created_by": "dev@example.com",\n  "chanel": "PUSH"\n}\n';
