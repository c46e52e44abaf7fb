import { RuleCheck } from '../service/types';
import { finding, isObj } from './util';

/** D8: response-only fields are read-only metadata. */
const READ_ONLY = ['id', 'campaign_id', 'version_number', 'status', 'created_at', 'updated_at', 'sent_time', 'flow_id', 'flow_name', 'parent_id'];

export const documentRules: RuleCheck[] = [
  {
    ids: ['D8'],
    kinds: ['campaign'],
    check({ doc }) {
      if (!isObj(doc)) return [];
      return READ_ONLY.filter(k => k in doc).map(k =>
        finding('D8', 'information', `/${k}`, `\`${k}\` is read-only metadata from the service: it is never sent on push, and editing it has no effect.`, { target: 'key' }));
    },
  },
];
