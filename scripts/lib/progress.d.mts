export interface InstallProgress {
  line(line: string): void;
  done(): void;
}
/** What a long install is doing, from the lines of its log. */
export function installProgress(what: string, write?: (s: string) => void, tty?: boolean): InstallProgress;
/** Numbered steps, each said when it starts and with the time it took when it ends. */
export function numberedSteps(total: number, say: (message: string) => void): <T>(what: string, run: () => T | Promise<T>) => Promise<T>;
