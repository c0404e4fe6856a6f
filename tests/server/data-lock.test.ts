// One server per PGlite data folder: the lock file and its stale-lock takeover.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, isProcessAlive, LOCK_FILE_NAME } from '../../server/data-lock';

describe('data folder lock', () => {
  let dir: string;
  let lockFile: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'yfang-lock-'));
    lockFile = path.join(dir, LOCK_FILE_NAME);
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const writeOwner = (pid: number, host = hostname()) =>
    writeFileSync(lockFile, JSON.stringify({ pid, hostname: host, startedAt: '2026-01-01T00:00:00.000Z' }));

  /** A pid that surely belongs to no running process: one of a child that has exited. */
  const deadPid = (): number => {
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const pid = Number(child.stdout.toString());
    expect(isProcessAlive(pid)).toBe(false);
    return pid;
  };

  it('writes our pid, and release removes the file', () => {
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid, hostname: hostname() });
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    // nothing is left behind besides the (released) lock
    expect(existsSync(path.join(dir, `${LOCK_FILE_NAME}.${process.pid}.tmp`))).toBe(false);
  });

  it('refuses while a live process holds it, naming that pid', () => {
    const parentPid = process.ppid;
    expect(isProcessAlive(parentPid)).toBe(true);
    writeOwner(parentPid);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`already in use by another server process \\(pid ${parentPid}`));
    // the refused attempt left the owner's lock alone
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(parentPid);
  });

  it('takes over a lock whose process is gone', () => {
    writeOwner(deadPid());
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over an unreadable lock file and one naming our own pid (reused pid after a restart)', () => {
    writeFileSync(lockFile, 'garbage');
    acquireDataDirLock(dir).release();
    writeOwner(process.pid);
    const lock = acquireDataDirLock(dir);
    expect(existsSync(lockFile)).toBe(true);
    lock.release();
  });

  it('treats a lock from another host as held (its pid cannot be checked)', () => {
    writeOwner(deadPid(), 'some-other-host');
    expect(() => acquireDataDirLock(dir)).toThrow(/on host some-other-host/);
  });

  it('does not remove a lock that another process took over', () => {
    const lock = acquireDataDirLock(dir);
    writeOwner(process.ppid);
    lock.release();
    expect(existsSync(lockFile)).toBe(true);
  });
});
