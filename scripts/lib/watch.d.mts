/** Resolves when `file` holds `text`, checked once its folder is watched and at each change; rejects after `timeoutMs`. */
export function whenFileHolds(file: string, text: string, what: string, timeoutMs?: number): Promise<void>;
