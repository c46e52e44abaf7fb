import type { Locator, Page } from 'playwright-core';
import type { Workbench } from './workbench';

/**
 * A journey: what a person does in VS Code with the packaged extension, step by step, each step
 * ending in a screenshot. One module per journey under test/ui/journeys/, exporting `journey`.
 * test/ui/run.mjs gives each journey a fresh code-server (the VSIX installed, a fresh copy of
 * examples/, fresh user data) and a fresh browser context.
 */
export interface Journey {
  /** What the person does, in a few words (shown in the run's output). */
  title: string;
  /**
   * `emulator`: start the Campaign service emulator for this journey; `ctx.emulator` says where,
   * and the workspace's `campaignStudio.environments` point at it.
   */
  needs?: Array<'emulator'>;
  /**
   * Where the journey's copy of examples/ lives. By default a folder of its own; `sandbox`: where
   * `npm start` keeps it, `.vscode-test/sandbox/workspace` inside a git repository whose
   * .gitignore ignores `.vscode-test/`, so the whole workspace is git-ignored by the repository
   * around it, as the sandbox's is by this one.
   */
  workspaceIn?: 'sandbox';
  /** User settings on top of the runner's quiet defaults. */
  settings?: Record<string, unknown>;
  /**
   * Longest one wait for a state may take (default 30 s): longer for a journey whose calls may
   * wait their turn for the service's rate limit, which the extension keeps to and says so.
   */
  stepTimeoutMs?: number;
  /** Longest the whole journey may take (default 120 s). */
  timeoutMs?: number;
  run(ctx: JourneyContext): Promise<void>;
}

export interface EmulatorInfo {
  url: string;
  /** What its admin endpoints require in the `X-Emulator-Admin-Token` header (from its ready line). */
  adminToken: string;
  workspaces: Array<{ id: string; apiKey: string; features: Record<string, boolean> }>;
  /** The workspace's environments as pointed at the emulator, each with its API key. */
  environments: Array<{ name: string; workspaceId: string; apiKey: string }>;
}

export interface StepOptions {
  /**
   * Also offer this step's screenshot to the README: `npm run test:ui -- --readme-screenshots`
   * copies it to docs/screenshots/<name>.png.
   */
  readme?: string;
  /**
   * What the README image shows: the smallest rectangle holding these elements (and a small
   * margin) instead of the whole window. Only README images are cropped; the step's own
   * screenshot always shows the whole window.
   */
  crop?: Locator[];
}

export interface JourneyContext {
  page: Page;
  workbench: Workbench;
  /** Absolute path of this journey's copy of examples/. */
  workspace: string;
  /** Present when the journey `needs` the emulator. */
  emulator?: EmulatorInfo;
  /**
   * Runs `action` (which should end by waiting for the state it describes), then takes the
   * step's screenshot, numbered in order: test/ui/screenshots/<journey>/<nn>-<name>.png.
   */
  step(name: string, action: () => Promise<void>, options?: StepOptions): Promise<void>;
  log(message: string): void;
}
