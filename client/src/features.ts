import { Feature } from './context';
import { remoteFeature } from './remoteEditor/feature';

/** Every feature of the extension, activated in this order. Each lives in its own folder. */
export const FEATURES: Feature[] = [
  remoteFeature,
];
