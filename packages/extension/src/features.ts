import { Feature } from './context';
import { RemoteFeature } from './remoteEditor/feature';
import { pushFeature } from './push/feature';
import { onboardingFeature } from './onboarding/feature';
import { previewFeature } from './preview/feature';
import { promoteFeature } from './promote/feature';

/**
 * Every feature of the extension, made afresh for each activation and activated in this order.
 * Each lives in its own folder; what one shares with another (the connection) belongs to the
 * feature objects of that activation, not to a module.
 */
export function createFeatures(): Feature[] {
  const remote = new RemoteFeature();
  const push = pushFeature(() => remote.connection());
  return [remote, push, promoteFeature(remote, push), onboardingFeature(), previewFeature()];
}
