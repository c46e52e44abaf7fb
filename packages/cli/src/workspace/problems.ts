/**
 * Inputs that could not be read, said on stderr in one line each as they are met; any of them
 * makes the exit status 2, while everything readable is still checked and reported.
 */
export class Problems {
  private said = 0;

  /** `write` takes each line: lint prints it on stderr; the sync commands gather them. */
  constructor(private readonly write: (line: string) => void) {}

  /** Lines on stderr, each after the program's name. */
  static onStderr(stderr: (s: string) => void, program: string): Problems {
    return new Problems(line => stderr(`${program}: ${line}\n`));
  }

  /** How many problems were said. */
  get count(): number {
    return this.said;
  }

  /** `what` cannot be read: `why`, then what to do. */
  unreadable(what: string, why: string, hint: string): void {
    this.problem(`${what}: cannot read: ${why}. ${hint}`);
  }

  /** An input that cannot be used as given (a directory without campaigns, a glob that matches nothing). */
  problem(line: string): void {
    this.say(line);
    this.said++;
  }

  /** A line on stderr that is not a problem with the inputs. */
  say(line: string): void {
    this.write(line);
  }
}

/** Why a file system call failed, in words. */
export function reason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file (or a broken link)';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a directory';
    case 'ELOOP':
      return 'too many levels of links';
    default:
      return code ?? (e instanceof Error ? e.message : String(e));
  }
}
