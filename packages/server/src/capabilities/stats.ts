import * as v8 from 'v8';
import { ServerStatsRequest } from '@campaign-studio/core';
import { ServerContext } from '../context';

/** Memory and cache figures of the server process, for benchmarks and bug reports. */
export function registerStats(ctx: ServerContext): void {
  ctx.connection.onRequest(ServerStatsRequest.type, () => {
    const m = process.memoryUsage();
    const parses = ctx.registry.parses;
    return {
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      openDocuments: ctx.documents.all().length,
      heapLimit: v8.getHeapStatistics().heap_size_limit,
      parseCacheEntries: parses.entries,
      parseCacheBytes: parses.bytes,
    };
  });
}
