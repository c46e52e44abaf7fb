/** Rejects with `message` (or what `message()` says then) after `ms`, unless `promise` settles first. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string | (() => string)): Promise<T>;
