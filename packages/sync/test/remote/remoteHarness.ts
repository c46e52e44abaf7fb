import { RunningEmulator, startEmulator, EmulatorOptions, seedState } from '@campaign-studio/emulator';
import { ServiceClient, ServiceClientOptions } from '../../src/remote/serviceClient';
import { RateLimiter } from '../../src/remote/rateLimiter';
import { CallLogEntry, formatCallLog } from '../../src/remote/callLog';
import { Environment } from '../../src/remote/environments';
import { VirtualClock } from '../helpers/virtualClock';

/**
 * The remote tests' world: an emulator and service clients reading one virtual clock, so rate
 * limits hold exactly as on the real service while minutes of traffic take milliseconds.
 */
export interface RemoteWorld {
  emu: RunningEmulator;
  clock: VirtualClock;
  logs: CallLogEntry[];
  /** A client for workspace `i` (0: every feature, 1: none); clients of one workspace share a limiter. */
  client(i?: number, extra?: Partial<ServiceClientOptions>): ServiceClient;
  env(i?: number): Environment;
  close(): Promise<void>;
}

/** After every seed timestamp, so edits move `updated_at` forward. */
export const WORLD_START = Date.UTC(2027, 2, 1, 8, 0, 0);

export async function startWorld(opts: EmulatorOptions = {}): Promise<RemoteWorld> {
  const clock = new VirtualClock(WORLD_START);
  const emu = await startEmulator({ now: () => clock.now(), ...opts });
  const logs: CallLogEntry[] = [];
  const limiters = new Map<number, RateLimiter>();
  const env = (i = 0): Environment => ({
    name: `emu${i}`,
    baseUrl: emu.url,
    workspaceId: emu.workspaces[i].id,
    headerPrefix: 'SVC',
    production: false,
    email: 'dev@example.com',
  });
  return {
    emu,
    clock,
    logs,
    env,
    client(i = 0, extra = {}) {
      let limiter = limiters.get(i);
      if (!limiter) {
        limiter = new RateLimiter({ clock });
        limiters.set(i, limiter);
      }
      return new ServiceClient({
        environment: env(i),
        apiKey: emu.workspaces[i].apiKey,
        clock,
        limiter,
        fetch: clock.wrapFetch(),
        log: e => logs.push(e),
        ...extra,
      });
    },
    close: () => emu.close(),
  };
}

/** The seed's campaigns of workspace `i` as search sees them by default (current, not children). */
export function seedDocs(i = 0) {
  const s = seedState();
  const ws = s.workspaces[i];
  return s.campaigns.filter(d => d.workspace === ws.id);
}

export function logText(logs: CallLogEntry[]): string {
  return logs.map(formatCallLog).join('\n');
}
