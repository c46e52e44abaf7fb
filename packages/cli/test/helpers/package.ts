import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';

/**
 * The npm package as someone without VS Code gets it: `npm pack` of this repository (its built
 * `dist/`), installed offline into an empty folder outside the repository, so that nothing but the
 * tarball can be found at run time.
 */

export const REPO = path.resolve(__dirname, '../../../..');

export interface InstalledPackage {
  /** The consumer folder: a package.json, node_modules and whatever files the test writes. */
  dir: string;
  /** Its node_modules/.bin, where npm links the package's commands. */
  bin: string;
  /** What `npm pack` put in the tarball, sorted. */
  files: string[];
  /** The package's version, from its package.json. */
  version: string;
  /** Deletes the consumer folder. */
  remove(): void;
}

/** The environment for npm: no audit, funding or update checks, which would reach for the network. */
const NPM_ENV = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

function npm(args: string[], cwd: string): string {
  const r = spawnSync('npm', args, { cwd, encoding: 'utf8', env: NPM_ENV });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${r.status ?? r.signal}): ${r.stderr || r.error?.message}`);
  return r.stdout;
}

export function installPackage(prefix = 'campaign-package-'): InstalledPackage {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  const packed = (
    JSON.parse(npm(['pack', REPO, '--pack-destination', dir, '--json'], dir)) as Array<{ filename: string; files: Array<{ path: string }> }>
  )[0];
  npm(['install', '--offline', '--no-save', path.join(dir, packed.filename)], dir);
  const version = (
    JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', 'campaign-studio', 'package.json'), 'utf8')) as { version: string }
  ).version;
  return {
    dir,
    bin: path.join(dir, 'node_modules', '.bin'),
    files: packed.files.map(f => f.path).sort(),
    version,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
