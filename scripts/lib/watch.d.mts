/** Resolves when `file` holds `text`, watching its folder; rejects after `timeoutMs`. */
export function whenFileHolds(file: string, text: string, what: string, timeoutMs?: number): Promise<void>;
