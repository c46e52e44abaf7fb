// Child processes that never outlive us: each server starts as the leader of its own process
// group, and stopping it ends the whole group (code-server's extension host and language server
// otherwise linger for a minute after the browser is gone). Every group still running when this
// process exits, or is interrupted, is killed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';

const groups = new Set();

/** Spawns `cmd` as the leader of a new process group, remembered until it is stopped. */
export function spawnGroup(cmd, args, options = {}) {
  const child = spawn(cmd, args, { ...options, detached: true });
  if (child.pid) {
    groups.add(child.pid);
    child.on('exit', () => {
      if (!groupAlive(child.pid)) groups.delete(child.pid);
    });
  }
  return child;
}

/** Pids of the live (non-zombie) processes in a process group, read from /proc. */
export function groupMembers(pgid) {
  const out = [];
  let entries;
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return out;
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses, so split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z') out.push(Number(e));
  }
  return out;
}

/** Every live process below `pid` (children, their children, …), read from /proc. */
export function descendants(pid) {
  const children = new Map();
  let entries;
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') continue;
    const ppid = Number(fields[1]);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(Number(e));
  }
  const out = [];
  const queue = [pid];
  while (queue.length) {
    for (const c of children.get(queue.shift()) ?? []) {
      out.push(c);
      queue.push(c);
    }
  }
  return out;
}

/** Whether a process is running (a zombie waiting to be reaped does not count). */
export function processAlive(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

export function groupAlive(pgid) {
  if (fs.existsSync('/proc/self/stat')) return groupMembers(pgid).length > 0;
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    /* already gone */
  }
}

/**
 * Ends a process group: SIGTERM, then SIGKILL for whatever is left after `graceMs`.
 * Resolves once no process of the group remains.
 */
export async function killGroup(pgid, { graceMs = 3000 } = {}) {
  if (!pgid) return;
  signalGroup(pgid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < deadline) await new Promise(r => setTimeout(r, 50));
  if (groupAlive(pgid)) {
    signalGroup(pgid, 'SIGKILL');
    const hard = Date.now() + 5000;
    while (groupAlive(pgid) && Date.now() < hard) await new Promise(r => setTimeout(r, 50));
  }
  groups.delete(pgid);
}

/** Kills every group this process started (synchronously: safe inside an 'exit' handler). */
export function killAllGroupsNow() {
  for (const pgid of groups) signalGroup(pgid, 'SIGKILL');
  groups.clear();
}

process.on('exit', killAllGroupsNow);

/**
 * Runs `onSignal` once on the first SIGINT/SIGTERM/SIGHUP (e.g. Ctrl-C), then exits with
 * 130/143/129; a second signal kills every group at once.
 */
export function onInterrupt(onSignal) {
  let stopping = false;
  const codes = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  for (const sig of Object.keys(codes)) {
    process.on(sig, () => {
      if (stopping) {
        killAllGroupsNow();
        process.exit(codes[sig]);
      }
      stopping = true;
      Promise.resolve()
        .then(() => onSignal(sig))
        .catch(e => console.error(e))
        .finally(() => {
          killAllGroupsNow();
          process.exit(codes[sig]);
        });
    });
  }
}

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves when `url` answers 200, rejects after `timeoutMs` or as soon as `child` exits. */
export function waitForHttp(url, { timeoutMs = 60_000, child, what = url } = {}) {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    let done = false;
    const finish = err => {
      if (done) return;
      done = true;
      child?.off('exit', onExit);
      if (err) reject(err);
      else resolve();
    };
    const onExit = (code, signal) => finish(new Error(`${what} exited (${signal ?? code}) before it was ready`));
    child?.on('exit', onExit);
    const attempt = () => {
      if (done) return;
      const req = http.get(url, { timeout: 2000 }, res => {
        res.resume();
        if (res.statusCode === 200) finish();
        else retry();
      });
      req.on('error', retry);
      req.on('timeout', () => req.destroy());
    };
    const retry = () => {
      if (done) return;
      if (Date.now() > deadline) finish(new Error(`${what} did not answer within ${timeoutMs / 1000}s`));
      else setTimeout(attempt, 100);
    };
    attempt();
  });
}

/**
 * Rejects with `message` after `ms`, unless `promise` settles first. A function for `message` is
 * called only then, so the error can say what had happened by that time (a process's output).
 */
export function withTimeout(promise, ms, message) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(typeof message === 'function' ? message() : message)), ms);
    }),
  ]);
}
