import { Feature } from './context';
import { remoteFeature, remoteConnection } from './remoteEditor/feature';
import { pushFeature } from './push/feature';

/** Every feature of the extension, activated in this order. Each lives in its own folder. */
export const FEATURES: Feature[] = [
  remoteFeature,
  pushFeature(remoteConnection),
];
