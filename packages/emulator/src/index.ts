/**
 * The emulator's programmatic interface, for tests that start one in-process:
 *
 *   const emu = await startEmulator({ seed: true });
 *   … requests to emu.url with emu.workspaces[0] …
 *   emu.admin.setFaults('write-drop');
 *   await emu.close();
 */
export { startEmulator } from './server';
export { ADMIN_TOKEN_ENV, ADMIN_TOKEN_HEADER } from './access';
export type { EmulatorOptions, EmulatorAdmin, EmulatorWorkspace, RunningEmulator } from './server';
export type { RequestLogEntry } from './requestLog';
export { parseFaultSpec, formatFaultSpec } from './faults';
export type { FaultConfig } from './faults';
export { SPEC_LIMITS } from './rateLimit';
export type { RateLimits } from './rateLimit';
export { WORKSPACES, seedState } from './seed';
export { PAGE_LIMIT } from './query';
